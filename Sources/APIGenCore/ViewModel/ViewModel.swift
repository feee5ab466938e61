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
        if parameters.count <= 3 {
            let single = "(" + parameters.joined(separator: ", ") + ")"
            // Counting characters walks the text; fewer than 81 bytes are fewer than 81 characters.
            if single.utf8.count <= 80 || single.count <= 80 { return single }
        }
        let lineIndent = indent + "    "
        var pieces = ["(\n"]
        pieces.reserveCapacity(4 * parameters.count + 3)
        for (index, parameter) in parameters.enumerated() {
            pieces.append(lineIndent)
            pieces.append(parameter)
            pieces.append(index < parameters.count - 1 ? ",\n" : "\n")
        }
        pieces.append(indent)
        pieces.append(")")
        return .concatenating(pieces)
    }

    /// `name: Type` or `name: Type? = nil` for an init parameter.
    static func initParameter(name: String, type: String, isOptional: Bool, defaultLiteral: String? = nil) -> String {
        if let defaultLiteral { return .concatenating(name, ": ", type, " = ", defaultLiteral) }
        return isOptional ? .concatenating(name, ": ", type, " = nil") : .concatenating(name, ": ", type)
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
