/// Runs a login at most once at a time: concurrent callers that need a login wait for the one in
/// progress and share its outcome. Each successful login increments ``generation``, so a request
/// sent before the latest login knows it only needs a replay, not another login.
///
/// The login may execute its API through the same ``Executor`` (and so the same ``ReloginPlugin``)
/// as the requests it rescues: the login runs with a task-local mark (``isRefreshingInCurrentTask``),
/// so a 401 on the login's own request fails the login instead of waiting for it. Waiting is
/// cancellable: a cancelled caller stops waiting at once (the login goes on for the others).
public final class LoginGate: Sendable {
    /// Signs the user in again, e.g. by posting stored credentials and saving the new token.
    public typealias Login = @Sendable () async throws -> Void

    /// The gates whose login the current task (or a task it started) is running.
    @TaskLocal private static var refreshing: Set<ObjectIdentifier> = []

    private typealias Waiter = CheckedContinuation<Result<Void, InteractiveError>, Never>

    private let login: Login
    private let state = Locked(State())

    private struct State {
        var generation: UInt64 = 0
        var running = false
        var waiters: [UInt64: Waiter] = [:]
        var nextWaiter: UInt64 = 0
        var runs = 0
    }

    /// Creates a gate around `login`.
    public init(login: @escaping Login) {
        self.login = login
    }

    /// Successful logins so far; requests note it when sent.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// How many times the login ran (successfully or not).
    public var runs: Int { state.withLock { $0.runs } }

    /// Whether the current task is part of this gate's login (the login's own requests): such a task
    /// must never wait for the login, which would be waiting for itself.
    public var isRefreshingInCurrentTask: Bool { Self.refreshing.contains(ObjectIdentifier(self)) }

    /// Makes sure a login newer than `seenGeneration` has succeeded: returns at once if one already
    /// has, joins the login in progress if there is one, or starts one.
    ///
    /// - Throws: The login's error, as ``InteractiveError``; ``InteractiveError/cancelled`` as soon as
    ///   the caller is cancelled (the login itself is never cancelled by one caller);
    ///   ``InteractiveError/rejected(plugin:reason:)`` when called from within the login itself.
    public func refresh(after seenGeneration: UInt64) async throws(InteractiveError) {
        if isRefreshingInCurrentTask {
            throw .rejected(plugin: "ReloginPlugin", reason: "the login needs a login itself; it cannot wait for itself")
        }
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: Waiter) in
                enum Step { case done(Result<Void, InteractiveError>), wait, start }
                let step: Step = state.withLock { state in
                    if state.generation > seenGeneration { return .done(.success(())) }
                    // Checked under the lock: a cancellation handler that ran before this finds no waiter.
                    if Task.isCancelled { return .done(.failure(.cancelled)) }
                    state.waiters[id] = waiter
                    if state.running { return .wait }
                    state.running = true
                    state.runs += 1
                    return .start
                }
                switch step {
                case .done(let result): waiter.resume(returning: result)
                case .wait: break
                case .start: startLogin()
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: .failure(.cancelled))
        }
        try outcome.get()
    }

    /// Runs the login in a task of its own, marked as this gate's login, and hands its outcome to
    /// every waiter.
    private func startLogin() {
        let login = login
        let marked = Self.refreshing.union([ObjectIdentifier(self)])
        Task {
            let outcome: Result<Void, InteractiveError>
            do {
                try await Self.$refreshing.withValue(marked) { try await login() }
                outcome = .success(())
            } catch let error as InteractiveError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.rejected(plugin: "ReloginPlugin", reason: "login failed: \(error)"))
            }
            // Publish before anyone sees the outcome, so a replay is stamped with the new generation.
            let waiters = self.state.withLock { state in
                if case .success = outcome { state.generation += 1 }
                state.running = false
                defer { state.waiters = [:] }
                return state.waiters
            }
            for waiter in waiters.values { waiter.resume(returning: outcome) }
        }
    }
}
