/// Runs an operation against a deadline and the caller's cancellation, whichever comes first.
///
/// The operation runs in its own task; when the deadline passes or the caller is cancelled, the
/// result is delivered at once and the operation's task is cancelled (which cancels its network
/// request). The caller never waits for an operation that ignores cancellation.
enum DeadlineRace {
    /// The first of: the operation's result, ``InteractiveError/timeout(after:)`` at `deadline`, or
    /// ``InteractiveError/cancelled`` when the calling task is cancelled.
    static func run<T: Sendable>(
        until deadline: ContinuousClock.Instant,
        timeout: Duration,
        operation: @escaping @Sendable () async throws(InteractiveError) -> T
    ) async -> Result<T, InteractiveError> {
        let race = Race<T>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                race.install(continuation)
                let work = Task {
                    do throws(InteractiveError) {
                        race.finish(.success(try await operation()))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    if !Task.isCancelled { race.finish(.failure(.timeout(after: timeout))) }
                }
                race.track(work, timer)
            }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
    }
}

/// The shared state of one race: the first result wins, later ones are dropped.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, InteractiveError>, Never>?
        var result: Result<T, InteractiveError>?
        var tasks: [Task<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Registers the waiting caller; resumes it at once if the race is already decided.
    func install(_ continuation: CheckedContinuation<Result<T, InteractiveError>, Never>) {
        let decided: Result<T, InteractiveError>? = state.withLock { state in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let decided { continuation.resume(returning: decided) }
    }

    /// Remembers the racing tasks so the loser can be cancelled; cancels them if the race is over.
    func track(_ tasks: Task<Void, Never>...) {
        let decided = state.withLock { state in
            state.tasks = tasks
            return state.result != nil
        }
        if decided { tasks.forEach { $0.cancel() } }
    }

    /// Delivers `result` if it is the first, then cancels every racing task.
    func finish(_ result: Result<T, InteractiveError>) {
        let winner: (CheckedContinuation<Result<T, InteractiveError>, Never>?, [Task<Void, Never>])? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        guard let (continuation, tasks) = winner else { return }
        continuation?.resume(returning: result)
        tasks.forEach { $0.cancel() }
    }
}
