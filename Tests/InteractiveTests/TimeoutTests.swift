import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Deadlines", .timeLimit(.minutes(5)))
struct TimeoutTests {
    let service = makeService()

    /// Not before its mark, and long before the transport, which hangs for 30 s, could answer. How
    /// close to its mark a deadline fires is a figure for the benchmark (`Benchmarks/Runtime`), not
    /// a bound here: a busy machine may run the caller late.
    @Test("the executor fires the timeout not before its mark, long before the hanging transport, and cancels the exchange",
          arguments: [Duration.milliseconds(500), .milliseconds(2500)])
    func precision(timeout: Duration) async {
        let transport = HangingTransport()
        let executor = Executor(transport: transport)
        let api = ItemApi(service: service, timeout: timeout)
        let (result, elapsed) = await onDedicatedExecutor {
            await timed { () async throws(InteractiveError) in try await executor.execute(api) }
        }
        guard case .failure(.timeout(let after)) = result else {
            Issue.record("expected timeout, got \(result)")
            return
        }
        #expect(after == timeout)
        #expect(elapsed >= timeout)
        #expect(elapsed < timeout + .seconds(10), "fired \(elapsed - timeout) late")
        // Under heavy load the exchange may not have reached the transport before the deadline; every
        // exchange that did is cancelled.
        #expect(await eventually { transport.cancelled.current == transport.started.current })
    }

    @Test("the deadline holds even against a transport that ignores cancellation")
    func stubbornTransport() async {
        let stub = StubTransport { _ in
            // Ignores cancellation without spinning: a continuation resumed by a timer 120 s later.
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + 120) { done.resume() }
            }
            return .json(itemJSON)
        }
        let api = ItemApi(service: service, timeout: .milliseconds(300))
        let (result, elapsed) = await onDedicatedExecutor {
            await timed { () async throws(InteractiveError) in try await Executor(transport: stub).execute(api) }
        }
        #expect(result.failureValue == .timeout(after: .milliseconds(300)))
        #expect(elapsed >= .milliseconds(300))
        #expect(elapsed < .seconds(30))  // the stub answers after 120 s
    }

    @Test("the transport is handed the time that is left, not more")
    func remainingTimeReachesTransport() async throws {
        struct Slow: Plugin {
            func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
                try? await Task.sleep(for: .milliseconds(200))
                return request
            }
        }
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        // A long timeout, so that a loaded machine cannot turn the 200 ms pause into a timeout.
        _ = try await Executor(transport: stub, plugins: [Slow()]).execute(ItemApi(service: service, timeout: .seconds(30)))
        let handed = try #require(stub.requests.first?.timeout)
        #expect(handed <= .seconds(30) - .milliseconds(200))
        #expect(handed > .zero)
    }

    @Test("a timeout reported by the transport is reported with the API's timeout")
    func transportTimeout() async {
        let stub = StubTransport()
        stub.enqueue(error: .timeout(after: .seconds(1)))
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub).execute(ItemApi(service: service, timeout: .seconds(4))) }
        #expect(error == .timeout(after: .seconds(4)))
    }
}

extension Result {
    /// The failure, if any.
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
