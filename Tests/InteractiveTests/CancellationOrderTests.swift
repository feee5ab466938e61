import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// A transport whose cancellation handler takes a while to tidy up, as a download's does (its
/// partial file is closed and kept), and which records when it is done.
final class TidyingTransport: Transport {
    let started = Locked(false)
    let tidied = Locked(false)

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        let started = started, tidied = tidied
        await withTaskCancellationHandler {
            started.withLock { $0 = true }
            try? await Task.sleep(for: .seconds(600))
        } onCancel: {
            // Long enough that a caller resumed before the handler ran would see it unfinished.
            Thread.sleep(forTimeInterval: 0.3)
            tidied.withLock { $0 = true }
        }
        throw .cancelled
    }
}

/// When the executor gives up on an exchange (the caller cancelled, the deadline passed), the
/// transport's cancellation handler has run by the time the caller hears of it.
@Suite("Cancellation order", .timeLimit(.minutes(5)))
struct CancellationOrderTests {
    let service = makeService()

    @Test("a cancelled caller resumes after the transport's cancellation handler", arguments: [false, true])
    func cancellationAfterTheHandler(withPlugin: Bool) async {
        let transport = TidyingTransport()
        let executor = Executor(transport: transport, plugins: withPlugin ? [HeaderPlugin(["X-Test": "1"])] : [])
        let api = ItemApi(service: service)
        // What the caller sees the moment it is resumed (`cancel()` itself runs the handlers, so the
        // canceller cannot tell). The caller resumes on a queue of its own: on the cooperative pool
        // it could wait for the thread the handler holds, and see the handler done whatever the order.
        let task = Task {
            await onDedicatedExecutor { () async -> (InteractiveError?, Bool) in
                let error = await failure { () async throws(InteractiveError) in try await executor.execute(api) }
                return (error, transport.tidied.current)
            }
        }
        #expect(await eventually { transport.started.current })
        task.cancel()
        let (error, tidied) = await task.value
        #expect(error == .cancelled)
        #expect(tidied, "the caller was resumed before the transport tidied up")
    }

    /// The deadline's timer, not the caller, decides this race, so only the race's order (cancel
    /// the work, then resume the caller) keeps the handler ahead; a cancelled caller is also held by
    /// the runtime until its own cancellation handler, which cancels the work, has returned.
    ///
    /// On a machine so busy that the transport had not started when the deadline passed, there was
    /// nothing to tidy when the caller heard of it (the handler then runs as the transport starts,
    /// before it does anything), so what is checked is: started by then means tidied by then.
    @Test("a timed-out caller resumes after the transport's cancellation handler", arguments: [false, true])
    func timeoutAfterTheHandler(withPlugin: Bool) async {
        let transport = TidyingTransport()
        let executor = Executor(transport: transport, plugins: withPlugin ? [HeaderPlugin(["X-Test": "1"])] : [])
        let api = ItemApi(service: service, timeout: .seconds(1))
        let (error, started, tidied) = await onDedicatedExecutor { () async -> (InteractiveError?, Bool, Bool) in
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(api) }
            return (error, transport.started.current, transport.tidied.current)
        }
        #expect(error == .timeout(after: .seconds(1)))
        #expect(!started || tidied, "the caller was resumed before the transport tidied up")
    }
}
