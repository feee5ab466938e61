import Dispatch
import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// A transport that hangs until cancelled and remembers that it was.
final class HangingTransport: Transport {
    let started = Locked(0)
    let cancelled = Locked(0)

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        started.withLock { $0 += 1 }
        do {
            try await Task.sleep(for: .seconds(30))
        } catch {
            cancelled.withLock { $0 += 1 }
            throw .cancelled
        }
        throw .transport(message: "hung for 30 s", code: nil)
    }
}

@Suite("Cancellation and handlers", .timeLimit(.minutes(5)))
struct CancellationTests {
    let service = makeService()

    @Test("cancelling the task fails with cancelled at once and cancels the transport's request")
    func taskCancellation() async {
        let transport = HangingTransport()
        let executor = Executor(transport: transport)
        let api = ItemApi(service: service)
        let task = Task {
            await onDedicatedExecutor {
                let result = await timed { () async throws(InteractiveError) in try await executor.execute(api) }.0
                return (result, ContinuousClock.now)
            }
        }
        #expect(await eventually { transport.started.current == 1 })
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let (result, returnedAt) = await task.value
        // Well before the service's 10 s deadline (and the transport's 30 s hang).
        #expect(returnedAt - cancelledAt < .seconds(9))
        guard case .failure(.cancelled) = result else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(await eventually { transport.cancelled.current == 1 })
    }

    @Test("a task cancelled before it starts never reaches the transport")
    func cancelledBeforeStart() async {
        let transport = HangingTransport()
        let executor = Executor(transport: transport)
        let api = ItemApi(service: service)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure { () async throws(InteractiveError) in try await executor.execute(api) }
        }
        #expect(await task.value == .cancelled)
        #expect(transport.started.current == 0)
    }

    @Test("Handler.cancel cancels the request and calls back once with cancelled on the given queue")
    func handlerCancel() async {
        let transport = HangingTransport()
        let executor = Executor(transport: transport)
        let queue = DispatchQueue(label: "callbacks")
        let key = DispatchSpecificKey<String>()
        queue.setSpecific(key: key, value: "callbacks")
        let calls = Locked(0)
        let handler = Locked<Handler?>(nil)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(Result<Item, InteractiveError>, String?), Never>) in
            handler.withLock {
                $0 = executor.execute(ItemApi(service: service), queue: queue) { result in
                    calls.withLock { $0 += 1 }
                    continuation.resume(returning: (result, DispatchQueue.getSpecific(key: key)))
                }
            }
            Task {
                _ = await eventually { transport.started.current == 1 }
                handler.current?.cancel()
            }
        }
        guard case .failure(.cancelled) = result.0 else {
            Issue.record("expected cancelled, got \(result.0)")
            return
        }
        #expect(result.1 == "callbacks")
        #expect(handler.current?.isCancelled == true)
        #expect(handler.current?.isDone == true)
        #expect(await eventually { transport.cancelled.current == 1 })
        #expect(calls.current == 1)
    }

    @Test("a handler reports done after success and ignores a late cancel")
    func handlerSuccess() async throws {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub)
        let queue = DispatchQueue(label: "callbacks")
        let box = Locked<Handler?>(nil)
        let response = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response<Item>, InteractiveError>, Never>) in
            box.withLock { $0 = executor.executeWithMetadata(ItemApi(service: service), queue: queue) { continuation.resume(returning: $0) } }
        }
        #expect(try response.get().value.title == "pen")
        let handler = try #require(box.current)
        #expect(handler.isDone)
        handler.cancel()
        #expect(!handler.isCancelled)
    }

    @Test("without a queue, completion handlers run on the main actor, which is the main queue")
    func mainQueue() async throws {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub)
        // On Linux the main queue may be drained by a worker thread after `dispatch_main`, so ask the
        // queue, not the thread.
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let queueName = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            executor.execute(ItemApi(service: service)) { _ in
                MainActor.assertIsolated()
                continuation.resume(returning: DispatchQueue.getSpecific(key: key))
            }
        }
        #expect(queueName == "main")
    }
}
