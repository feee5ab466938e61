/// Quotes text, escaping quotes, backslashes and the usual whitespace escapes; other characters
/// that `isControl` picks are written by `escape`. Shared by JSON and Swift literals, and by the
/// importer's YAML text.
public enum QuotedText {
    /// `text` between double quotes, with `\"`, `\\`, `\n`, `\r`, `\t` and `escape` for what `isControl` picks.
    /// `isControl` is asked only about characters outside printable ASCII: a text of printable ASCII
    /// without `"` or `\` (most keys, paths and values) is copied whole.
    public static func make(_ text: String, isControl: (Unicode.Scalar) -> Bool, escape: (Unicode.Scalar) -> String) -> String {
        if allUTF8(of: text, satisfy: { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return .concatenating("\"", text, "\"")
        }
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
        if allUTF8(of: text, satisfy: { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        return make(text, isControl: { $0.value < 0x20 }, escape: { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        })
    }

    /// Whether every UTF-8 byte of `text` passes `test`: over the contiguous bytes when the string has
    /// them (almost always), which costs a fraction of walking `utf8` through its iterator.
    static func allUTF8(of text: String, satisfy test: (UInt8) -> Bool) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? text.utf8.allSatisfy(test)
    }
}
