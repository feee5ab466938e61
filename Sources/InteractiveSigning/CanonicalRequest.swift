public import Foundation
import Crypto

/// The names of the headers a signed request carries.
public enum SignatureHeader {
    /// Seconds since 1970 when the request was signed.
    public static let timestamp = "X-Signature-Timestamp"
    /// A value never used twice by the same key.
    public static let nonce = "X-Signature-Nonce"
    /// The lowercase hexadecimal HMAC-SHA256 of the canonical request.
    public static let signature = "X-Signature"
}

/// The text both sides sign: one line each for the method, the percent-encoded path, the query
/// items as sent sorted by name (``sortedQuery(_:)``), the hexadecimal SHA-256 of the body, the
/// timestamp and the nonce. The host is not signed: a gateway may rewrite it, and the key names
/// the service.
///
/// ```text
/// POST
/// /orders/42
/// a=1&b=2&b=3
/// e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
/// 1763790000
/// 6f1c…
/// ```
public enum CanonicalRequest {
    /// The canonical text of a request.
    public static func make(method: String, url: URL, body: Data?, timestamp: String, nonce: String) -> String {
        make(method: method, url: url, bodyDigest: bodyDigest(body), timestamp: timestamp, nonce: nonce)
    }

    /// The canonical text of a request whose body's digest is already known (a body streamed from
    /// files, see ``bodyDigest(_:)-(UploadBody)``).
    public static func make(method: String, url: URL, bodyDigest: String, timestamp: String, nonce: String) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let path = components?.percentEncodedPath ?? ""
        return [
            method.uppercased(),
            path.isEmpty ? "/" : path,
            sortedQuery(components?.percentEncodedQuery),
            bodyDigest,
            timestamp,
            nonce,
        ].joined(separator: "\n")
    }

    /// The query's items exactly as they are on the wire — a bare `flag` is not `flag=`, an empty
    /// item between two `&` is kept — sorted by name, then by the whole item (bytes compared).
    public static func sortedQuery(_ query: String?) -> String {
        guard let query, !query.isEmpty else { return "" }
        let items = query.split(separator: "&", omittingEmptySubsequences: false)
        return items.map { item in (name: item.prefix { $0 != "=" }, item: item) }
            .sorted { a, b in
                a.name == b.name ? a.item.utf8.lexicographicallyPrecedes(b.item.utf8) : a.name.utf8.lexicographicallyPrecedes(b.name.utf8)
            }
            .map { String($0.item) }
            .joined(separator: "&")
    }

    /// The lowercase hexadecimal SHA-256 of the body (of no bytes when there is none).
    public static func bodyDigest(_ body: Data?) -> String {
        hex(SHA256.hash(data: body ?? Data()))
    }

    /// 16 random bytes in hexadecimal: a nonce.
    @Sendable public static func randomNonce() -> String {
        hex((0..<16).map { _ in UInt8.random(in: 0...255) })
    }

    /// Lowercase hexadecimal digits of some bytes.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
