/// Runs a login at most once at a time: concurrent callers that need a login wait for the one in
/// progress and share its outcome. Each successful login increments ``generation``, so a request
/// sent before the latest login knows it only needs a replay, not another login.
public final class LoginGate: Sendable {
    /// Signs the user in again, e.g. by posting stored credentials and saving the new token.
    public typealias Login = @Sendable () async throws -> Void

    private let login: Login
    private let state = Locked(State())

    private struct State {
        var generation: UInt64 = 0
        var running: Task<Result<UInt64, InteractiveError>, Never>?
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

    /// Makes sure a login newer than `seenGeneration` has succeeded: returns at once if one already
    /// has, joins the login in progress if there is one, or starts one.
    ///
    /// - Throws: The login's error, as ``InteractiveError``; ``InteractiveError/cancelled`` if the
    ///   caller was cancelled meanwhile (the login itself is never cancelled by one caller).
    public func refresh(after seenGeneration: UInt64) async throws(InteractiveError) {
        let task: Task<Result<UInt64, InteractiveError>, Never>? = state.withLock { state in
            if state.generation > seenGeneration { return nil }
            if let running = state.running { return running }
            state.runs += 1
            let login = login
            let task = Task { () -> Result<UInt64, InteractiveError> in
                let outcome: Result<UInt64, InteractiveError>
                do {
                    try await login()
                    outcome = .success(0)
                } catch let error as InteractiveError {
                    outcome = .failure(error)
                } catch {
                    outcome = .failure(.rejected(plugin: "ReloginPlugin", reason: "login failed: \(error)"))
                }
                // Publish before anyone sees the outcome, so a replay is stamped with the new generation.
                // (The creating call holds the lock until `running` is set, so this cannot overtake it.)
                self.state.withLock { state in
                    if case .success = outcome { state.generation += 1 }
                    state.running = nil
                }
                return outcome
            }
            state.running = task
            return task
        }
        guard let task else { return }
        // The login is shared, so a cancelled caller does not cancel it; it stops waiting when it ends.
        let outcome = await task.value
        if Task.isCancelled { throw .cancelled }
        if case .failure(let error) = outcome { throw error }
    }
}
