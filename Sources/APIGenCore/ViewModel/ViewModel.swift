/// One file to render: which template, with what, to which path under the output folder.
struct RenderJob {
    var template: String
    var path: String
    var context: ViewModel
}

/// Layout helpers shared by the view model builders.
enum Layout {
    /// `(a: Int, b: String? = nil)`, or one parameter a line when long.
    static func parameterList(_ parameters: [String], indent: String) -> String {
        let single = "(" + parameters.joined(separator: ", ") + ")"
        if parameters.count <= 3, single.count <= 80 { return single }
        let inner = indent + "    "
        return "(\n" + parameters.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + ")"
    }

    /// `name: Type` or `name: Type? = nil` for an init parameter.
    static func initParameter(name: String, type: String, isOptional: Bool, defaultLiteral: String? = nil) -> String {
        if let defaultLiteral { return "\(name): \(type) = \(defaultLiteral)" }
        return isOptional ? "\(name): \(type) = nil" : "\(name): \(type)"
    }

    /// The generated-file header text for a spec path (line breaks removed so it stays a comment).
    static func source(_ path: String) -> String {
        SwiftLiteral.docLine(path)
    }

    /// Argument lines with commas after all but the last.
    static func arguments(_ lines: [String]) -> [ViewModel] {
        lines.enumerated().map { ["text": .text($0.element), "comma": $0.offset < lines.count - 1 ? "," : ""] }
    }
}
