import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// A header with a line break, or a name that is not a token, is refused wherever it is set — in a
/// plugin's `send` step (where signers act), on a replay, or on a request handed straight to the
/// transport — with the same `invalidRequest` the request builder uses; it never goes out altered.
@Suite("Header safety after the request is built", .timeLimit(.minutes(5)))
struct HeaderSafetyTests {
    let service = makeService()

    /// Sets one header in its `send` step, as a signer does.
    struct SendStepHeader: Plugin {
        var name: String { "SendStepHeader" }
        let field: (String, String)

        func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
            var request = request
            request.headers.set(field.1, for: field.0)
            return try await next(request)
        }
    }

    @Test("a header set in a plugin's send step is checked like one set in prepare", arguments: [
        ("X-Signature", "abc\r\nX-Evil: 1"),
        ("X-Signature", "abc\nX-Evil: 1"),
        ("X-Signature", "abc\0"),
        ("X-Sig nature", "abc"),
        ("X-Signature:", "abc"),
        ("", "abc"),
    ])
    func sendStepHeader(name: String, value: String) async {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub, plugins: [SendStepHeader(field: (name, value))])
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(ItemApi(service: service)) }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("header"))
        #expect(stub.requests.isEmpty)
    }

    @Test("a valid header set in the send step goes out")
    func validSendStepHeader() async throws {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub, plugins: [SendStepHeader(field: ("X-Signature", "abc"))])
        _ = try await executor.execute(ItemApi(service: service))
        #expect(stub.requests.first?.headers["X-Signature"] == "abc")
    }

    @Test("URLSessionTransport refuses a bad header instead of sending the request without it")
    func transportRefuses() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/x"))
        var request = HTTPRequest(apiName: "T", method: .get, url: url, timeout: .seconds(2))
        request.headers.set("Bearer t\r\nX-Evil: 1", for: "Authorization")
        let error = await failure { () async throws(InteractiveError) in try await URLSessionTransport().send(request) }
        #expect(error == .invalidRequest(#"header "Authorization" contains a line break"#))
    }

    @Test("a service default header with a line break is refused when the request is built")
    func serviceDefaultHeader() async {
        let service = makeService()
        service.setHeader("t\r\nX-Evil: 1", for: "X-Session")
        let stub = StubTransport()
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub).execute(ItemApi(service: service)) }
        #expect(error == .invalidRequest(#"header "X-Session" contains a line break"#))
        #expect(stub.requests.isEmpty)
    }
}
