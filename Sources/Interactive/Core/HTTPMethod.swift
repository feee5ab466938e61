/// An HTTP request method.
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"
    case head = "HEAD"

    /// The method as it appears on the wire, e.g. `GET`.
    public var description: String { rawValue }

    /// Whether repeating the request has the same effect as sending it once (RFC 9110 §9.2.2).
    ///
    /// Retry and replay features never repeat a non-idempotent request unless the API is
    /// explicitly marked idempotent.
    public var isIdempotent: Bool {
        switch self {
        case .get, .put, .delete, .head: true
        case .post, .patch: false
        }
    }
}
