import APIGenCore
import Foundation

/// A response the server sends: status, content type, headers and body bytes.
struct MockAnswer: Sendable {
    var status: Int
    var contentType: String?
    var headers: [(String, String)]
    var body: [UInt8]

    /// The API's success answer: its `mock`, or values made for its response type, wrapped in its
    /// envelope with the first success code, with a value for every declared response header.
    /// It is a 200, or, for an API whose `responses` declare its 2xx answers (`201: Pet`,
    /// `204: empty`) instead of `response`, the first of those with its body.
    static func success(for api: SpecDescription.Api, service: SpecDescription.Service, models: ModelLookup, seed: UInt64) -> MockAnswer {
        var generator = MockValueGenerator(service: service, models: models, seed: seed, label: api.name)
        guard !api.answersEvery2xx, let answer = api.responses.first(where: { $0.success && Int($0.status).map((200...299).contains) == true }),
              let status = Int(answer.status) else {
            return success(for: api, status: 200, body: api.response, generator: &generator)
        }
        return success(for: api, status: status, body: answer.body, generator: &generator)
    }

    /// The answer of `status` with `body`: the API's `mock` (or values made for the body's type), in
    /// its envelope, with its response headers.
    static func success(for api: SpecDescription.Api, status: Int, body: SpecDescription.Body, generator: inout MockValueGenerator) -> MockAnswer {
        let headers = api.responseHeaders.map { field in
            (field.key, headerText(generator.value(of: field.type, format: field.format, hint: field.name)))
        }
        if status == 204 { return MockAnswer(status: 204, contentType: nil, headers: headers, body: []) }
        if let stream = api.stream, stream.format != "bytes" {
            return streamAnswer(api, format: stream.format, type: stream.type ?? "JSON", generator: &generator)
        }
        switch api.stream == nil ? body : .binary {
        case .text:
            let text = api.mockJSON.flatMap { try? JSONValue(parsing: $0) }.flatMap(\.stringValue) ?? "\(api.name) mock text"
            return MockAnswer(status: status, contentType: "text/plain; charset=utf-8", headers: headers, body: Array(text.utf8))
        case .binary:
            // Base64 text; a byte stream's mock is a list of such chunks, sent one after another.
            let chunks: [String]? = switch api.mockJSON.flatMap({ try? JSONValue(parsing: $0) }) {
            case .string(let text)?: [text]
            case .array(let items)?: items.map { $0.stringValue ?? "" }
            default: nil
            }
            let mocked: [UInt8]? = chunks.flatMap { chunks in
                var all: [UInt8] = []
                for chunk in chunks {
                    guard let data = Data(base64Encoded: chunk) else { return nil }
                    all += data
                }
                return all
            }
            let bytes = mocked ?? Array("\(api.name) mock bytes".utf8)
            return MockAnswer(status: status, contentType: "application/octet-stream", headers: headers, body: bytes)
        case .none, .type, .fields:
            let result: String?
            if let mock = api.mockJSON {
                result = mock
            } else {
                switch body {
                case .type(let type): result = generator.value(of: type).text
                case .fields(let fields): result = generator.object(fields).text
                default: result = nil
                }
            }
            if let envelope = api.envelope {
                return json(status: status, EnvelopeText.success(envelope, result: result ?? "null"), headers: headers)
            }
            guard let result else { return MockAnswer(status: status, contentType: nil, headers: headers, body: []) }
            return json(status: status, result, headers: headers)
        }
    }

    /// A stream's events: the `mock` list, or three values made for the event type; server-sent
    /// events (`data:` lines, the text itself for `String` events) or JSON Lines.
    private static func streamAnswer(_ api: SpecDescription.Api, format: String, type: String, generator: inout MockValueGenerator) -> MockAnswer {
        let events: [JSONValue]
        switch api.mockJSON.flatMap({ try? JSONValue(parsing: $0) }) {
        case .array(let listed)?: events = listed
        case let single?: events = [single]
        case nil: events = (1...3).map { generator.value(of: type, hint: "event\($0)") }
        }
        guard format == "sse" else {
            return MockAnswer(status: 200, contentType: "application/jsonl", headers: [], body: Array(events.map { $0.text + "\n" }.joined().utf8))
        }
        let text = events.map { event in
            let data = type == "String" ? event.stringValue ?? event.text : event.text
            return data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
        }.joined()
        return MockAnswer(status: 200, contentType: "text/event-stream", headers: [("Cache-Control", "no-cache")], body: Array(text.utf8))
    }

    /// The server's own error shape, `{"error": status, "message": …}`, where no envelope applies.
    static func plainError(status: Int, message: String) -> MockAnswer {
        json(status: status, "{\"error\":\(status),\"message\":\(JSONValue.string(message).text)}")
    }

    static func json(status: Int, _ text: String, headers: [(String, String)] = []) -> MockAnswer {
        MockAnswer(status: status, contentType: "application/json; charset=utf-8", headers: headers, body: Array(text.utf8))
    }

    /// A header's text for a generated value.
    static func headerText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: ""
        case .array(let elements): elements.map(headerText).joined(separator: ",")
        case .object: value.text
        }
    }
}

extension JSONValue {
    /// The text of a string value.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// Envelope bodies as the service declares them (`{code, message, result}`).
enum EnvelopeText {
    /// `{"code":100,"message":"ok","result":…}` with the first success code.
    static func success(_ envelope: SpecDescription.Envelope, result: String) -> String {
        body(envelope, code: envelope.success.first ?? "0", message: "ok", result: result)
    }

    /// A failure: `code`, a message, and a `null` result. An envelope without a message key still
    /// gets the message as `message` (which param was wrong, what the scenario said): a client
    /// reading the envelope skips a key it does not know.
    static func failure(_ envelope: SpecDescription.Envelope, code: String, message: String) -> String {
        body(envelope, code: code, message: message, result: "null", messageKey: envelope.message ?? ([envelope.code, envelope.result].contains("message") ? nil : "message"))
    }

    private static func body(_ envelope: SpecDescription.Envelope, code: String, message: String, result: String, messageKey: String? = nil) -> String {
        var members = [codeMember(envelope.code, code)]
        if let key = messageKey ?? envelope.message { members.append(literal(key) + ":" + JSONValue.string(message).text) }
        members.append(literal(envelope.result) + ":" + result)
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A code is written as a number when it is one (`100`), as text otherwise (`"OK"`).
    private static func codeMember(_ key: String, _ code: String) -> String {
        let isNumber = (try? JSONValue(parsing: code)).map { if case .number = $0 { true } else { false } } ?? false
        return literal(key) + ":" + (isNumber ? code : JSONValue.string(code).text)
    }

    private static func literal(_ text: String) -> String { JSONValue.string(text).text }
}
