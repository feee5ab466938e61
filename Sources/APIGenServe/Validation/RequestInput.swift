/// What a request carries, read once: path values, query items, headers and the body as its
/// encoding says.
struct RequestInput: Sendable {
    enum Body: Sendable {
        case none
        case json(JSONValue)
        /// A body that should be JSON and is not: why.
        case invalidJSON(String)
        case form([(String, String)])
        case multipart([MultipartPart])
        case raw
    }

    var pathValues: [String: String]
    var query: [(String, String)]
    /// Header values by lowercased name.
    var headers: [String: [String]]
    var body: Body

    /// Every value of the query item `key`.
    func queryValues(_ key: String) -> [String] {
        query.filter { $0.0 == key }.map(\.1)
    }
}

/// One part of a `multipart/form-data` body.
struct MultipartPart: Sendable {
    var name: String
    var filename: String?
    var body: [UInt8]
}

/// Reads `multipart/form-data` bodies (RFC 7578): parts between `--boundary` lines.
enum MultipartReader {
    /// The parts of `body`; `nil` when the content type has no boundary.
    static func parts(of body: [UInt8], contentType: String) -> [MultipartPart]? {
        guard let boundary = parameter("boundary", in: contentType) else { return nil }
        let delimiter = Array("--\(boundary)".utf8)
        var parts: [MultipartPart] = []
        var starts = ranges(of: delimiter, in: body)
        guard starts.count >= 2 else { return [] }
        starts.append(body.count)
        for (start, next) in zip(starts, starts.dropFirst()) {
            var section = Array(body[(start + delimiter.count)..<min(next, body.count)])
            if section.starts(with: Array("--".utf8)) { break }  // the closing delimiter
            if section.starts(with: [13, 10]) { section.removeFirst(2) }
            if section.suffix(2) == [13, 10] { section.removeLast(2) }
            guard let split = ranges(of: [13, 10, 13, 10], in: section).first else { continue }
            let head = String(decoding: section[..<split], as: UTF8.self)
            let content = Array(section[(split + 4)...])
            let disposition = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-disposition:") }.map(String.init) ?? ""
            guard let name = parameter("name", in: disposition) else { continue }
            parts.append(MultipartPart(name: name, filename: parameter("filename", in: disposition), body: content))
        }
        return parts
    }

    /// `boundary=abc` or `name="x"` in a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.trimmingSpacesAndTabs
            guard let equals = pair.firstIndex(of: "="), pair[..<equals].lowercased() == key else { continue }
            var value = pair[pair.index(after: equals)...]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }

    private static func ranges(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<index + needle.count].elementsEqual(needle) {
                found.append(index)
                index += needle.count
            } else {
                index += 1
            }
        }
        return found
    }
}

extension Substring {
    var trimmingSpacesAndTabs: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
