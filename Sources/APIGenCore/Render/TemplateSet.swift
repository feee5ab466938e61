import Foundation
import Mustache

/// The Mustache templates output is rendered with: the embedded defaults, each one optionally
/// replaced by a file of the same name from a user's folder (`--templates DIR`).
struct TemplateSet: Sendable {
    /// The names every template set must provide.
    static let requiredNames = ["api", "model", "enum", "openEnum", "oneOf", "service", "struct", "header", "headers-response", "status-enum"]

    /// swift-mustache's parse of the templates, for what the fast renderer does not render.
    var library: MustacheLibrary { fallback.library }
    private let fallback: MustacheFallback
    /// The same templates for the fast renderer, when every one of them stays within its subset.
    let subset: SubsetRenderer?

    /// The `*.mustache` files of a user's templates folder, as read.
    struct Overrides: Sendable {
        /// One template file: its name without `.mustache`, its path as diagnostics show it, its text.
        struct File: Sendable {
            var name: String
            var path: String
            var text: String
        }

        /// The folder; `nil` when there is none (the embedded defaults alone).
        var folder: URL?
        /// Its templates, sorted by name.
        var files: [File] = []
    }

    /// The defaults, overridden by the `*.mustache` files in `directory`.
    static func load(overrides directory: URL?, diagnostics: inout Diagnostics) -> TemplateSet? {
        readOverrides(directory, diagnostics: &diagnostics).flatMap { load(overrides: $0, diagnostics: &diagnostics) }
    }

