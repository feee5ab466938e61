/// A running execution started with a completion handler: cancel it, or ask whether it is over.
public final class Handler: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var isCancelled = false
        var isDone = false
    }

    private let state = Locked(State())

    init() {}

    /// Whether ``cancel()`` was called before the execution was done.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Whether the completion handler has been called (or is being called).
    public var isDone: Bool { state.withLock { $0.isDone } }

    /// Cancels the execution and its network request; the completion handler is then called with
    /// ``InteractiveError/cancelled``. Does nothing once the execution is done.
    public func cancel() {
        let task: Task<Void, Never>? = state.withLock { state in
            guard !state.isDone, !state.isCancelled else { return nil }
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Attaches the task running the execution; cancels it if ``cancel()`` came first.
    func attach(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
    }

    /// Marks the execution done; returns whether it was cancelled.
    func markDone() -> Bool {
        state.withLock { state in
            state.isDone = true
            state.task = nil
            return state.isCancelled
        }
    }
}
