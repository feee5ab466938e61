public import Crypto
public import Foundation
public import Interactive

/// Signs every request of an API marked `encrypt: true` with HMAC-SHA256 over its
/// ``CanonicalRequest``, adding the ``SignatureHeader`` fields.
///
/// It signs in `send`, so each attempt — a retry, a replay after re-login or of a frozen request —
/// gets a fresh timestamp and nonce and is not rejected as stale or replayed. Place it last among
/// the plugins, so it signs exactly what the transport sends.
///
/// ```swift
/// let signer = RequestSigner(key: SymmetricKey(data: secret))
/// let executor = Executor(plugins: [RetryPlugin(), signer])
/// ```
public struct RequestSigner: Plugin {
    /// The key's bytes: `SymmetricKey` is not `Sendable` in swift-crypto 3.
    private let keyBytes: Data
    private let now: @Sendable () -> Date
    private let makeNonce: @Sendable () -> String

    /// Creates a signer.
    ///
    /// - Parameters:
    ///   - key: The secret shared with the server.
    ///   - now: The clock, replaceable in tests.
    ///   - makeNonce: Makes nonces; 16 random bytes in hexadecimal by default.
    public init(
        key: SymmetricKey,
        now: @escaping @Sendable () -> Date = { Date() },
        makeNonce: @escaping @Sendable () -> String = CanonicalRequest.randomNonce
    ) {
        keyBytes = key.withUnsafeBytes { Data($0) }
        self.now = now
        self.makeNonce = makeNonce
    }

    /// `RequestSigner`.
    public var name: String { "RequestSigner" }

    /// Signs the request when its options say `encrypt`, then sends it.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        guard request.options.encrypt else { return try await next(request) }
        // A body streamed from files is read once, in chunks, for its digest.
        if let upload = request.upload {
            return try await next(sign(request, bodyDigest: try CanonicalRequest.bodyDigest(upload)))
        }
        return try await next(sign(request))
    }

    /// The request with a timestamp, a nonce and their signature in its headers.
    public func sign(_ request: HTTPRequest) -> HTTPRequest {
        sign(request, bodyDigest: CanonicalRequest.bodyDigest(request.body))
    }

    /// The request with a timestamp, a nonce and their signature, for a body whose digest is given.
    public func sign(_ request: HTTPRequest, bodyDigest: String) -> HTTPRequest {
        var signed = request
        let timestamp = String(Int64(now().timeIntervalSince1970))
        let nonce = makeNonce()
        let text = CanonicalRequest.make(method: request.method.rawValue, url: request.url, bodyDigest: bodyDigest, timestamp: timestamp, nonce: nonce)
        let code = HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: SymmetricKey(data: keyBytes))
        signed.headers.set(timestamp, for: SignatureHeader.timestamp)
        signed.headers.set(nonce, for: SignatureHeader.nonce)
        signed.headers.set(CanonicalRequest.hex(code), for: SignatureHeader.signature)
        return signed
    }
}
