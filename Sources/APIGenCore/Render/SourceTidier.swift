import Foundation

/// Removes the whitespace litter templates leave: trailing spaces, runs of blank lines, blank lines
/// just inside braces, and blank lines at the start and end of the file.
enum SourceTidier {
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8(tidy(bytes:))
    }

    /// ``tidy(_:)`` of UTF-8 bytes, as rendering makes them.
    static func tidy(utf8: [UInt8]) -> String {
        utf8.withUnsafeBufferPointer(tidy(bytes:))
    }

    /// One pass over the bytes, line by line, remembering only the last kept line.
    private static func tidy(bytes: UnsafeBufferPointer<UInt8>) -> String {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), carriageReturn = UInt8(ascii: "\r")
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 1)
        /// Where the last kept line starts in `output`, and its last byte (`nil`: it is blank).
        var lastLine: (start: Int, lastByte: UInt8?)?
        var lineStart = 0
        while lineStart <= bytes.count {
            let lineEnd = endOfLine(in: bytes, from: lineStart)
            var contentEnd = lineEnd
            while contentEnd > lineStart, bytes[contentEnd - 1] == space || bytes[contentEnd - 1] == tab || bytes[contentEnd - 1] == carriageReturn {
                contentEnd -= 1
            }
            if contentEnd == lineStart {
                // Keep one blank line, never first, never after an opening brace or parenthesis.
                if let lastByte = lastLine?.lastByte, lastByte != UInt8(ascii: "{"), lastByte != UInt8(ascii: "(") {
                    lastLine = (output.count, nil)
                    output.append(newline)
                }
            } else {
                var first = lineStart
                while bytes[first] == space { first += 1 }
                if bytes[first] == UInt8(ascii: "}") || bytes[first] == UInt8(ascii: ")"), let blank = lastLine, blank.lastByte == nil {
                    output.removeSubrange(blank.start...)  // the blank line before a closing brace
                }
                lastLine = (output.count, bytes[contentEnd - 1])
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd]))
                output.append(newline)
            }
            lineStart = lineEnd + 1
        }
        // No blank line at the end; at most one can be there.
        if let last = lastLine, last.lastByte == nil { output.removeSubrange(last.start...) }
        return String(decoding: output, as: UTF8.self)
    }

    /// The index of the first `\n` at or after `start`, or the end: `memchr`, which reads many bytes
    /// at a time (looking byte by byte was a third of the tidying).
    private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
