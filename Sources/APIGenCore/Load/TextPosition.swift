/// Lines and columns in a file's text, counted as LibYAML counts them for its marks: a line ends at
/// LF, CR, CR LF (one break), NEL, LS or PS, and a column is one Unicode scalar, however many
/// bytes it takes.
enum TextPosition {
    /// The 1-based line and column of the character that starts at a UTF-8 byte offset.
    static func of(byteOffset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, bytes = 0
        var afterCR = false
        for scalar in text.unicodeScalars {
            if bytes >= byteOffset { break }
            bytes += UTF8.width(scalar)
            switch scalar {
            case "\n" where afterCR:
                break  // the second half of CR LF
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            case "\u{FEFF}" where bytes == UTF8.width(scalar):
                break  // a byte order mark takes no column
            default:
                column += 1
            }
            afterCR = scalar == "\r"
        }
        return (line, column)
    }

    /// A line and column no further than the end of the text: LibYAML reports an unfinished
    /// collection at the start of the line after the last one, which does not exist when the file
    /// has no final line break.
    static func clamped(line: Int, column: Int, in text: String) -> (line: Int, column: Int) {
        let end = of(byteOffset: text.utf8.count, in: text)
        if line > end.line || (line == end.line && column > end.column) { return end }
        return (line, column)
    }
}
