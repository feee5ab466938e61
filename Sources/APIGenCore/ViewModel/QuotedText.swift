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

    /// A JSON string literal: `"`, `\\`, `\n`, `\r`, `\t` escaped, other control characters as
    /// `\u00XX`; a text that needs no escape (most) is copied whole.
    public static func json(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        return make(text, isControl: { $0.value < 0x20 }, escape: { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        })
    }
}
