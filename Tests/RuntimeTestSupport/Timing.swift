import Dispatch
public import Interactive

/// Helpers the runtime's test targets share: outcomes with durations, bounded waits, and a dedicated
/// executor for timing tests.

/// Waits until `condition` holds, checking every 10 ms, for at most `limit`. Returns whether it held.
///
/// The limit is generous on purpose: it returns as soon as the condition holds, and only a failing
/// test waits it out, so a loaded CI machine cannot turn a slow pass into a failure.
public func eventually(within limit: Duration = .seconds(20), _ condition: @Sendable () -> Bool) async -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

/// The outcome of `body` as a `Result`.
public func outcome<T>(_ body: () async throws(InteractiveError) -> T) async -> Result<T, InteractiveError> {
    do throws(InteractiveError) {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

/// The outcome of `body` as a `Result`, with how long it took.
public func timed<T>(_ body: () async throws(InteractiveError) -> T) async -> (Result<T, InteractiveError>, Duration) {
    let start = ContinuousClock.now
    let result = await outcome(body)
    return (result, .now - start)
}

/// The error `body` fails with, or `nil` when it succeeds.
public func failure<T>(_ body: () async throws(InteractiveError) -> T) async -> InteractiveError? {
    if case .failure(let error) = await timed(body).0 { return error }
    return nil
}

/// The error `body` fails with, or `nil` when it succeeds.
public func failure<T>(_ body: () throws(InteractiveError) -> T) -> InteractiveError? {
    do throws(InteractiveError) {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Runs jobs on a serial Dispatch queue of its own, outside the cooperative thread pool.
///
/// Timing tests run their caller here: when the whole test run keeps the pool's few threads busy
/// (2 cores), a caller on the pool would wait for a free thread after the deadline fired, and the test
/// would measure the test runner's load rather than the executor's promise. An app's caller is
/// usually the main actor, which is likewise a thread of its own.
public final class DedicatedExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "tests.dedicated-executor", qos: .userInteractive)

    /// Creates an executor with its own queue.
    public init() {}

    /// Runs the job on the queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Runs `body` with its continuations resumed on a ``DedicatedExecutor`` where the platform allows.
public func onDedicatedExecutor<T: Sendable>(_ body: @Sendable () async -> T) async -> T {
    if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *) {
        return await withTaskExecutorPreference(DedicatedExecutor()) { await body() }
    }
    return await body()
}