    /// Reads the `*.mustache` files in `directory`, reporting (and leaving out) any that cannot be
    /// read; `nil` after reporting a folder that cannot be read or holds no template.
    static func readOverrides(_ directory: URL?, diagnostics: inout Diagnostics) -> Overrides? {
        guard let directory else { return Overrides() }
        // Diagnostics name the folder as the user gave it (`relativePath`), like spec files.
        let shown = directory.relativePath
        let location = SourceLocation(file: shown, line: 1, column: 1)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            diagnostics.error("cannot read the templates folder", at: location)
            return nil
        }
        let templates = names.filter { $0.hasSuffix(".mustache") }.sorted()
        if templates.isEmpty {
            diagnostics.error("templates folder has no *.mustache files", at: location)
            return nil
        }
        var overrides = Overrides(folder: directory)
        for name in templates {
            let path = shown.hasSuffix("/") ? shown + name : shown + "/" + name
            guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path), let text = String(data: data, encoding: .utf8) else {
                diagnostics.error("cannot read template", at: SourceLocation(file: path, line: 1, column: 1))
                continue
            }
            overrides.files.append(Overrides.File(name: String(name.dropLast(".mustache".count)), path: path, text: text))
        }
        return overrides
    }

    /// The defaults, each replaced by the override of the same name.
    static func load(overrides: Overrides, diagnostics: inout Diagnostics) -> TemplateSet? {
        var sources = EmbeddedTemplates.all.mapValues { ($0, "") }
        for file in overrides.files { sources[file.name] = (file.text, file.path) }
        return make(sources: sources.map { ($0.key, $0.value.0, $0.value.1.isEmpty ? "Templates/\($0.key).mustache" : $0.value.1) }, diagnostics: &diagnostics)
    }

    /// The transforms swift-mustache knows; any other renders as nothing, so it is an error here.
    static let knownTransforms: Set<String> = [
        "capitalized", "count", "empty", "enumerated", "equalzero", "even", "first", "last", "lowercased",
        "minusone", "odd", "plusone", "reversed", "sorted", "uppercased",
    ]

    /// The pragma that turns Mustache's HTML escaping off; generated code is never HTML.
    static let textPragma = "{{%CONTENT_TYPE:TEXT}}"

    private static func make(sources: [(name: String, text: String, path: String)], diagnostics: inout Diagnostics) -> TemplateSet? {
        var subsetTemplates: [String: SubsetTemplate]? = [:]
        var texts: [(name: String, text: String)] = []
        // The embedded defaults are known to parse (TemplateTests checks them the way a user's
        // copies are checked here); swift-mustache parses them only if a job needs it.
        let onlyDefaults = sources.allSatisfy { EmbeddedTemplates.all[$0.name] == $0.text }
        var library = onlyDefaults ? nil : MustacheLibrary()
        let before = diagnostics.all.count
        for source in sources.sorted(by: { $0.name < $1.name }) {
            // Every template, partials included, renders as text: a user's copy that forgets the pragma
            // must not turn `"` into `&quot;` in Swift source.
            let text = source.text.hasPrefix(textPragma) ? source.text : textPragma + "\n" + source.text
            texts.append((source.name, text))
            if let parsed = SubsetTemplate(text) {
                subsetTemplates?[source.name] = parsed
            } else {
                subsetTemplates = nil
            }
            guard library != nil else { continue }
            checkTransforms(in: source.text, path: source.path, diagnostics: &diagnostics)
            do {
                library?.register(try MustacheTemplate(string: text), named: source.name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error("template error: \(error.error)", at: SourceLocation(file: source.path, line: error.context.lineNumber, column: error.context.columnNumber))
            } catch {
                diagnostics.error("template error: \(error)", at: SourceLocation(file: source.path, line: 1, column: 1))
            }
        }
        checkPartialCycles(sources, diagnostics: &diagnostics)
        guard diagnostics.all.count == before else { return nil }
        return TemplateSet(fallback: MustacheFallback(texts: texts, parsed: library), subset: subsetTemplates.map(SubsetRenderer.init(templates:)))
    }

    /// Reports templates that include themselves through `{{> partial}}` tags: rendering them would
    /// never end (and overflow the stack).
    private static func checkPartialCycles(_ sources: [(name: String, text: String, path: String)], diagnostics: inout Diagnostics) {
        var includes: [String: [String]] = [:]
        for source in sources { includes[source.name] = partialNames(in: source.text) }
        let order = sources.map(\.name).sorted()
        let cyclic = StronglyConnected.cyclicNodes(order, edges: includes)
        for source in sources.sorted(by: { $0.name < $1.name }) where cyclic.contains(source.name) {
            diagnostics.error("template '\(source.name)' includes itself through its partials; rendering it would never end", at: SourceLocation(file: source.path, line: 1, column: 1))
        }
    }

    /// The names of the static partials a template includes (`{{> name}}`).
    private static func partialNames(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{>") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { break }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.hasPrefix("*") { names.append(name) }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// Reports `{{name(variable)}}` tags whose transform swift-mustache does not know.
    private static func checkTransforms(in text: String, path: String, diagnostics: inout Diagnostics) {
        var line = 1, column = 1
        var index = text.startIndex
        while index < text.endIndex {
            if text[index...].hasPrefix("{{"), let close = text[index...].range(of: "}}") {
                let tag = text[text.index(index, offsetBy: 2)..<close.lowerBound]
                let body = tag.drop(while: { "#^/&{ ".contains($0) })
                let isComment = tag.first.map { "!>%=<$".contains($0) } ?? true
                if !isComment, let open = body.firstIndex(of: "("), body.contains(")") {
                    let name = String(body[..<open]).trimmingCharacters(in: .whitespaces)
                    if Naming.isIdentifierLike(name), !knownTransforms.contains(name) {
                        diagnostics.error("unknown transform '\(name)' renders as nothing\(Suggestion.hint(for: name, in: knownTransforms.sorted()))", at: SourceLocation(file: path, line: line, column: column))
                    }
                }
            }
            // `isNewline`, not `== "\n"`: a CRLF file's "\r\n" is one Character that equals neither.
            if text[index].isNewline { line += 1; column = 1 } else { column += 1 }
            index = text.index(after: index)
        }
    }

    /// Renders one job; `nil` when the template does not exist.
    ///
    /// The fast renderer renders it when the templates and the view model allow; swift-mustache
    /// otherwise, with the same result.
    func render(_ job: RenderJob) -> String? {
        renderUTF8(job).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:)`` as UTF-8 bytes.
    func renderUTF8(_ job: RenderJob) -> [UInt8]? {
        if let subset {
            do throws(SubsetRenderer.Unsupported) {
                if let bytes = try subset.renderUTF8(job.context, template: job.template) { return bytes }
            } catch {
                // Rendered by swift-mustache below.
            }
        }
        return library.render(job.context.mustacheValue, withTemplate: job.template).map { Array($0.utf8) }
    }
}
