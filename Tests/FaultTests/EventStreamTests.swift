import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// Server-sent events against the fault server: typed events, the idle timeout, the deadline on the
/// start, and cancellation closing the connection.
@Suite(.timeLimit(.minutes(5)))
struct EventStreamTests {
    /// `api` sent to the fault server with a wide idle timeout (60 s): the spec's 5 s is what
    /// `aGapLongerThanTheIdleTimeoutFailsTheStream` is about, and a machine busy with other builds
    /// has held an event back for longer than that.
    static func ticks(_ api: TicksApi, on server: FaultServer) -> StreamingRequest {
        StreamingRequest(api: api, request: api.request, server: server, idleTimeout: .seconds(60))
    }

    @Test(arguments: TransportKind.allCases) func eventsArriveTypedWithCommentsAndMultiLineDataHandled(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let stream = try await transport.executor().execute(Self.ticks(TicksApi(count: 4, interval: 20), on: server))
        var ticks: [Tick] = []
        for try await tick in stream { ticks.append(tick) }
        #expect(ticks.map(\.n) == [1, 2, 3, 4])
        #expect(ticks.last?.text == "tick 4")
    }

    @Test(arguments: TransportKind.allCases) func theExecutorReturnsAtTheStartOfTheStreamNotItsEnd(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        // Ten events 2 s apart: 20 s in all, longer than a 15 s deadline; only the start counts.
        // The idle timeout is widened as in `ticks(_:on:)`.
        let api = TicksApi(count: 10, interval: 2000)
        var request = api.request
        request.options.timeout = .seconds(15)
        let executor = transport.executor()
        let stream = try await executor.execute(StreamingRequest(api: api, request: request, server: server, idleTimeout: .seconds(60)))
        var count = 0
        for try await _ in stream { count += 1 }
        #expect(count == 10)
    }

    @Test(arguments: TransportKind.allCases) func aGapLongerThanTheIdleTimeoutFailsTheStream(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        // The spec's idle timeout is 5 s; the server pauses 30 s after the second event.
        let api = TicksApi(count: 4, pauseAfter: 2, pause: 30_000)
        let stream = try await transport.executor().execute(SpecDrivenTests.Redirected(api, to: server))
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

    @Test(arguments: TransportKind.allCases) func stoppingTheIterationClosesTheConnection(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        // 2,000 events 50 ms apart: 100 s, far longer than closing the connection can take even on a
        // busy machine, so the server cannot finish the stream first.
        let stream = try await transport.executor().execute(Self.ticks(TicksApi(count: 2000, interval: 50), on: server))
        for try await tick in stream where tick.n == 2 { break }
        // The server notices on its next write.
        var outcomes: [String] = []
        let end = ContinuousClock.now + .seconds(60)
        repeat {
            outcomes = try await server.counts().outcomes["/events"] ?? []
            if outcomes.contains("stream closed by client") { break }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < end
        #expect(outcomes.contains("stream closed by client"))
    }

    /// A reader that stops taking events holds back the connection: AsyncHTTPClient stops reading
    /// the socket once the stream's bounded buffers are full (64 events, then 1 MiB of body), so the
    /// server's writes block. URLSession (FoundationNetworking) cannot be paused: it reads the whole
    /// body into memory while the reader waits — the documented limit of that transport.
    @Test(arguments: TransportKind.allCases) func aSlowReaderHoldsBackTheServer(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 3000
        // 3,000 events of 16 KiB: 48 MiB, far more than the buffers and the sockets hold.
        var request = TicksApi(count: count).request
        request.add(16_384, as: "pad", in: .query)
        let stream = try await transport.executor().execute(StreamingRequest(api: TicksApi(count: count), request: request, server: server, idleTimeout: .seconds(60)))
        var iterator = stream.makeAsyncIterator()
        #expect(try await iterator.next()?.n == 1)
        // The reader now lags; wait until the server's writes stop advancing (or it sent everything).
        var streamed = 0
        var unchanged = 0
        for _ in 0..<300 where unchanged < 10 && streamed < count {
            try await Task.sleep(for: .milliseconds(100))
            let now = try await server.counts().streamed["/events"] ?? 0
            unchanged = now == streamed ? unchanged + 1 : 0
            streamed = now
        }
        switch transport {
        case .asyncHTTPClient:
            #expect(streamed < count / 2, "the server wrote \(streamed) of \(count) events to a reader that took one")
        case .urlSession:
            #expect(streamed == count, "FoundationNetworking reads on whatever the reader does")
        }
        // Nothing was lost or reordered while the reader waited.
        #expect(try await iterator.next()?.n == 2)
        #expect(try await iterator.next()?.n == 3)
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

    @Test(arguments: TransportKind.allCases) func aRequestThatDoesNotStreamIsNotCutWhenItsHeadersArrive(transport: TransportKind) async throws {
        // A regression: the transport once made a body stream for every 2xx and, dropping it,
        // cancelled the task while the body was still coming.
        let server = try await FaultServer.start()
        let text = try await transport.executor().execute(WholeEvents(server: server))
        #expect(text.contains("tick 3"))
    }

    /// A generated API with a request of the test's own (a shorter timeout), sent to the fault server.
    struct StreamingRequest: Api {
        let api: TicksApi
        var request: ApiRequest
        /// The time the stream may go without an event.
        var idleTimeout: Duration
        var parser: EventStreamParser<Tick> { EventStreamParser(format: .serverSentEvents, idleTimeout: idleTimeout) }

        init(api: TicksApi, request: ApiRequest, server: FaultServer, idleTimeout: Duration) {
            self.api = api
            var request = request
            request.service = RawApi.service(server)
            self.request = request
            self.idleTimeout = idleTimeout
        }
    }
}
