public import Foundation

/// The one error type every failure of the runtime surfaces as.
///
/// Each case carries what a caller needs to react or to report: the server's status and body,
/// the envelope's code and message, the coding path of a decoding failure.
public enum InteractiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transport could not exchange bytes with the server (connection refused, reset, DNS, TLS).
    /// `code` is the platform's error code when one is known (e.g. `URLError.Code`).
    case transport(message: String, code: Int?)
    /// No complete response arrived before the deadline.
    case timeout(after: Duration)
    /// The caller cancelled the request (task cancellation or ``Handler/cancel()``).
    case cancelled
    /// The server answered with a status the API does not accept (by default anything outside 200–299).
    case unacceptableStatus(code: Int, headers: HTTPHeaders, body: Data)
    /// The body could not be turned into the business object.
    /// `path` is the coding path (e.g. `result.items[2].price`), `snippet` the start of the body.
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

    /// A one-line explanation, safe to log: it never includes request secrets.
    public var description: String {
        switch self {
        case .transport(let message, let code):
            "transport failure\(code.map { " (\($0))" } ?? ""): \(message)"
        case .timeout(let after):
            "timed out after \(after)"
        case .cancelled:
            "cancelled"
        case .unacceptableStatus(let code, _, let body):
            "unacceptable HTTP status \(code): \(BodySnippet.make(body))"
        case .decoding(let path, let message, let snippet):
            "cannot decode \(path.isEmpty ? "response" : path): \(message) in \(snippet)"
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

    /// Whether this is the HTTP status `code`.
    public func hasStatus(_ code: Int) -> Bool {
        if case .unacceptableStatus(code, _, _) = self { return true }
        return false
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
