/// Removes the whitespace litter templates leave: trailing spaces, runs of blank lines, blank lines
/// just inside braces, and blank lines at the start and end of the file.
enum SourceTidier {
    static func tidy(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var lines: [Range<Int>] = []  // ranges of kept lines in `output`, without their newline
        var line: [UInt8] = []
        func flush() {
            while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") {
                line.removeLast()
            }
            let previous = lines.last.map { output[$0] }
            if line.isEmpty {
                // Keep one blank line, never first, never after an opening brace or parenthesis.
                guard let previous, let last = previous.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "(") else { return }
            } else if let first = line.first(where: { $0 != UInt8(ascii: " ") }), first == UInt8(ascii: "}") || first == UInt8(ascii: ")"),
                      let previous, previous.isEmpty, let blank = lines.popLast() {
                output.removeSubrange(blank.lowerBound...)  // drop the blank line (and its newline) before a closing brace
            }
            let start = output.count
            output.append(contentsOf: line)
            lines.append(start..<output.count)
            output.append(UInt8(ascii: "\n"))
            line.removeAll(keepingCapacity: true)
        }
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\n") { flush() } else { line.append(byte) }
        }
        flush()
        while let last = lines.last, last.isEmpty {
            lines.removeLast()
            output.removeSubrange(last.lowerBound...)
        }
        return String(decoding: output, as: UTF8.self)
    }
}
