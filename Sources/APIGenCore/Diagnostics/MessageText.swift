/// Makes text safe to show as part of one diagnostic line.
///
/// Messages quote spec text (keys, names, values) that may hold line breaks or terminal control
/// sequences; printed raw, a line break splits one diagnostic over two lines (editors then read
/// the second half as a diagnostic of its own) and ESC or BEL act on the user's terminal. Every
/// ``Diagnostic`` passes its message and path through here, so no message can forget it.
package enum MessageText {
    /// `text` with control characters, line separators and bidirectional overrides written as
    /// escapes: `\n`, `\r`, `\t`, otherwise `\u{1B}` and the like.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let escape: String? = switch scalar {
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where needsEscape(scalar): "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: nil
            }
            if let escape { result.append(contentsOf: escape.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true                           // C0 controls, DEL, C1 controls
        case 0x2028, 0x2029: true                                     // line and paragraph separators
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true   // bidirectional marks and overrides
        default: false
        }
    }
}
