import Dispatch

/// Runs an operation against a deadline and the caller's cancellation, whichever comes first.
///
/// The operation runs in its own task; when the deadline passes or the caller is cancelled, the
/// result is delivered at once and the operation's task is cancelled (which cancels its network
/// request). The caller never waits for an operation that ignores cancellation.
enum DeadlineRace {
    /// Where deadline timers fire.
    static let timerQueue = DispatchQueue(label: "Interactive.DeadlineRace", qos: .userInteractive)

    /// The time from now to `deadline`, for Dispatch (zero when it has passed).
    static func dispatchInterval(until deadline: ContinuousClock.Instant) -> DispatchTimeInterval {
        let remaining = deadline - .now
        guard remaining > .zero else { return .nanoseconds(0) }
        let (seconds, attoseconds) = remaining.components
        return .nanoseconds(Int(min(seconds, Int64(Int.max / 1_000_000_000 - 1))) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }

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
                // A Dispatch timer rather than a sleeping task: it fires on time even when every
                // thread of the cooperative pool is busy, so only the caller's resumption waits for one.
                // One shared timer serves every race (see DeadlineScheduler), and a cancelled entry
                // releases its action at once.
                let token = DeadlineScheduler.shared.schedule(at: .now() + Self.dispatchInterval(until: deadline)) {
                    race.finish(.failure(.timeout(after: timeout)))
                }
                race.track(work, DeadlineTimer(token: token))
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
        var work: Task<Void, Never>?
        var timer: DeadlineTimer?
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

    /// Remembers the operation's task and the timer so the loser can be cancelled; cancels them if
    /// the race is already over.
    func track(_ work: Task<Void, Never>, _ timer: DeadlineTimer) {
        let decided = state.withLock { state in
            state.work = work
            state.timer = timer
            return state.result != nil
        }
        if decided {
            work.cancel()
            timer.cancel()
        }
    }

    /// Delivers `result` if it is the first, then cancels the operation and the timer.
    func finish(_ result: Result<T, InteractiveError>) {
        let winner: (CheckedContinuation<Result<T, InteractiveError>, Never>?, Task<Void, Never>?, DeadlineTimer?)? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer {
                state.continuation = nil
                state.work = nil
                state.timer = nil
            }
            return (state.continuation, state.work, state.timer)
        }
        guard let (continuation, work, timer) = winner else { return }
        continuation?.resume(returning: result)
        work?.cancel()
        timer?.cancel()
    }
}

/// A race's deadline on the shared scheduler, cancelled from whichever thread decides the race.
private struct DeadlineTimer: Sendable {
    let token: DeadlineScheduler.Token

    func cancel() { DeadlineScheduler.shared.cancel(token) }
}
