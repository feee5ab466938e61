import Foundation

/// What identifies a cached response: method, URL, body and the headers the spec says vary it.
///
/// ``text`` is the full key, stored inside every entry and compared on every hit, so two requests
/// whose digests collide can never be served each other's response. The body is represented by its
/// length and FNV-1a digest.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The full key, e.g. `GET https://h/items?page=2|body:0:cbf29ce484222325|accept=application/json`.
    public let text: String

    /// Builds the key of a request; `varyHeaders` are compared case-insensitively and in sorted order.
    public init(_ request: HTTPRequest, varyHeaders: [String]) {
        let body = request.body ?? Data()
        var parts = ["\(request.method.rawValue) \(request.url.absoluteString)"]
        parts.append("body:\(body.count):\(FNV1a.hex(FNV1a.hash(body)))")
        for name in Set(varyHeaders.map { $0.lowercased() }).sorted() {
            parts.append("\(name)=\(request.headers[name] ?? "")")
        }
        text = parts.joined(separator: "|")
    }

    /// A file name derived from the key: its FNV-1a digest in hexadecimal.
    public var fileName: String { FNV1a.hex(FNV1a.hash(text)) + ".cache" }

    /// The full key.
    public var description: String { text }
}
