public import Foundation

/// A complete HTTP response as the transport received it.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none, and for a body written to ``bodyFile``).
    public var body: Data
    /// The file the body was written to, for a request with ``HTTPRequest/download``; the caller
    /// owns it (moves or deletes it).
    public var bodyFile: URL?
    /// The body as it arrives, for a request with ``HTTPRequest/streamsResponse`` and a 2xx status;
    /// the response is returned as soon as its status and headers are in.
    public var bodyStream: ResponseBodyStream?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is in 200–299.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
