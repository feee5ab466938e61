import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Batch (all-or-nothing, per item) and chained calls against the fault server.
@Suite(.timeLimit(.minutes(5)))
struct BatchTests {
    func executor() -> Executor { Executor(transport: URLSessionTransport()) }

    @Test func allReturnsResultsInOrder() async throws {
        let server = try await FaultServer.start()
        let apis = (0..<8).map { RawApi(server, "/b\($0)", query: [("delay", String(100 - $0 * 10))]) }
        let responses = try await executor().executeAll(apis)
        #expect(responses.compactMap { $0.json?["key"]?.stringValue } == (0..<8).map { "/b\($0)" })
    }

    @Test func allFailsFastAndCancelsTheRest() async throws {
        let server = try await FaultServer.start()
        var apis = (0..<4).map { RawApi(server, "/slow\($0)", query: [("fault", "hang"), ("hang", "300")]) }
        apis.append(RawApi(server, "/broken", query: [("fault", "status:500")]))
        let (result, elapsed) = await measure { await outcome { () async throws(InteractiveError) in try await executor().executeAll(apis) } }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.hasStatus(500))
        #expect(elapsed < .seconds(30))  // the others hang for 300 s
    }

    @Test func eachReportsEveryItem() async throws {
        let server = try await FaultServer.start()
        let apis = ["none", "status:404", "none", "status:500"].enumerated().map { RawApi(server, "/e\($0.offset)", query: [("fault", $0.element)]) }
        let results = await executor().executeEach(apis)
        #expect(results.map { (try? $0.get())?.status } == [200, nil, 200, nil])
        if case .failure(let error) = results[1] { #expect(error.hasStatus(404)) }
        #expect(try await server.counts().total == 4)
    }

    @Test func differentApisTogether() async throws {
        let server = try await FaultServer.start()
        let (raw, json, third) = try await executor().executeAll(RawApi(server, "/one"), JSONApi(RawApi(server, "/two")), RawApi(server, "/three"))
        #expect(raw.status == 200)
        #expect(json["key"] == .string("/two"))
        #expect(third.status == 200)
    }

    @Test func chainFeedsEachStepTheLastResult() async throws {
        let server = try await FaultServer.start()
        let chain = ApiChain(RawApi(server, "/login", method: .post))
            .map { response in response.json?["token"]?.stringValue ?? "" }
            .then { token in RawApi(server, "/session", headers: [("Authorization", "Bearer \(token)")]) }
        let response = try await executor().run(chain)
        #expect(response.json?["ok"] == .bool(true))
        #expect(try await server.counts().logins == 1)
    }

    @Test func chainStopsAtTheFirstFailure() async throws {
        let server = try await FaultServer.start()
        let chain = ApiChain(RawApi(server, "/first", query: [("fault", "status:503")]))
            .then { _ in RawApi(server, "/second") }
        let result = await outcome { () async throws(InteractiveError) in try await executor().run(chain) }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.hasStatus(503))
        #expect(try await server.counts().received["/second"] == nil)
    }
}
