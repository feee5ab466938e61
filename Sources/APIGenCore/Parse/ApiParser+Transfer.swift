/// Reads the keys of files and streams: a raw request body.
extension ApiParser {
    static let rawBodyKeys = ["format", "contentType"]

    /// `body: { format: text | binary, contentType: image/png }`.
    mutating func rawBody(_ node: YAMLNode, of what: String) -> BodyDecl {
        guard let pairs = reader.mapping(node, "body of \(what)", allowed: Self.rawBodyKeys, required: ["format"]) else { return .json }
        var raw = RawBodyDecl(format: .binary, location: node.location)
        for pair in pairs {
            switch pair.name {
            case "format":
                guard let text = reader.string(pair.value, "body format of \(what)") else { return .json }
                guard let format = RawBodyDecl.Format(rawValue: text) else {
                    let names = RawBodyDecl.Format.allCases.map(\.rawValue)
                    reader.diagnostics.error("invalid body format '\(text)' in \(what); expected text or binary\(Suggestion.hint(for: text, in: names))", at: pair.value.location)
                    return .json
                }
                raw.format = format
            case "contentType":
                guard let text = reader.nonEmptyString(pair.value, "body contentType of \(what)") else { continue }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    reader.diagnostics.error("body contentType of \(what) must not contain line breaks or other control characters", at: pair.value.location)
                } else {
                    raw.contentType = text
                }
            default: break
            }
        }
        return .raw(raw)
    }
}
