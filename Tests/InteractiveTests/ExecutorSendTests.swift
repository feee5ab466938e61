import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// `Executor.send(_:)`: a built request through the plugins and the transport, without a parser.
@Suite("Sending a built request", .timeLimit(.minutes(5)))
struct ExecutorSendTests {
    let url = URL(string: "http://127.0.0.1:9/orders") ?? URL(fileURLWithPath: "/")

    @Test("prepare and send steps run, any status comes back as a response, didFinish sees it")
    func pluginsRun() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 422, json: #"{"error": "no"}"#)
        let finished = Locked(0)
        let executor = Executor(transport: stub, plugins: [
            HeaderPlugin(["Authorization": "Bearer t1"]),
            InterceptorPlugin(didFail: { _, _ in }),
            InterceptorPlugin(name: "count", didSucceed: { _, _ in finished.withLock { $0 += 1 } }),
        ])
        let response = try await executor.send(HTTPRequest(apiName: "T", method: .post, url: url))
        #expect(response.status == 422)
        #expect(stub.requests.first?.headers["Authorization"] == "Bearer t1")
        #expect(finished.current == 1)
    }

    @Test("a bad header is refused before the transport")
    func badHeader() async {
        let stub = StubTransport()
        var request = HTTPRequest(apiName: "T", method: .post, url: url)
        request.headers.set("a\nb", for: "X-Trace")
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub).send(request) }
        #expect(error == .invalidRequest(#"header "X-Trace" contains a line break"#))
        #expect(stub.requests.isEmpty)
    }
}
