public import Crypto
public import Foundation
public import Interactive

/// Checks signed requests on the receiving side: the signature must match the request as received,
/// the timestamp must be within ``maxSkew`` of the verifier's clock, and a nonce is accepted once.
public final class SignatureVerifier: Sendable {
    /// Why a request was refused.
    public enum Failure: Error, Sendable, Equatable {
        /// A signature header is missing.
        case missingHeader(String)
        /// The timestamp is not a whole number of seconds.
        case malformedTimestamp(String)
        /// The timestamp is further than ``maxSkew`` from now (by this many seconds).
        case stale(skewSeconds: Int64)
        /// The signature does not match the request: something was changed, or the key differs.
        case badSignature
        /// The nonce was already used.
        case replayed
    }

    /// How far a timestamp may be from the verifier's clock, in seconds.
    public let maxSkew: Int64
    private let keyBytes: Data
    private let now: @Sendable () -> Date
    private let seen = Locked(SeenNonces())
    /// The most nonces remembered; beyond it the oldest are forgotten (and their requests are stale anyway).
    private let maxNonces: Int

    /// Creates a verifier.
    public init(key: SymmetricKey, maxSkew: Int64 = 300, maxNonces: Int = 100_000, now: @escaping @Sendable () -> Date = { Date() }) {
        keyBytes = key.withUnsafeBytes { Data($0) }
        self.maxSkew = max(0, maxSkew)
        self.maxNonces = max(1, maxNonces)
        self.now = now
    }

    /// Verifies a request as received.
    public func verify(_ request: HTTPRequest) throws(Failure) {
        try verify(method: request.method.rawValue, url: request.url, headers: request.headers, body: request.body)
    }

    /// Verifies the parts of a request as received.
    public func verify(method: String, url: URL, headers: HTTPHeaders, body: Data?) throws(Failure) {
        guard let timestamp = headers[SignatureHeader.timestamp] else { throw .missingHeader(SignatureHeader.timestamp) }
        guard let nonce = headers[SignatureHeader.nonce], !nonce.isEmpty else { throw .missingHeader(SignatureHeader.nonce) }
        guard let signature = headers[SignatureHeader.signature] else { throw .missingHeader(SignatureHeader.signature) }
        guard let seconds = Int64(timestamp) else { throw .malformedTimestamp(timestamp) }
        let current = Int64(now().timeIntervalSince1970)
        // A timestamp far from now (Int64.min) must not overflow the subtraction: it is stale.
        let (difference, overflowed) = seconds.subtractingReportingOverflow(current)
        let skew = overflowed || difference == .min ? Int64.max : abs(difference)
        guard skew <= maxSkew else { throw .stale(skewSeconds: skew) }
        let text = CanonicalRequest.make(method: method, url: url, body: body, timestamp: timestamp, nonce: nonce)
        guard let code = Self.bytes(hex: signature),
              HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(text.utf8), using: SymmetricKey(data: keyBytes))
        else { throw .badSignature }
        // Only a genuine request may use up a nonce, so forgeries cannot block real ones.
        let fresh = seen.withLock { seen in
            seen.insert(nonce, at: seconds, forgettingBefore: current - maxSkew, keeping: maxNonces)
        }
        guard fresh else { throw .replayed }
    }

    private static func bytes(hex: String) -> Data? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var data = Data(capacity: digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(digits[index]), let low = value(digits[index + 1]) else { return nil }
            data.append(high << 4 | low)
            index += 2
        }
        return data
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The nonces of accepted requests, by their timestamps, oldest first: forgetting the stale ones
/// and the oldest beyond the limit costs O(log n) each, where scanning them all cost O(n) on every
/// request.
private struct SeenNonces: Sendable {
    private struct Entry: Comparable, Sendable {
        var seconds: Int64
        var nonce: String

        static func < (a: Entry, b: Entry) -> Bool { a.seconds < b.seconds }
    }

    private var timestamps: [String: Int64] = [:]
    private var byAge = MinHeap<Entry>()

    /// Forgets the nonces stamped before `limit`, and then notes `nonce` unless it is known: `false`
    /// for a nonce seen before. Beyond `maximum` the oldest are forgotten.
    mutating func insert(_ nonce: String, at seconds: Int64, forgettingBefore limit: Int64, keeping maximum: Int) -> Bool {
        while let oldest = byAge.first, oldest.seconds < limit { forgetOldest() }
        guard timestamps[nonce] == nil else { return false }
        while timestamps.count >= maximum, !byAge.isEmpty { forgetOldest() }
        timestamps[nonce] = seconds
        byAge.push(Entry(seconds: seconds, nonce: nonce))
        return true
    }

    private mutating func forgetOldest() {
        guard let oldest = byAge.popFirst() else { return }
        timestamps[oldest.nonce] = nil
    }
}
