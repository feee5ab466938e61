public import Foundation

/// The pipeline on spec texts held in memory, and the all-or-nothing writer for any kind of output:
/// what `apigen import` uses to check the specs it makes and to write them.
extension Generator {
    /// A spec file's text and the path it is named by in diagnostics.
    public struct SpecText: Sendable, Hashable {
        /// The path diagnostics name, e.g. `Imported/pets.yaml`.
        public var path: String
        /// The YAML text.
        public var text: String

        /// Creates a spec text.
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// Checks spec texts as `validate` checks files; writes nothing.
    public static func validate(texts: [SpecText]) -> Outcome {
        var diagnostics = Diagnostics()
        _ = resolve(sources: sources(texts), diagnostics: &diagnostics)
        return Outcome(diagnostics: diagnostics.sorted, files: [])
    }

    /// Checks and renders spec texts with the built-in templates, as `render(specs:)` does files.
    public static func render(texts: [SpecText]) -> Outcome {
        var diagnostics = Diagnostics()
        let services = resolve(sources: sources(texts), diagnostics: &diagnostics)
        guard !diagnostics.hasErrors, let templateSet = TemplateSet.load(overrides: nil, diagnostics: &diagnostics) else {
            return Outcome(diagnostics: diagnostics.sorted, files: [])
        }
        let files = Renderer(templates: templateSet).render(services, diagnostics: &diagnostics)
        return Outcome(diagnostics: diagnostics.sorted, files: diagnostics.hasErrors ? [] : files)
    }

    /// Brings `output` up to date with `files` as `generate` does: writes new and changed files,
    /// deletes stale files of the same `kind` that apigen wrote, never touches other files, and
    /// writes nothing at all when a path is in the way or a write fails part-way.
    public static func write(_ files: [GeneratedFile], kind: OutputKind, to output: URL) -> Outcome {
        var diagnostics = Diagnostics()
        let plan = OutputWriter.plan(files, in: output, kind: kind, diagnostics: &diagnostics)
        var outcome = Outcome(diagnostics: diagnostics.sorted, files: files, plan: plan)
        guard !outcome.hasErrors else { return outcome }
        do {
            try OutputWriter.apply(plan, files: files, in: output)
        } catch {
            outcome.diagnostics.append(Diagnostic(.error, "cannot write output: \(error.description)", at: SourceLocation(file: output.relativePath, line: 1, column: 1)))
        }
        return outcome
    }

    private static func sources(_ texts: [SpecText]) -> [SpecSource] {
        texts.map { SpecSource(relativePath: $0.path, displayPath: $0.path, text: $0.text) }
    }
}

extension GeneratedFile {
    /// A file to write: its path relative to the output folder and its text.
    public static func file(path: String, contents: String) -> GeneratedFile {
        GeneratedFile(path: path, contents: contents)
    }
}

/// The generator's naming rules, for tools that make specs: what a spec name becomes in Swift,
/// and which type names are taken.
public enum SpecNaming {
    /// The Swift type name a model or API name becomes (`user id` → `UserId`); `nil` when none.
    public static func typeName(_ name: String) -> String? { Naming.typeName(name) }

    /// The Swift member name a field or param name becomes (`nick_name` → `nickName`), without
    /// backticks; `nil` when none.
    public static func memberName(_ name: String) -> String? { Naming.propertyName(name).map(Naming.bare) }

    /// Whether a spec type name is a builtin (`String`, `UUID`, `File`…), which no model can be.
    public static func isBuiltinType(_ name: String) -> Bool { BuiltinType.isBuiltin(name) }

    /// Whether a model or API may not take this type name (runtime, template and standard names).
    public static func isReservedTypeName(_ name: String) -> Bool { Naming.reservedTypeNames.contains(name) }

    /// The placeholders the generator finds in an API's `path`: `{id}`, and NEI's `:id` segments
    /// as the parser rewrites them (`:id.json` is `{id}.json`); the query part (`?flag`) has none.
    public static func placeholders(ofPath path: String) -> Set<String> {
        Set(placeholderList(ofPath: path))
    }

    /// ``placeholders(ofPath:)`` in the path's order, as often as the path names each.
    public static func placeholderList(ofPath path: String) -> [String] {
        let route = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? path
        var names: [String] = []
        var rest = Substring(ApiParser.placeholders(in: route))
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
