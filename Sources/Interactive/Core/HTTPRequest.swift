public import Foundation

/// A fully resolved HTTP request: what a ``Transport`` sends and what plugins see and may change.
public struct HTTPRequest: Sendable, Hashable {
    /// The name of the API that built the request, e.g. `Login`; used in logs and errors.
    public var apiName: String
    /// The request method.
    public var method: HTTPMethod
    /// The absolute URL, with path parameters and query already encoded.
    public var url: URL
    /// The header fields, including the service's common headers.
    public var headers: HTTPHeaders
    /// The body bytes, if any.
    public var body: Data?
    /// How long the whole exchange may take.
    public var timeout: Duration
    /// The spec's per-API settings.
    public var options: RequestOptions
    /// A body streamed from files instead of ``body`` (a multipart body with file parts, a raw body
    /// from a file); `nil` for bodies in memory.
    public var upload: UploadBody?
    /// Set when the response body is written to a file as it arrives instead of being kept in memory.
    public var download: DownloadRequest?
    /// Set when the response body is handed over in chunks as it arrives (``HTTPResponse/bodyStream``),
    /// for server-sent events, JSON Lines and byte streams.
    public var streamsResponse = false

    /// Creates a request.
    public init(
        apiName: String,
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data? = nil,
        timeout: Duration = .seconds(10),
        options: RequestOptions = RequestOptions()
    ) {
        self.apiName = apiName
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.options = options
    }

    /// Whether sending the request twice is safe: the spec's `idempotent` flag, else the method's nature.
    public var isIdempotent: Bool { options.idempotent ?? method.isIdempotent }
}
