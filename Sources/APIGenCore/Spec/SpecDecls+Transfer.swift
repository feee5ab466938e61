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
