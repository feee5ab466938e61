import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Mock mode", .timeLimit(.minutes(5)))
struct MockModeTests {
    let service = makeService()

    @Test("global mock mode answers every API with its mock and never touches the network")
    func global() async throws {
        let stub = StubTransport()
        let response = try await Executor(transport: stub, mockMode: .all).executeWithMetadata(ItemApi(service: service))
        #expect(response.value == Item(id: 7, title: "mocked", price: 1.5))
        #expect(response.metadata.source == ResponseMetadata.mockSource)
        #expect(response.metadata.attempts == 0)
        #expect(stub.requests.isEmpty)
    }

    @Test("an API without a mock fails with mockUnavailable")
    func unavailable() async {
        let stub = StubTransport()
        let error = await failure { () async throws(InteractiveError) in
            try await Executor(transport: stub, mockMode: .all).execute(FormLoginApi(service: service, name: "ann", password: "x"))
        }
        #expect(error == .mockUnavailable(api: "Login"))
        #expect(stub.requests.isEmpty)
    }

    @Test("per-API mock mode mocks only the named APIs")
    func perApi() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 204, json: "")
        let executor = Executor(transport: stub, mockMode: .apis(["Item"]))
        #expect(try await executor.execute(ItemApi(service: service)).title == "mocked")
        #expect(try await executor.execute(FormLoginApi(service: service, name: "ann", password: "x")) == EmptyResponse())
        #expect(stub.requests.map(\.apiName) == ["Login"])
    }

    @Test("mock mode can be switched on and off at run time")
    func switching() async throws {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub)
        executor.mockMode = .all
        #expect(try await executor.execute(ItemApi(service: service)).title == "mocked")
        executor.mockMode = .off
        #expect(try await executor.execute(ItemApi(service: service)).title == "pen")
        #expect(MockMode.apis(["A"]).applies(to: "A"))
        #expect(!MockMode.apis(["A"]).applies(to: "B"))
        #expect(!MockMode.off.applies(to: "A"))
    }

    @Test("a mock that does not decode fails as a decoding error")
    func brokenMock() async {
        struct BrokenMockApi: Api {
            var service: ServiceConfiguration
            var request: ApiRequest { ApiRequest(service: service, apiName: "Broken", method: .get, path: "/broken") }
            var parser: JSONParser<Item> { JSONParser() }
            static let mockJSON: String? = #"{"id": "x"}"#
        }
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: StubTransport(), mockMode: .all).execute(BrokenMockApi(service: service)) }
        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "id")
    }
}
