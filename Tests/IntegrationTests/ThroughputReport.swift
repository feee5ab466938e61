import Foundation
import HTTPBinAPI
import Interactive
import Testing

extension HTTPBinTests {
    /// Prints requests per second of the executor against httpbin on loopback. Only prints: timing
    /// depends on the machine, so nothing here is asserted except that every request succeeded.
    ///
    /// Runs only when asked, so its load never disturbs the timing tests that run beside it:
    /// `APIGEN_THROUGHPUT=1 swift test --filter Throughput` (`APIGEN_THROUGHPUT_REQUESTS` sets the count).
    @Suite("Throughput", .enabled(if: ProcessInfo.processInfo.environment["APIGEN_THROUGHPUT"] != nil))
    struct Throughput {
        @Test("requests per second, sequential and 16 at a time")
        func report() async throws {
            try await useLocalHTTPBin()
            let total = ProcessInfo.processInfo.environment["APIGEN_THROUGHPUT_REQUESTS"].flatMap(Int.init) ?? 2000
            let executor = Executor()
            _ = try await executor.execute(GetApi(q: "warm-up"))

            let sequentialCount = max(1, total / 4)
            let sequentialStart = ContinuousClock.now
            for index in 0..<sequentialCount {
                _ = try await executor.execute(GetApi(q: "\(index)"))
            }
            let sequential = ContinuousClock.now - sequentialStart

            let concurrentStart = ContinuousClock.now
            let succeeded = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        var done = 0
                        for index in stride(from: worker, to: total, by: 16) {
                            _ = try await executor.execute(GetApi(q: "\(index)"))
                            done += 1
                        }
                        return done
                    }
                }
                return try await group.reduce(0, +)
            }
            let concurrent = ContinuousClock.now - concurrentStart
            #expect(succeeded == total)

            // The same exchanges straight through the transport, without plugins, deadline or parsing,
            // to show what the executor adds.
            let transport = URLSessionTransport()
            let request = try GetApi(q: "raw").request.resolve()
            let rawStart = ContinuousClock.now
            let rawSucceeded = try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<16 {
                    group.addTask {
                        var done = 0
                        for _ in stride(from: worker, to: total, by: 16) where try await transport.send(request).isSuccess {
                            done += 1
                        }
                        return done
                    }
                }
                return try await group.reduce(0, +)
            }
            let raw = ContinuousClock.now - rawStart
            #expect(rawSucceeded == total)

            // The executor alone: the same API answered by a stub with a recorded httpbin body.
            let body = try await transport.send(request).body
            let stubbed = Executor(transport: StubTransport { _ in HTTPResponse(status: 200, body: body) })
            let stubStart = ContinuousClock.now
            for index in 0..<total {
                _ = try await stubbed.execute(GetApi(q: "\(index)"))
            }
            let stub = ContinuousClock.now - stubStart

            func rate(_ count: Int, _ duration: Duration) -> String {
                let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                return String(format: "%.0f req/s (%d requests in %.2f s)", Double(count) / seconds, count, seconds)
            }
            print("THROUGHPUT executor → httpbin (gunicorn gthread 2×64) on 127.0.0.1, GET /get parsed into Echo:")
            print("THROUGHPUT   sequential:    \(rate(sequentialCount, sequential))")
            print("THROUGHPUT   16 concurrent: \(rate(total, concurrent))")
            print("THROUGHPUT   16 concurrent, transport alone (no executor, no parsing): \(rate(total, raw))")
            print("THROUGHPUT   sequential, executor over a stub (no network, parsing included): \(rate(total, stub))")
        }
    }
}
