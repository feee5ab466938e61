/// The style sheet every page carries inline: readable type, light and dark schemes, tables that
/// scroll on narrow screens rather than overflow.
enum ReferenceStyle {
    static let css: HTML = """
        :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #ffffff; --muted: #5f6368; --line: #d9dce1; --code: #f3f4f6; --accent: #0b57d0; --warn: #a5281b; --ok: #146c2e; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e8eaed; --bg: #17181a; --muted: #a0a4aa; --line: #3a3d42; --code: #24262a; --accent: #8ab4f8; --warn: #f28b82; --ok: #81c995; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--fg); background: var(--bg); }
        main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.5rem 4rem; }
        nav { border-bottom: 1px solid var(--line); padding: 0.6rem 1.5rem; font-size: 0.9rem; }
        .trail { list-style: none; margin: 0 auto; padding: 0; max-width: 72rem; display: flex; flex-wrap: wrap; gap: 0.4rem; }
        .trail li + li::before { content: "›"; margin-right: 0.4rem; color: var(--muted); }
        a { color: var(--accent); text-decoration: none; }
        a:hover, a:focus { text-decoration: underline; }
        h1 { font-size: 1.9rem; margin: 1.2rem 0 0.4rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.35rem; margin: 2rem 0 0.6rem; padding-bottom: 0.2rem; border-bottom: 1px solid var(--line); }
        h3 { font-size: 1.1rem; margin: 1.4rem 0 0.5rem; }
        p, ul, dl { margin: 0.5rem 0; }
        code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
        code { background: var(--code); padding: 0.05rem 0.3rem; border-radius: 4px; overflow-wrap: anywhere; }
        pre { background: var(--code); padding: 0.8rem 1rem; border-radius: 6px; overflow-x: auto; }
        pre code { background: none; padding: 0; }
        .table { overflow-x: auto; }
        table { border-collapse: collapse; width: 100%; margin: 0.5rem 0; font-size: 0.95rem; }
        th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid var(--line); }
        th { font-weight: 600; background: var(--code); }
        caption { text-align: left; color: var(--muted); padding: 0.2rem 0; }
        .method { display: inline-block; min-width: 4.2rem; font-weight: 700; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85rem; }
        .endpoint { font-size: 1.1rem; }
        .badge { display: inline-block; font-size: 0.75rem; font-weight: 600; padding: 0 0.45rem; border-radius: 999px; border: 1px solid currentColor; margin-left: 0.3rem; vertical-align: middle; }
        .deprecated { color: var(--warn); }
        .required { color: var(--ok); }
        .muted { color: var(--muted); }
        .notice { border-left: 4px solid var(--warn); padding: 0.4rem 0.8rem; background: var(--code); }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
        dl.facts dt { font-weight: 600; }
        dl.facts dd { margin: 0; }

        """
}
