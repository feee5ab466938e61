public import Foundation

/// The one error type every failure of the runtime surfaces as.
///
/// Each case carries what a caller needs to react or to report: the server's status and body,
/// the envelope's code and message, the coding path of a decoding failure.
///
/// Its texts (``description``, ``debugDescription``, `localizedDescription`) never include the response
/// body, which servers often echo request secrets into (`"password": "…"`). The body stays reachable
/// for code that reads it deliberately: the associated values, or ``bodySnippet``.
public enum InteractiveError: Error, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, LocalizedError {
    /// The transport could not exchange bytes with the server (connection refused, reset, DNS, TLS).
    /// `code` is the platform's error code when one is known (e.g. `URLError.Code`).
    case transport(message: String, code: Int?)
    /// No complete response arrived before the deadline.
    case timeout(after: Duration)
    /// The caller cancelled the request (task cancellation or ``Handler/cancel()``).
    case cancelled
    /// The server answered with a status the API does not accept (by default anything outside 200–299).
    case unacceptableStatus(code: Int, headers: HTTPHeaders, body: Data)
    /// The server answered with a status the API declares as a failure, and the body decoded as the
    /// spec says: read it with ``failure(as:)``. A declared status whose body does not decode is
    /// ``unacceptableStatus(code:headers:body:)`` instead.
    case failure(ApiFailure)
    /// The body could not be turned into the business object.
    /// `path` is the coding path (e.g. `result.items[2].price`), `message` what went wrong (without
    /// the body's values), `snippet` the start of the body (may echo secrets: never in the description).
    case decoding(path: String, message: String, snippet: String)
    /// The response envelope carried a code that is not a success code.
    case envelope(code: String, message: String?)
    /// A plugin refused to let the request go on.
    case rejected(plugin: String, reason: String)
    /// The request could not be built (bad parameter, header with a line break, secret in a query string…).
    case invalidRequest(String)
    /// Mock mode was asked for an API that declares no mock.
    case mockUnavailable(api: String)
    /// The request was written to the offline journal to be replayed later.
    case frozen(id: String)

    /// A one-line explanation, safe to log: it never includes the response body (which may echo request
    /// secrets), only its size.
    public var description: String {
        switch self {
        case .transport(let message, let code):
            "transport failure\(code.map { " (\($0))" } ?? ""): \(message)"
        case .timeout(let after):
            "timed out after \(after)"
        case .cancelled:
            "cancelled"
        case .unacceptableStatus(let code, _, let body):
            "unacceptable HTTP status \(code) (\(body.count)-byte body)"
        case .failure(let failure):
            "HTTP status \(failure.status), declared failure \(failure.valueName) (\(failure.body.count)-byte body)"
        case .decoding(let path, let message, _):
            "cannot decode \(path.isEmpty ? "response" : path): \(message)"
        case .envelope(let code, let message):
            "server returned code \(code)\(message.map { ": \($0)" } ?? "")"
        case .rejected(let plugin, let reason):
            "rejected by \(plugin): \(reason)"
        case .invalidRequest(let reason):
            "invalid request: \(reason)"
        case .mockUnavailable(let api):
            "\(api) has no mock"
        case .frozen(let id):
            "frozen for later replay (\(id))"
        }
    }

    /// The same text as ``description``: debugging output must not leak the body either.
    public var debugDescription: String { description }

    /// The same text as ``description``, so `localizedDescription` is safe to show or log.
    public var errorDescription: String? { description }

    /// The start of the response body, for code that reads it deliberately (it may echo request
    /// secrets, so never log it as it is): the snippet of a decoding failure, or the first 200
    /// characters of an unacceptable status's body; `nil` for other cases.
    public var bodySnippet: String? {
        switch self {
        case .unacceptableStatus(_, _, let body): BodySnippet.make(body)
        case .failure(let failure): BodySnippet.make(failure.body)
        case .decoding(_, _, let snippet): snippet
        default: nil
        }
    }

    /// Whether this is the HTTP status `code`, declared as a failure or not.
    public func hasStatus(_ code: Int) -> Bool {
        status == code
    }

    /// The HTTP status of ``unacceptableStatus(code:headers:body:)`` and ``failure(_:)``; `nil` for
    /// other cases.
    public var status: Int? {
        switch self {
        case .unacceptableStatus(let code, _, _): code
        case .failure(let failure): failure.status
        default: nil
        }
    }

    /// The declared failure this error carries, if it is ``failure(_:)``.
    public var apiFailure: ApiFailure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    /// The decoded failure as the API's `<Stem>Failure` (`error.failure(as: GetRepoFailure.self)`),
    /// or `nil` when the error is not a declared failure of that type.
    public func failure<Failure>(as type: Failure.Type) -> Failure? {
        apiFailure?.value(as: type)
    }
}

/// Makes short, printable excerpts of bodies for error messages.
enum BodySnippet {
    /// The first `limit` characters of the body as UTF-8 (lossy), or its size when it is binary.
    static func make(_ body: Data, limit: Int = 200) -> String {
        if body.isEmpty { return "<empty body>" }
        guard let text = String(data: body.prefix(limit * 4), encoding: .utf8) else {
            return "<\(body.count) bytes>"
        }
        return text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
