import Crypto
import Foundation
import Interactive
import InteractiveSigning
import RuntimeTestSupport
import Testing

/// Request signing, verified by the Swift verifier and by the fault server's own implementation.
@Suite(.timeLimit(.minutes(5)))
struct SigningTests {
    static let secret = "fault-secret"
    let key = SymmetricKey(data: Data(SigningTests.secret.utf8))
    let clock = Locked(Date(timeIntervalSince1970: 1_763_790_000))

    func signed() throws -> HTTPRequest {
        let url = try #require(URL(string: "http://127.0.0.1:1/orders/42?b=2&a=1&debug&b=1"))
        let request = HTTPRequest(apiName: "T", method: .post, url: url, body: Data("{\"qty\":1}".utf8), options: RequestOptions(encrypt: true))
        let clock = clock
        return RequestSigner(key: key, now: { clock.current }).sign(request)
    }

    func verifier() -> SignatureVerifier {
        let clock = clock
        return SignatureVerifier(key: key, maxSkew: 300, now: { clock.current })
    }

    @Test func genuineRequestIsAcceptedOnce() throws {
        let request = try signed()
        let verifier = verifier()
        try verifier.verify(request)
        #expect(throws: SignatureVerifier.Failure.replayed) { try verifier.verify(request) }
    }

    enum Tamper: String, CaseIterable, Sendable {
        case body, path, query, flag, method, timestamp, nonce, signature, key
    }

    @Test(arguments: Tamper.allCases)
    func tamperedRequestIsRejected(tamper: Tamper) throws {
        var request = try signed()
        var verifier = verifier()
        switch tamper {
        case .body: request.body = Data("{\"qty\":9}".utf8)
        case .path: request.url = try #require(URL(string: "http://127.0.0.1:1/orders/43?b=2&a=1&debug&b=1"))
        case .query: request.url = try #require(URL(string: "http://127.0.0.1:1/orders/42?b=2&a=1&debug&b=3"))
        // A bare flag given a value (`?debug` became `?debug=`): a different request to most servers.
        case .flag: request.url = try #require(URL(string: "http://127.0.0.1:1/orders/42?b=2&a=1&debug=&b=1"))
        case .method: request.method = .put
        case .timestamp: request.headers[SignatureHeader.timestamp] = String(Int64(clock.current.timeIntervalSince1970) + 1)
        case .nonce: request.headers[SignatureHeader.nonce] = "other"
        case .signature: request.headers[SignatureHeader.signature] = String(repeating: "0", count: 64)
        case .key: verifier = SignatureVerifier(key: SymmetricKey(data: Data("other".utf8)), now: { [clock] in clock.current })
        }
        #expect(throws: SignatureVerifier.Failure.badSignature) { try verifier.verify(request) }
    }

    @Test func queryOrderDoesNotMatter() throws {
        var request = try signed()
        request.url = try #require(URL(string: "http://127.0.0.1:1/orders/42?debug&a=1&b=1&b=2"))
        try verifier().verify(request)
    }

    @Test func staleAndFutureRequestsAreRejected() throws {
        let request = try signed()
        let verifier = verifier()
        clock.withLock { $0.addTimeInterval(301) }
        #expect(throws: SignatureVerifier.Failure.stale(skewSeconds: 301)) { try verifier.verify(request) }
        clock.withLock { $0.addTimeInterval(-602) }
        #expect(throws: SignatureVerifier.Failure.stale(skewSeconds: 301)) { try verifier.verify(request) }
    }

    /// A timestamp as far from now as an Int64 goes is stale, not an overflow that stops the
    /// server (the skew was computed before the signature was checked, for anyone's request).
    @Test func aTimestampAtTheEndsOfInt64IsStale() throws {
        for extreme in [Int64.min, Int64.max, Int64.min + 1] {
            var request = try signed()
            request.headers[SignatureHeader.timestamp] = String(extreme)
            do {
                try verifier().verify(request)
                Issue.record("\(extreme) was accepted")
            } catch {
                guard case .stale(let skew) = error, skew > 1_000_000_000 else {
                    Issue.record("\(extreme): \(error)")
                    continue
                }
            }
        }
    }

    @Test func missingHeadersAreRejected() throws {
        var request = try signed()
        request.headers[SignatureHeader.nonce] = nil
        #expect(throws: SignatureVerifier.Failure.missingHeader(SignatureHeader.nonce)) { try verifier().verify(request) }
    }

    @Test func unmarkedRequestsAreNotSigned() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [RequestSigner(key: key)])
        let response = try await executor.execute(RawApi(server, "/plain"))
        #expect(response.status == 200)
        let rejected = await outcome { () async throws(InteractiveError) in try await executor.execute(RawApi(server, "/signed")) }
        #expect((try? rejected.get()) == nil)
    }

    @Test func serverAcceptsSignedRequestsAndEachRetryIsSignedAfresh() async throws {
        let server = try await FaultServer.start(secret: Self.secret)
        let executor = Executor(transport: URLSessionTransport(), plugins: [RetryPlugin(), RequestSigner(key: key)])
        let options = RequestOptions(retry: .init(max: 3, backoff: 0.01), encrypt: true, idempotent: true)
        let api = RawApi(server, "/signed", method: .post, query: [("z", "1"), ("a", "x y")], body: ["qty": "1"], options: options)
        #expect(try await executor.execute(api).json?["ok"] == .bool(true))
        // The server rejects a reused nonce as a replay: every attempt must be signed again.
        let flaky = RawApi(server, "/signed", method: .post, query: [("fault", "status:503"), ("times", "2"), ("close", "1")], headers: [("X-Test-Key", "flaky")], body: ["qty": "2"], options: options)
        let response = try await executor.executeWithMetadata(flaky)
        #expect(response.value.status == 200)
        #expect(response.metadata.attempts == 3)
    }

    @Test func serverRejectsReplayedAndTamperedRequests() async throws {
        let server = try await FaultServer.start(secret: Self.secret)
        let transport = URLSessionTransport()
        let request = HTTPRequest(apiName: "T", method: .post, url: server.url("/signed", [("q", "1")]), body: Data("{}".utf8), options: RequestOptions(encrypt: true))
        let signed = RequestSigner(key: key).sign(request)
        #expect(try await transport.send(signed).status == 200)
        let replay = try await transport.send(signed)
        #expect(replay.status == 401)
        #expect(replay.json?["error"] == .string("replayed"))
        // A bare flag is signed as sent, by both sides.
        var flagged = request
        flagged.url = try #require(URL(string: signed.url.absoluteString + "&debug"))
        #expect(try await transport.send(RequestSigner(key: key).sign(flagged)).status == 200)
        var tampered = RequestSigner(key: key).sign(request)
        tampered.body = Data("{\"x\":1}".utf8)
        let refused = try await transport.send(tampered)
        #expect(refused.status == 401)
        #expect(refused.json?["error"] == .string("bad signature"))
    }
}
