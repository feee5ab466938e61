import Foundation

/// Writes a `multipart/form-data` body (RFC 7578) from body parameters, as segments: the part
/// headers and in-memory values as data, each file given by URL as a file segment that is read only
/// when sent.
///
/// - ``UploadFile`` (and arrays of them): a file part with `filename` and `Content-Type`.
/// - Strings, numbers, booleans, dates: a text field; arrays repeat the field.
/// - Models and maps: a part holding their JSON, `Content-Type: application/json`.
struct MultipartWriter {
    /// The boundary between parts; random, so no value can contain it by accident.
    let boundary: String
    private(set) var segments: [BodySource] = []
    private var pending = Data()

    init(boundary: String = "interactive-" + UUID().uuidString) {
        self.boundary = boundary
    }

    /// The `Content-Type` header of the body.
    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Appends one parameter as one or more parts; `nil` optionals are left out.
    mutating func append(_ value: any Encodable & Sendable, as name: String) throws(InteractiveError) {
        if OptionalCheck.isNil(value) { return }
        if let file = value as? UploadFile { return appendFile(file, as: name) }
        if let files = value as? [UploadFile] { return files.forEach { appendFile($0, as: name) } }
        switch try ParameterValue.make(value) {
        case .null:
            return
        case .scalar(let text), .literal(let text):
            appendText(text, as: name)
        case .array(let elements):
            for element in elements {
                switch element {
                case .scalar(let text), .literal(let text): appendText(text, as: name)
                case .null: continue
                case .array, .object: appendPart(name: name, fileName: nil, contentType: "application/json", body: Data(element.jsonText.utf8))
                }
            }
        case .object:
            appendPart(name: name, fileName: nil, contentType: "application/json", body: try BodyEncoder.json(value))
        }
    }

    /// The finished body: the closing boundary added, adjacent data joined.
    mutating func finish() -> [BodySource] {
        pending.append(Data("--\(boundary)--\r\n".utf8))
        flush()
        return segments
    }

    private mutating func appendText(_ text: String, as name: String) {
        appendPart(name: name, fileName: nil, contentType: nil, body: Data(text.utf8))
    }

    private mutating func appendFile(_ file: UploadFile, as name: String) {
        switch file.source {
        case .data(let data):
            appendPart(name: name, fileName: file.fileName, contentType: file.contentType, body: data)
        case .file(let url):
            appendHeaders(name: name, fileName: file.fileName, contentType: file.contentType)
            flush()
            segments.append(.file(url))
            pending.append(Data("\r\n".utf8))
        }
    }

    private mutating func appendPart(name: String, fileName: String?, contentType: String?, body: Data) {
        appendHeaders(name: name, fileName: fileName, contentType: contentType)
        pending.append(body)
        pending.append(Data("\r\n".utf8))
    }

    private mutating func appendHeaders(name: String, fileName: String?, contentType: String?) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(Self.quoted(name))\""
        if let fileName { head += "; filename=\"\(Self.quoted(fileName))\"" }
        head += "\r\n"
        if let contentType { head += "Content-Type: \(Self.headerSafe(contentType))\r\n" }
        head += "\r\n"
        pending.append(Data(head.utf8))
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        segments.append(.data(pending))
        pending = Data()
    }

    /// A name or file name inside quotes, escaped as browsers do (WHATWG): `"` as `%22`, CR as
    /// `%0D`, LF as `%0A`, so a file name cannot end its header or start another.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A header value without line breaks.
    static func headerSafe(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\r" && $0 != "\n" && $0 != "\0" }.map(Character.init))
    }
}
