/// Writes spec text into Swift source so that it stays data: string literals, doc comments, numbers.
enum SwiftLiteral {
    /// A `"…"` literal; quotes, backslashes (so `\(` cannot interpolate), control characters and
    /// invisible format characters are escaped.
    static func string(_ text: String) -> String {
        QuotedText.make(text, isControl: isControl) { $0 == "\0" ? "\\0" : escaped($0) }
    }

    /// Characters that would break, blur or hide part of a one-line literal: control characters, line
    /// separators and invisible format characters (zero-width spaces, bidirectional controls, the
    /// byte-order mark), which could make a literal display differently from what it compiles to.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
            || isFormat(scalar)
    }

    /// Unicode's format characters (category Cf); none is ASCII, so ASCII text skips the lookup.
    private static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xAD && scalar.properties.generalCategory == .format
    }

    /// `\u{202E}`: how an escaped scalar is written, in literals and in doc comments.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// Format characters a doc comment shows escaped: all but the zero-width joiner, which composes
    /// emoji such as 👩‍💻 and cannot reorder or hide text.
    private static func isHiddenInComment(_ scalar: Unicode.Scalar) -> Bool {
        isFormat(scalar) && scalar.value != 0x200D
    }

    /// A raw `#"…"#` literal for one-line text such as JSON, with enough `#` that nothing inside can
    /// end it or interpolate; falls back to ``string(_:)`` for text with line breaks.
    static func raw(_ text: String) -> String {
        guard !text.unicodeScalars.contains(where: isControl) else {
            return string(text)
        }
        var longestRun = 0, run = 0
        for character in text {
            run = character == "#" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let hashes = String(repeating: "#", count: longestRun + 1)
        return hashes + "\"" + text + "\"" + hashes
    }

    /// Doc-comment lines for a description: split at every kind of line break, trailing spaces removed,
    /// leading and trailing empty lines dropped, invisible format characters shown as `\u{…}`. Each line
    /// is written after `/// `, which no text can close.
    static func docLines(_ text: String?) -> [String] {
        guard let text else { return [] }
        // Most descriptions are one line of printable ASCII: only trailing spaces to drop.
        if QuotedText.allUTF8(of: text, satisfy: { $0 >= 0x20 && $0 < 0x7F }) {
            guard text.utf8.last == UInt8(ascii: " ") else { return text.isEmpty ? [] : [text] }
            var line = Substring(text)
            while line.last == " " { line.removeLast() }
            return line.isEmpty ? [] : [String(line)]
        }
        var lines: [String] = [""]
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            let isBreak = scalar == "\n" || scalar == "\r" || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
            if isBreak {
                if !(scalar == "\n" && previousWasCR) { lines.append("") }
            } else if isHiddenInComment(scalar) {
                lines[lines.count - 1] += escaped(scalar)
            } else if scalar.value >= 0x20 || scalar == "\t" {
                lines[lines.count - 1].unicodeScalars.append(scalar == "\t" ? " " : scalar)
            }
            previousWasCR = scalar == "\r"
        }
        lines = lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
        // One blank line keeps a paragraph break; more would only leave gaps in the comment.
        lines = lines.enumerated().filter { index, line in !line.isEmpty || index == 0 || !lines[index - 1].isEmpty }.map(\.element)
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Spec text as one doc-comment line (its lines joined with spaces), for text shown inline such as
    /// a path, a base URL or a file name: made by ``docLines(_:)``, so it cannot end the comment.
    static func docLine(_ text: String) -> String {
        let lines = docLines(text)
        return lines.count == 1 ? lines[0] : lines.joined(separator: " ")
    }

    /// Spec text as a Markdown code span on one doc-comment line: `` `GET /items` ``.
    static func docCode(_ text: String) -> String {
        // Most are one line of printable ASCII without a backtick or a trailing space: quoted as they are.
        if text.utf8.last != UInt8(ascii: " "), QuotedText.allUTF8(of: text, satisfy: { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "`") }) {
            return .concatenating("`", text, "`")
        }
        return .concatenating("`", docLine(withoutBackticks(text)), "`")
    }

    /// `text` with each backtick made an apostrophe, so that it cannot end a code span.
    static func withoutBackticks(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "`")) else { return text }
        return String(text.map { $0 == "`" ? "'" : $0 })
    }

    /// The first line of a description, for `- Parameters:` entries.
    static func summary(_ text: String?) -> String? {
        docLines(text).first
    }

    /// A number the way a person writes it: `10`, `0.5`.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// A `Duration` expression for seconds: `.seconds(10)` or `.milliseconds(500)`.
    static func duration(seconds: Double) -> String {
        if seconds.rounded() == seconds, seconds < 1e12 { return ".seconds(\(Int64(seconds)))" }
        let milliseconds = seconds * 1000
        if milliseconds.rounded() == milliseconds, milliseconds < 1e15 { return ".milliseconds(\(Int64(milliseconds)))" }
        return ".seconds(\(number(seconds)))"
    }

    /// An array literal of strings.
    static func stringArray(_ values: [String]) -> String {
        "[" + values.map(string).joined(separator: ", ") + "]"
    }
}
