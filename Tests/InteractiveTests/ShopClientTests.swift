import Foundation
import Interactive
import ShopAPI
import RuntimeTestSupport
import Testing

/// The generated Shop client with a stub transport: the examples of docs/runtime.md, checked.
@Suite("Generated Shop client over a stub", .timeLimit(.minutes(5)))
struct ShopClientTests {
    @Test("the seeds' login: form body, envelope unwrapped, password never logged")
    func login() async throws {
        let stub = StubTransport()
        stub.enqueue(json: #"{"code": 100, "result": {"token": "t1", "user": {"id": 1, "nick_name": "ann"}}}"#)
        let lines = Locked<[String]>([])
        let executor = patientShopExecutor(stub, plugins: [LoggingPlugin(includeBodies: true) { line in lines.withLock { $0.append(line) } }])
        let session = try await executor.execute(LoginApi(name: "ann", password: "hunter2"))
        #expect(session.token == "t1")
        #expect(session.user.nickName == "ann")
        let sent = try #require(stub.requests.first)
        #expect(sent.url.path == "/api/login")
        #expect(sent.options.encrypt)
        #expect(String(decoding: sent.body ?? Data(), as: UTF8.self) == "name=ann&password=hunter2")
        #expect(!lines.current.joined().contains("hunter2"))
    }

    @Test("a failure code of the envelope surfaces with the server's code and message")
    func loginRefused() async {
        let stub = StubTransport()
        stub.enqueue(json: #"{"code": 1002, "message": "wrong password"}"#)
        let error = await failure { () async throws(InteractiveError) in try await patientShopExecutor(stub).execute(LoginApi(name: "ann", password: "x")) }
        #expect(error == .envelope(code: "1002", message: "wrong password"))
    }

    @Test("mock mode answers the spec's typed mock")
    func mock() async throws {
        let response = try await Executor(transport: StubTransport(), mockMode: .all).executeWithMetadata(LoginApi(name: "ann", password: "x"))
        #expect(response.value.token == "t-1")
        #expect(response.metadata.source == "mock")
    }

    @Test("behind the envelope: a 409 arrives as the typed OrderProblem, a failure code as .envelope")
    func typedOrderProblem() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 409, json: #"{"reason": "shipped"}"#)
        stub.enqueue(json: #"{"code": 2001, "message": "no such order"}"#)
        stub.enqueue(json: #"{"code": 100, "result": true}"#)
        let executor = patientShopExecutor(stub)
        let shipped = await failure { () async throws(InteractiveError) in try await executor.execute(OrderCancelApi(orderId: 7)) }
        #expect(shipped?.failure(as: OrderCancelFailure.self) == .conflict(OrderProblem(reason: "shipped")))
        let unknown = await failure { () async throws(InteractiveError) in try await executor.execute(OrderCancelApi(orderId: 8)) }
        #expect(unknown == .envelope(code: "2001", message: "no such order"))
        #expect(try await executor.execute(OrderCancelApi(orderId: 9)))
    }
}
