import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Cancellations that land while the answer is being delivered. `URLSessionTask.cancel()` waits
    /// for the session's queue; when a cancellation handler called it while that queue was resuming
    /// the same task, both threads waited for each other and the whole process stopped.
    @Suite("Cancelling as the answer arrives")
    struct CancellationRace {
        /// Requests started in waves of `inFlight`, each cancelled after a pseudo-random delay of up
        /// to `maxDelay` (about the local server's answer time); what each ended with.
        static func race(
            _ count: Int, inFlight: Int, maxDelay: Duration, _ send: @escaping @Sendable (Int) async -> Result<Void, InteractiveError>
        ) async -> [Result<Void, InteractiveError>] {
            var generator = SplitMix64(seed: 20_261_127)
            var results: [Result<Void, InteractiveError>] = []
            for wave in stride(from: 0, to: count, by: inFlight) {
                let delays = (0..<inFlight).map { _ in Duration.microseconds(Int64(generator.next() % UInt64(maxDelay / .microseconds(1)))) }
                let tasks = (0..<inFlight).map { index in Task { await send(wave + index) } }
                for (task, delay) in zip(tasks, delays) {
                    Task {
                        try? await Task.sleep(for: delay)
                        task.cancel()
                    }
                }
                for task in tasks { results.append(await task.value) }
            }
            return results
        }

        @Test("transport sends cancelled at random moments all end, as answers or as cancelled")
        func transportSends() async throws {
            let base = try await useLocalHTTPBin()
            let transport = URLSessionTransport()
            let watchdog = Watchdog(after: .seconds(120), "a URLSessionTransport send cancelled as its answer arrived never ended")
            defer { watchdog.disarm() }
            let results = await Self.race(600, inFlight: 6, maxDelay: .milliseconds(4)) { index in
                do throws(InteractiveError) {
                    let response = try await transport.send(HTTPRequest(apiName: "Get", method: .get, url: base.appendingPathComponent("get").appending(queryItems: [URLQueryItem(name: "n", value: "\(index)")])))
                    return response.status == 200 ? .success(()) : .failure(.transport(message: "status \(response.status)", code: nil))
                } catch {
                    return .failure(error)
                }
            }
            #expect(results.count == 600)
            let unexpected = results.compactMap { result -> InteractiveError? in
                guard case .failure(let error) = result, error != .cancelled else { return nil }
                return error
            }
            #expect(unexpected.isEmpty, "\(unexpected.prefix(3))")
        }

        @Test("executor requests cancelled at random moments all end, as answers or as cancelled")
        func executorRequests() async throws {
            try await useLocalHTTPBin()
            let executor = Executor()
            let watchdog = Watchdog(after: .seconds(120), "an executor request cancelled as its answer arrived never ended")
            defer { watchdog.disarm() }
            let results = await Self.race(600, inFlight: 6, maxDelay: .milliseconds(4)) { index in
                do throws(InteractiveError) {
                    _ = try await executor.execute(GetApi(q: "\(index)"))
                    return .success(())
                } catch {
                    return .failure(error)
                }
            }
            #expect(results.count == 600)
            #expect(results.allSatisfy { if case .failure(let error) = $0 { error == .cancelled } else { true } })
        }
    }
}

/// Ends the test process with a message when it is not disarmed in time: a deadlock that stops
/// every thread of the cooperative pool would otherwise hang the test run without a word.
private final class Watchdog: Sendable {
    private let disarmed = DispatchSemaphore(value: 0)

    init(after timeout: Duration, _ message: String) {
        let disarmed = self.disarmed
        Thread.detachNewThread {
            let seconds = Double(timeout.components.seconds)
            guard disarmed.wait(timeout: .now() + seconds) == .timedOut else { return }
            FileHandle.standardError.write(Data("deadlock: \(message) within \(Int(seconds)) s\n".utf8))
            exit(70)
        }
    }

    func disarm() { disarmed.signal() }
}
