/// `body: { format: text | binary, contentType: … }`: a request body sent as it is.
struct RawBodyDecl: Sendable {
    enum Format: String, Sendable, CaseIterable {
        /// A `String`, sent UTF-8 encoded.
        case text
        /// A `BodySource`: bytes in memory or a file streamed from disk.
        case binary
    }

    var format: Format
    /// The `Content-Type` sent; the format's default when `nil`.
    var contentType: String?
    var location: SourceLocation

    /// The `Content-Type` the request sends.
    var effectiveContentType: String {
        contentType ?? (format == .text ? "text/plain; charset=utf-8" : "application/octet-stream")
    }
}

/// `response: { stream: sse | jsonLines | bytes, type: Event, idleTimeout: seconds }`.
struct StreamDecl: Sendable {
    enum Format: String, Sendable, CaseIterable {
        case sse, jsonLines, bytes

        /// The runtime's `StreamFormat` case.
        var runtimeCase: String {
            switch self {
            case .sse: "serverSentEvents"
            case .jsonLines: "jsonLines"
            case .bytes: "bytes"
            }
        }
    }

    var format: Format
    /// The event type; `nil` for `bytes` (`Data` chunks).
    var type: TypeRef?
    var typeLocation: SourceLocation
    /// Seconds without an event before the stream fails; `nil`: no limit.
    var idleTimeout: Double?
    var location: SourceLocation
}
