import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// Server-sent events against the fault server: typed events, the idle timeout, the deadline on the
/// start, and cancellation closing the connection.
@Suite(.timeLimit(.minutes(5)))
struct EventStreamTests {
    static func ticks(_ api: TicksApi, on server: FaultServer) -> SpecDrivenTests.Redirected<TicksApi> {
        SpecDrivenTests.Redirected(api, to: server)
    }

    @Test func eventsArriveTypedWithCommentsAndMultiLineDataHandled() async throws {
        let server = try await FaultServer.start()
        let stream = try await Executor().execute(Self.ticks(TicksApi(count: 4, interval: 20), on: server))
        var ticks: [Tick] = []
        for try await tick in stream { ticks.append(tick) }
        #expect(ticks.map(\.n) == [1, 2, 3, 4])
        #expect(ticks.last?.text == "tick 4")
    }

    @Test func theExecutorReturnsAtTheStartOfTheStreamNotItsEnd() async throws {
        let server = try await FaultServer.start()
        // Eight events a second apart: 8 s in all, longer than a 5 s deadline; only the start counts.
        let api = TicksApi(count: 8, interval: 1000)
        var request = api.request
        request.options.timeout = .seconds(5)
        let executor = Executor()
        let stream = try await executor.execute(StreamingRequest(api: api, request: request, server: server))
        var count = 0
        for try await _ in stream { count += 1 }
        #expect(count == 8)
    }

    @Test func aGapLongerThanTheIdleTimeoutFailsTheStream() async throws {
        let server = try await FaultServer.start()
        // The spec's idle timeout is 5 s; the server pauses 30 s after the second event.
        let stream = try await Executor().execute(Self.ticks(TicksApi(count: 4, pauseAfter: 2, pause: 30_000), on: server))
        var seen: [Int] = []
        let started = ContinuousClock.now
        do {
            for try await tick in stream { seen.append(tick.n) }
            Issue.record("the stream should fail")
        } catch let error as InteractiveError {
            guard case .timeout = error else {
                Issue.record("expected a timeout, got \(error)")
                return
            }
        }
        #expect(seen == [1, 2])
        #expect(ContinuousClock.now - started < .seconds(25), "well before the server's pause ends")
    }

    @Test func stoppingTheIterationClosesTheConnection() async throws {
        let server = try await FaultServer.start()
        let stream = try await Executor().execute(Self.ticks(TicksApi(count: 200, interval: 50), on: server))
        for try await tick in stream where tick.n == 2 { break }
        // The server notices on its next write.
        var outcomes: [String] = []
        for _ in 0..<100 {
            outcomes = try await server.counts().outcomes["/events"] ?? []
            if outcomes.contains("stream closed by client") { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(outcomes.contains("stream closed by client"))
    }

    /// The slow body of `/events` read whole, as text, by a request that does not stream.
    struct WholeEvents: Api {
        let server: FaultServer
        var request: ApiRequest {
            var request = ApiRequest(service: RawApi.service(server), apiName: "WholeEvents", method: .get, path: "/events")
            request.add(3, as: "count", in: .query)
            request.add(300, as: "interval", in: .query)
            return request
        }
        var parser: TextParser { TextParser() }
    }

    @Test func aRequestThatDoesNotStreamIsNotCutWhenItsHeadersArrive() async throws {
        // A regression: the transport once made a body stream for every 2xx and, dropping it,
        // cancelled the task while the body was still coming.
        let server = try await FaultServer.start()
        let text = try await Executor().execute(WholeEvents(server: server))
        #expect(text.contains("tick 3"))
    }

    /// A generated API with a request of the test's own (a shorter timeout), sent to the fault server.
    struct StreamingRequest: Api {
        let api: TicksApi
        var request: ApiRequest
        var parser: TicksParser { api.parser }

        init(api: TicksApi, request: ApiRequest, server: FaultServer) {
            self.api = api
            var request = request
            request.service = RawApi.service(server)
            self.request = request
        }
    }
}
