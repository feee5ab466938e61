import Dispatch

/// Runs an operation against a deadline and the caller's cancellation, whichever comes first.
///
/// The operation runs in its own task; when the deadline passes or the caller is cancelled, the
/// operation's task is cancelled (which cancels its network request) and the result is delivered at
/// once. The caller never waits for an operation that ignores cancellation, but it is resumed only
/// after the operation's cancellation handlers ran: what a transport does in one (a download's
/// partial file finished and kept, see ``DownloadSink/withSink(for:reporter:_:)``) is done when the
/// caller learns of the timeout or the cancellation.
package enum DeadlineRace {
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
    package static func run<T: Sendable>(
        until deadline: ContinuousClock.Instant,
        timeout: Duration,
        operation: @escaping @Sendable () async throws(InteractiveError) -> T
    ) async -> Result<T, InteractiveError> {
        let race = Race<T>()
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let work = Task {
                    do throws(InteractiveError) {
                        race.finish(.success(try await operation()), fromWork: true)
                    } catch {
                        race.finish(.failure(error), fromWork: true)
                    }
                }
                // A Dispatch timer rather than a sleeping task: it fires on time even when every
                // thread of the cooperative pool is busy, so only the caller's resumption waits for one.
                // One shared timer serves every race (see DeadlineScheduler), and a cancelled entry
                // releases its action at once.
                let token = DeadlineScheduler.shared.schedule(at: .now() + Self.dispatchInterval(until: deadline)) {
                    race.finish(.failure(.timeout(after: timeout)))
                }
                // Tracked before the caller is installed: whichever way the race is decided, the
                // work is cancelled before the caller is resumed.
                race.track({ work.cancel() }, DeadlineTimer(token: token))
                race.install(continuation)
            }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
    }

    /// The same race for an operation that answers through a callback (``CallbackTransport``):
    /// `start` begins it, hands its result to the callback it is given, and returns what cancels
    /// it. No task is made; the caller waits on one continuation that the first of the operation,
    /// the deadline and its own cancellation resumes.
    static func run<T: Sendable>(
        until deadline: ContinuousClock.Instant,
        timeout: Duration,
        start: (@escaping @Sendable (Result<T, InteractiveError>) -> Void) -> @Sendable () -> Void
    ) async -> Result<T, InteractiveError> {
        let race = Race<T>()
        return await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in
                let cancel = start { result in race.finish(result, fromWork: true) }
                let token = DeadlineScheduler.shared.schedule(at: .now() + Self.dispatchInterval(until: deadline)) {
                    race.finish(.failure(.timeout(after: timeout)))
                }
                race.track(cancel, DeadlineTimer(token: token))
                race.install(continuation)
            }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
    }
}

/// The shared state of one race: the first result wins, later ones are dropped.
///
/// The caller's continuation is resumed exactly once, by whichever of ``install(_:)`` and
/// ``finish(_:fromWork:)`` finds the other done, under the lock; hence an unchecked continuation,
/// which saves the checked one's allocation on every request.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: UnsafeContinuation<Result<T, InteractiveError>, Never>?
        var result: Result<T, InteractiveError>?
        /// Cancels the operation (its task, or a ``CallbackTransport`` exchange).
        var cancelWork: (@Sendable () -> Void)?
        var timer: DeadlineTimer?
        /// Whether the operation's own result decided the race.
        var workWon = false
    }

    private let state = Locked(State())

    /// Registers the waiting caller; resumes it at once if the race is already decided.
    func install(_ continuation: UnsafeContinuation<Result<T, InteractiveError>, Never>) {
        let decided: Result<T, InteractiveError>? = state.withLock { state in
            if state.result == nil { state.continuation = continuation }
            return state.result
        }
        if let decided { continuation.resume(returning: decided) }
    }

    /// Remembers the operation's task and the timer so the loser can be cancelled; cancels them if
    /// the race is already over.
    func track(_ cancelWork: @escaping @Sendable () -> Void, _ timer: DeadlineTimer) {
        let decided: (workWon: Bool, decided: Bool) = state.withLock { state in
            guard state.result == nil else { return (state.workWon, true) }
            state.cancelWork = cancelWork
            state.timer = timer
            return (false, false)
        }
        if decided.decided {
            if !decided.workWon { cancelWork() }
            timer.cancel()
        }
    }

    /// Delivers `result` if it is the first and cancels the timer. Unless the result is the
    /// operation's own (a streamed response goes on after it is delivered), the operation is
    /// cancelled first, so its cancellation handlers have run when the caller resumes.
    func finish(_ result: Result<T, InteractiveError>, fromWork: Bool = false) {
        let winner: (UnsafeContinuation<Result<T, InteractiveError>, Never>?, (@Sendable () -> Void)?, DeadlineTimer?)? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            state.workWon = fromWork
            defer {
                state.continuation = nil
                state.cancelWork = nil
                state.timer = nil
            }
            return (state.continuation, state.cancelWork, state.timer)
        }
        guard let (continuation, cancelWork, timer) = winner else { return }
        if !fromWork { cancelWork?() }
        continuation?.resume(returning: result)
        timer?.cancel()
    }
}

/// A race's deadline on the shared scheduler, cancelled from whichever thread decides the race.
private struct DeadlineTimer: Sendable {
    let token: DeadlineScheduler.Token

    func cancel() { DeadlineScheduler.shared.cancel(token) }
}
