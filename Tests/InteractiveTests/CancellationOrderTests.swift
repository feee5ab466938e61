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
        let task = Task { await failure { () async throws(InteractiveError) in try await executor.execute(api) } }
        #expect(await eventually { transport.started.current })
        task.cancel()
        #expect(await task.value == .cancelled)
        #expect(transport.tidied.current, "the caller was resumed before the transport tidied up")
    }

    @Test("a timed-out caller resumes after the transport's cancellation handler", arguments: [false, true])
    func timeoutAfterTheHandler(withPlugin: Bool) async {
        let transport = TidyingTransport()
        let executor = Executor(transport: transport, plugins: withPlugin ? [HeaderPlugin(["X-Test": "1"])] : [])
        let api = ItemApi(service: service, timeout: .milliseconds(200))
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(api) }
        #expect(error == .timeout(after: .milliseconds(200)))
        #expect(transport.tidied.current, "the caller was resumed before the transport tidied up")
    }
}
