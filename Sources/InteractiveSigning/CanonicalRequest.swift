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
/// parameters sorted by name then value, the hexadecimal SHA-256 of the body, the timestamp and
/// the nonce.
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

    /// The query's `name=value` pairs, as they are on the wire, sorted by name then value.
    public static func sortedQuery(_ query: String?) -> String {
        guard let query, !query.isEmpty else { return "" }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { item -> (String, String) in
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
        return pairs.sorted { $0.0 == $1.0 ? $0.1 < $1.1 : $0.0 < $1.0 }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
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
