public import Foundation

/// Turns an HTTP response into an API's business object.
///
/// Generated `<Name>Parser` types conform by delegating to one of the standard parsers
/// (``JSONParser``, ``EmptyParser``, ``TextParser``, ``BinaryParser``); write your own for other formats.
public protocol ResponseParser: Sendable {
    /// The business object.
    associatedtype Output: Sendable

    /// Parses a response, or fails with an ``InteractiveError``.
    func parse(_ response: HTTPResponse) throws(InteractiveError) -> Output

    /// The media types this parser accepts, as an `Accept` header value (e.g. `application/json`).
    /// The ``Executor`` sends it unless the request sets `Accept` itself (a header parameter, or a
    /// service's common header).
    var acceptedMediaTypes: String { get }
}

extension ResponseParser {
    /// `application/json`: most parsers decode JSON.
    public var acceptedMediaTypes: String { "application/json" }
}

/// A parser whose body can be read whatever the status: the standard parsers, which a generated
/// parser uses for each status the spec declares (`responses:`), where a 304 or a 404 may carry a
/// body of its own.
///
/// Conforming types implement ``parseBody(_:)``; ``ResponseParser/parse(_:)`` then checks the status
/// is 2xx first.
public protocol BodyParser: ResponseParser {
    /// Reads the body (unwrapping the envelope, if the parser has one) without looking at the status.
    func parseBody(_ response: HTTPResponse) throws(InteractiveError) -> Output
}

extension BodyParser {
    /// Checks the status is 2xx, then reads the body.
    public func parse(_ response: HTTPResponse) throws(InteractiveError) -> Output {
        try ResponseCheck.requireSuccess(response)
        return try parseBody(response)
    }
}

/// Checks shared by the standard parsers.
enum ResponseCheck {
    /// Fails unless the status is 2xx.
    static func requireSuccess(_ response: HTTPResponse) throws(InteractiveError) {
        guard response.isSuccess else {
            throw .unacceptable(response)
        }
    }
}

/// Decodes a JSON body, unwrapping the service's envelope when there is one.
public struct JSONParser<Output: Decodable & Sendable>: BodyParser {
    /// The envelope to unwrap, or `nil` when the body is the business object itself.
    public var envelope: Envelope?

    /// Creates a parser.
    public init(envelope: Envelope? = nil) {
        self.envelope = envelope
    }

    /// Decodes the body (or the envelope's result), whatever the status.
    public func parseBody(_ response: HTTPResponse) throws(InteractiveError) -> Output {
        guard let envelope else {
            if Output.self == EmptyResponse.self, response.body.isEmpty, let empty = EmptyResponse() as? Output {
                return empty
            }
            // An optional response (`response: Item?`): no body at all, as a 204 sends, is `nil`.
            if response.body.isEmpty, let none = OptionalOutput.none(Output.self) { return none }
            return try InteractiveCoding.decode(Output.self, from: response.body)
        }
        let box = try InteractiveCoding.decode(EnvelopeBox<Output>.self, from: response.body, decoder: SharedDecoders.decoder(for: envelope))
        guard box.succeeded else {
            throw .envelope(code: box.code, message: box.message)
        }
        if let result = box.result { return result }
        if let empty = EmptyResponse() as? Output { return empty }
        // An optional response: an absent or `null` result is `nil`.
        if let none = OptionalOutput.none(Output.self) { return none }
        throw .decoding(path: envelope.resultKey, message: "missing key \"\(envelope.resultKey)\"", snippet: BodySnippet.make(response.body))
    }
}

/// Accepts any successful response and ignores its body (the spec's absent `response`), checking the
/// envelope's code when there is one.
public struct EmptyParser: ResponseParser {
    /// The envelope whose code is checked, if any.
    public var envelope: Envelope?

    /// Creates a parser.
    public init(envelope: Envelope? = nil) {
        self.envelope = envelope
    }

    /// Checks status and envelope code.
    public func parse(_ response: HTTPResponse) throws(InteractiveError) -> EmptyResponse {
        guard envelope != nil, !response.body.isEmpty else {
            try ResponseCheck.requireSuccess(response)
            return EmptyResponse()
        }
        return try JSONParser<EmptyResponse>(envelope: envelope).parse(response)
    }
}

/// Returns the body as UTF-8 text (the spec's `format: text`).
public struct TextParser: BodyParser {
    /// The body as text.
    public typealias Output = String

    /// Creates a parser.
    public init() {}

    /// `text/*, */*;q=0.1`: any text preferred, anything else accepted (the body only has to be UTF-8).
    public var acceptedMediaTypes: String { "text/*, */*;q=0.1" }

