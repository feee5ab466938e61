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

    /// One pass over the bytes, line by line, remembering only the last kept line. The kept lines
    /// are copied straight into the new string's storage, which is never longer than the input and
    /// one line break.
    private static func tidy(bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count + 1) { output in
            tidy(bytes, into: output)
        }
    }

    /// Writes the tidied lines into `output` (room for the input and a line break); returns their length.
    private static func tidy(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), carriageReturn = UInt8(ascii: "\r")
        var count = 0
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
                    lastLine = (count, nil)
                    output[count] = newline
                    count += 1
                }
            } else {
                var first = lineStart
                while bytes[first] == space { first += 1 }
                if bytes[first] == UInt8(ascii: "}") || bytes[first] == UInt8(ascii: ")"), let blank = lastLine, blank.lastByte == nil {
                    count = blank.start  // the blank line before a closing brace
                }
                lastLine = (count, bytes[contentEnd - 1])
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd])
                count = UnsafeMutableBufferPointer(rebasing: output[count...]).initialize(fromContentsOf: line) + count
                output[count] = newline
                count += 1
            }
            lineStart = lineEnd + 1
        }
        // No blank line at the end; at most one can be there.
        if let last = lastLine, last.lastByte == nil { count = last.start }
        return count
    }

    /// The index of the first `\n` at or after `start`, or the end: `memchr`, which reads many bytes
    /// at a time (looking byte by byte was a third of the tidying).
    private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress else { return bytes.count }
        guard let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
