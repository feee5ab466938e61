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

extension ApiParser {
    /// `response: { stream: sse, type: Event, idleTimeout: 30 }`.
    mutating func streamResponse(_ node: YAMLNode, present: Set<String>, of what: String) -> ResponseDecl {
        guard let streamNode = node["stream"] else {
            reader.diagnostics.error("idleTimeout of the response of \(what) needs stream: sse, jsonLines or bytes", at: node.location)
            return .none
        }
        for other in ["fields", "format"] where present.contains(other) {
            reader.diagnostics.error("response of \(what) has 'stream' and '\(other)'; a stream's events are given by 'type'", at: node.location)
            return .none
        }
        guard let text = reader.string(streamNode, "response stream of \(what)") else { return .none }
        guard let format = StreamDecl.Format(rawValue: text) else {
            let names = StreamDecl.Format.allCases.map(\.rawValue)
            reader.diagnostics.error("invalid response stream '\(text)' in \(what); expected sse, jsonLines or bytes\(Suggestion.hint(for: text, in: names))", at: streamNode.location)
            return .none
        }
        var stream = StreamDecl(format: format, typeLocation: node.location, location: node.location)
        if let typeNode = node["type"] {
            stream.type = reader.type(typeNode, "event type of \(what)")
            stream.typeLocation = typeNode.location
        }
        if let idle = node["idleTimeout"] {
            stream.idleTimeout = reader.positiveNumber(idle, "idleTimeout of \(what)", atMost: 86_400)
        }
        switch (format, stream.type) {
        case (.bytes, .some):
            reader.diagnostics.error("a bytes stream of \(what) yields Data chunks; remove its type", at: stream.typeLocation)
        case (.sse, nil), (.jsonLines, nil):
            reader.diagnostics.error("the \(format.rawValue) stream of \(what) needs the type of its events", at: streamNode.location)
        default:
            break
        }
        return .stream(stream)
    }
}
