import Foundation
import APIGenCore

/// Small pieces the pages are built of.
enum Fragments {
    /// A table with a header row; `nil` when there are no rows.
    static func table(_ label: String, headers: [String], rows: [[HTML]]) -> HTML {
        let head = headers.map { header -> HTML in "<th scope=\"col\">\(header)</th>" }
        let body = rows.map { cells -> HTML in
            let first: HTML = cells.first.map { "<th scope=\"row\">\($0)</th>" } ?? ""
            let rest = cells.dropFirst().map { cell -> HTML in "<td>\(cell)</td>" }
            return "<tr>\(first)\(rest)</tr>\n"
        }
        return """
            <div class="table"><table>
            <caption>\(label)</caption>
            <thead><tr>\(head)</tr></thead>
            <tbody>
            \(body)</tbody>
            </table></div>

            """
    }

    /// A spec description as paragraphs, one per blank-line-separated block; empty when none.
    static func paragraphs(_ text: String?) -> HTML {
        guard let text, !text.isEmpty else { return "" }
        let blocks = text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return HTML.join(blocks.map { "<p>\(prose($0))</p>\n" })
    }

    /// A description in a table cell: its text, with line breaks kept as spaces.
    static func inline(_ text: String?) -> HTML {
        guard let text, !text.isEmpty else { return "" }
        return prose(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Text with its `code` spans (between backticks, as in Markdown) set as code; all of it escaped.
    static func prose(_ text: String) -> HTML {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count % 2 == 1 else { return "\(text)" }
        return HTML.join(parts.enumerated().map { index, part -> HTML in
            index % 2 == 1 && !part.isEmpty ? "<code>\(String(part))</code>" : "\(String(part))"
        })
    }

    /// The first sentence or line of a description, for lists.
    static func summary(_ text: String?) -> String {
        guard let text else { return "" }
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// `deprecated` as a badge, with its message as the title.
    static func deprecatedBadge(_ message: String?) -> HTML {
        guard let message else { return "" }
        return message.isEmpty ? "<span class=\"badge deprecated\">deprecated</span>" : "<span class=\"badge deprecated\" title=\"\(message)\">deprecated</span>"
    }

    /// A notice that the API or model is deprecated, with the spec's message.
    static func deprecatedNotice(_ message: String?) -> HTML {
        guard let message else { return "" }
        return message.isEmpty ? "<p class=\"notice\"><strong>Deprecated.</strong></p>\n" : "<p class=\"notice\"><strong>Deprecated:</strong> \(message)</p>\n"
    }

    /// A type expression in code, each model it names linked to its page.
    static func type(_ expression: String, service: Int, on page: String, site: SiteMap) -> HTML {
        var pieces: [HTML] = []
        var name = ""
        func flush() {
            guard !name.isEmpty else { return }
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            if let target = site.model(named: trimmed, in: service), let range = name.range(of: trimmed) {
                pieces.append("\(String(name[..<range.lowerBound]))<a href=\"\(SiteMap.link(from: page, to: target))\">\(trimmed)</a>\(String(name[range.upperBound...]))")
            } else {
                pieces.append("\(name)")
            }
            name = ""
        }
        for character in expression {
            if "[]?:".contains(character) {
                flush()
                pieces.append("\(String(character))")
            } else {
                name.append(character)
            }
        }
        flush()
        return "<code>\(pieces)</code>"
    }

    /// A default value as JSON-like text.
    static func value(_ value: SpecValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let text), .number(let text): text
        case .string(let text): QuotedText.json(text)
        case .array(let items): "[" + items.map(Self.value).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.sorted { $0.key < $1.key }.map { QuotedText.json($0.key) + ": " + Self.value($0.value) }.joined(separator: ", ") + "}"
        }
    }
}