    /// Decodes the body as UTF-8, whatever the status.
    public func parseBody(_ response: HTTPResponse) throws(InteractiveError) -> String {
        guard let text = String(data: response.body, encoding: .utf8) else {
            throw .decoding(path: "", message: "body is not UTF-8 text", snippet: BodySnippet.make(response.body))
        }
        return text
    }
}

/// Returns the body bytes as they are (the spec's `format: binary`).
public struct BinaryParser: BodyParser {
    /// The body bytes.
    public typealias Output = Data

    /// The `Accept` header value: `*/*` unless the parser was told the expected type.
    public var acceptedMediaTypes: String

    /// Creates a parser.
    ///
    /// - Parameter acceptedMediaTypes: What to send as `Accept`, e.g. `image/*`; any type by default.
    public init(acceptedMediaTypes: String = "*/*") {
        self.acceptedMediaTypes = acceptedMediaTypes
    }

    /// Returns the body, whatever the status.
    public func parseBody(_ response: HTTPResponse) throws(InteractiveError) -> Data {
        response.body
    }
}

/// The `nil` of an optional output type, seen through a generic parameter.
enum OptionalOutput {
    static func none<Output>(_ type: Output.Type) -> Output? {
        (type as? any ExpressibleByNilLiteral.Type).flatMap { $0.init(nilLiteral: ()) as? Output }
    }
}

/// Decodes `{code, message, result}` with keys chosen at run time, in one pass.
///
/// The code is read first and `result` is decoded only when the code is a success code: a failure
/// envelope usually carries `{}`, `""` or `null` as its result, which must not hide the server's code
/// and message behind a decoding error.
struct EnvelopeBox<Result: Decodable>: Decodable {
    let code: String
    /// Whether ``code`` is one of the envelope's success codes.
    let succeeded: Bool
    /// The message; read only for a failure code, the one case that reports it.
    let message: String?
    /// The decoded result; always `nil` for a failure code.
    let result: Result?

    init(from decoder: any Decoder) throws {
        let (envelope, container) = try EnvelopeFields.open(decoder)
        code = try EnvelopeFields.code(in: container, envelope: envelope)
        succeeded = envelope.successCodes.contains(code)
        guard succeeded else {
            if let messageKey = envelope.messageKey {
                message = try? container.decodeIfPresent(String.self, forKey: EnvelopeFields.Key(messageKey))
            } else {
                message = nil
            }
            result = nil
            return
        }
        message = nil
        result = try container.decodeIfPresent(Result.self, forKey: EnvelopeFields.Key(envelope.resultKey))
    }
}

/// Decodes only an envelope's code, for plugins that look at it (a session-expired code).
struct EnvelopeCode: Decodable {
    let code: String

    init(from decoder: any Decoder) throws {
        let (envelope, container) = try EnvelopeFields.open(decoder)
        code = try EnvelopeFields.code(in: container, envelope: envelope)
    }
}

/// Reading an envelope whose keys are known only at run time (from the decoder's user info).
enum EnvelopeFields {
    static let envelopeKey = CodingUserInfoKey(rawValue: "interactive.envelope")!

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The envelope set on the decoder and the body's top-level object.
    static func open(_ decoder: any Decoder) throws -> (Envelope, KeyedDecodingContainer<Key>) {
        guard let envelope = decoder.userInfo[envelopeKey] as? Envelope else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no envelope configured"))
        }
        return (envelope, try decoder.container(keyedBy: Key.self))
    }

    /// The code member as text: `100` and `"100"` both give `"100"`.
    static func code(in container: KeyedDecodingContainer<Key>, envelope: Envelope) throws -> String {
        let codeKey = Key(envelope.codeKey)
        guard container.contains(codeKey) else {
            throw DecodingError.keyNotFound(codeKey, .init(codingPath: [], debugDescription: "envelope has no code"))
        }
        // Numbers first, then text: each failed attempt costs a DecodingError, and most servers send
        // numeric codes.
        if let number = try? container.decode(Int64.self, forKey: codeKey) { return String(number) }
        if let text = try? container.decode(String.self, forKey: codeKey) { return text }
        return switch try container.decode(JSON.self, forKey: codeKey) {
        case .double(let number): String(number)
        case .bool(let flag): String(flag)
        case let other: other.description
        }
    }
}

extension Envelope {
    /// The code of an envelope body as text, or `nil` when the body is not such an envelope.
    func code(in body: Data) -> String? {
        try? SharedDecoders.decoder(for: self).decode(EnvelopeCode.self, from: body).code
    }
}
