import Foundation

/// What is wrong with text that is not JSON, and where, for a one-line error.
enum JSONSyntax {
    /// What is wrong (`not well-formed JSON: Number with leading zero`) and where, from the error
    /// `JSONSerialization` gave, whose description counts bytes from the start.
    static func problem(in data: Data, error: any Error) -> (message: String, line: Int?, column: Int?) {
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        let trimmed = detail.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        // `… around line 3, column 12.`, `… around character 35.`, `… starting from character 35.`
        if let range = trimmed.range(of: #" (around|starting from) (line \d+, column \d+|character \d+)$"#, options: .regularExpression) {
            let what = String(trimmed[..<range.lowerBound])
            let numbers = trimmed[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if numbers.count == 2 { return (description(of: what), numbers[0], numbers[1]) }
            if let offset = numbers.first {
                let (line, column) = position(ofByte: offset, in: data)
                return (description(of: what), line, column)
            }
        }
        return (trimmed.isEmpty ? "not well-formed JSON" : description(of: trimmed), nil, nil)
    }

    /// What `JSONSerialization`'s complaint says of the text: not well-formed, or well-formed but
    /// nested deeper than it reads (`Too many nested arrays or dictionaries`).
    private static func description(of complaint: String) -> String {
        if complaint.hasPrefix("Too many nested") { return "JSON nested too deeply to be read (\(complaint))" }
        return "not well-formed JSON: \(complaint)"
    }

    /// `DOC:3:12` when the place is known, else `DOC`: the start of an error line.
    static func place(_ document: String, line: Int?, column: Int?) -> String {
        guard let line else { return document }
        return "\(document):\(line):\(column ?? 1)"
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func position(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let bytes = data.prefix(max(0, offset))
        let lineStart = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
        let line = bytes.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: bytes[lineStart...], as: UTF8.self).count + 1
        return (line, column)
    }
}
