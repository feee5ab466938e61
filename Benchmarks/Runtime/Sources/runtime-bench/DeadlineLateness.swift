import Interactive
import LoopbackAPI

/// A transport that never answers (until cancelled), so only the executor's deadline ends an execution.
struct SilentTransport: Transport {
    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        try? await Task.sleep(for: .seconds(3600))
        throw .cancelled
    }
}

/// An API with a timeout of its own.
struct Timed<Base: Api>: Api {
    var base: Base
    var timeout: Duration

    var request: ApiRequest {
        var request = base.request
        request.options.timeout = timeout
        return request
    }

    var parser: Base.Parser { base.parser }
}

/// How late after its mark the executor's deadline fires: `samples` executions against a transport
/// that never answers, `inFlight` at a time, each measured from its start to its `.timeout`.
/// This is the figure the tests deliberately do not bound (a busy machine runs the caller late).
func deadlineLateness(timeout: Duration, samples: Int, inFlight: Int = 8) async throws -> [Duration] {
    let executor = Executor(transport: SilentTransport())
    let api = Timed(base: ItemGetApi(id: 42, q: nil), timeout: timeout)
    let one: @Sendable () async throws -> Duration = {
        let start = ContinuousClock.now
        do throws(InteractiveError) {
            _ = try await executor.execute(api)
        } catch .timeout {
            return ContinuousClock.now - start - timeout
        } catch {
            throw BenchError.failed("expected a timeout, got \(error)")
        }
        throw BenchError.failed("expected a timeout, got an answer")
    }
    return try await withThrowingTaskGroup(of: Duration.self) { group in
        var started = 0
        var lateness: [Duration] = []
        while started < min(inFlight, samples) {
            group.addTask(operation: one)
            started += 1
        }
        while let late = try await group.next() {
            lateness.append(late)
            if started < samples {
                group.addTask(operation: one)
                started += 1
            }
        }
        return lateness.sorted()
    }
}

/// `deadline <timeout> late p50 <ms> p90 <ms> max <ms> (n <samples>)`.
func deadlineLine(timeout: Duration, lateness: [Duration]) -> String {
    func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f", Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
    }
    func at(_ fraction: Double) -> Duration {
        lateness.isEmpty ? .zero : lateness[min(lateness.count - 1, Int(Double(lateness.count) * fraction))]
    }
    return "deadline \(milliseconds(timeout))ms late p50 \(milliseconds(at(0.5)))ms p90 \(milliseconds(at(0.9)))ms max \(milliseconds(lateness.last ?? .zero))ms (n \(lateness.count))"
}
