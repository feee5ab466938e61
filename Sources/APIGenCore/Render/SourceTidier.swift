/// Removes the whitespace litter templates leave: trailing spaces, runs of blank lines, blank lines
/// just inside braces, and blank lines at the start and end of the file.
enum SourceTidier {
    static func tidy(_ text: String) -> String {
        var lines: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line = line.dropLast() }
            if line.isEmpty {
                guard let previous = lines.last, !previous.isEmpty, !previous.hasSuffix("{"), !previous.hasSuffix("(") else { continue }
            } else if line.drop(while: { $0 == " " }).first.map({ $0 == "}" || $0 == ")" }) == true, lines.last?.isEmpty == true {
                lines.removeLast()
            }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
