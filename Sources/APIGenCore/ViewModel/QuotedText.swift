/// Quotes text, escaping quotes, backslashes and the usual whitespace escapes; other characters
/// that `isControl` picks are written by `escape`. Shared by JSON and Swift literals, and by the
/// importer's YAML text.
public enum QuotedText {
    /// `text` between double quotes, with `\"`, `\\`, `\n`, `\r`, `\t` and `escape` for what `isControl` picks.
    public static func make(_ text: String, isControl: (Unicode.Scalar) -> Bool, escape: (Unicode.Scalar) -> String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where isControl(scalar): result += escape(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
