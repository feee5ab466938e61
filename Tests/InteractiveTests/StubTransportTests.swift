import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Stub transport", .timeLimit(.minutes(5)))
struct StubTransportTests {
    @Test("queued responses are used in order, then the responder, and every request is recorded")
    func queueThenResponder() async throws {
        let stub = StubTransport { request in .json(#"{"id": 3, "title": "\#(request.apiName)", "price": 0}"#) }
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub)
        let service = makeService()
        #expect(try await executor.execute(ItemApi(service: service)).title == "pen")
        #expect(try await executor.execute(ItemApi(service: service, id: "2")).title == "Item")
        #expect(stub.requests.map(\.url.path) == ["/api/items/1", "/api/items/2"])
    }
}
