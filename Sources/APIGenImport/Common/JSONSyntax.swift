import Foundation

/// What is wrong with text that is not JSON, and where, for a one-line error.
enum JSONSyntax {
    /// `not well-formed JSON: Number with leading zero (line 3, column 12)`, from the error
    /// `JSONSerialization` gave, whose description counts bytes from the start.
    static func problem(in data: Data, error: any Error) -> String {
        let detail = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        guard let around = detail.range(of: #" around (line \d+, column \d+|character \d+)\.?$"#, options: .regularExpression) else {
            return "not well-formed JSON" + (detail.isEmpty ? "" : ": " + detail)
        }
        let what = String(detail[..<around.lowerBound])
        let place = String(detail[around]).trimmingCharacters(in: CharacterSet(charactersIn: " ."))
        guard place.hasPrefix("around character "), let offset = Int(place.dropFirst("around character ".count)) else {
            return "not well-formed JSON: \(what) (\(place.dropFirst("around ".count)))"
        }
        let (line, column) = position(ofByte: offset, in: data)
        return "not well-formed JSON: \(what) (line \(line), column \(column))"
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
