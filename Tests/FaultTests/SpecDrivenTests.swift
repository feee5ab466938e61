import Foundation
import HTTPBinAPI
import Interactive
import InteractiveSigning
import Crypto
import RuntimeTestSupport
import Testing

/// The generated HTTPBin client's spec keys (`retry`, `cache`, `encrypt`) reaching the plugins,
/// against the fault server.
@Suite(.timeLimit(.minutes(5)))
struct SpecDrivenTests {
    /// A generated API sent to the fault server instead of its service's environment, so the
    /// shared `HTTPBinService.configuration` other tests use is left alone.
    struct Redirected<A: Api>: Api {
        let api: A
        let request: ApiRequest
        var parser: A.Parser { api.parser }

        init(_ api: A, to server: FaultServer) {
            self.api = api
            var request = api.request
            request.service = RawApi.service(server)
            self.request = request
        }
    }

    @Test func specRetryReachesTheRetryPlugin() async throws {
        let server = try await FaultServer.start()
        let api = Redirected(StatusApi(code: 503), to: server)
        #expect(api.request.options.retry == .init(max: 2, backoff: 0.05))
        let executor = Executor(transport: URLSessionTransport(), plugins: [RetryPlugin()])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(api) }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.hasStatus(503))
        #expect(try await server.counts().received["/status/503"] == 3)  // spec: retry max 2
    }

    @Test func specCacheReachesTheCachePlugin() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [CachePlugin()])
        let first = try await executor.executeWithMetadata(Redirected(GetApi(q: "swift"), to: server))
        let second = try await executor.executeWithMetadata(Redirected(GetApi(q: "swift"), to: server))
        #expect(first.value.args["q"] == .string("swift"))
        #expect(second.metadata.source == "memory-cache")
        #expect(try await server.counts().received["/get"] == 1)
    }

    @Test func specEncryptReachesTheSigner() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [RequestSigner(key: SymmetricKey(size: .bits256))])
        let signed = try await executor.execute(Redirected(PostFormApi(name: "ann", password: "pw"), to: server))
        let plain = try await executor.execute(Redirected(PutApi(title: "t"), to: server))
        #expect(signed.headers[SignatureHeader.signature]?.count == 64)
        #expect(plain.headers[SignatureHeader.signature] == nil)
    }
}
