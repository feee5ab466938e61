/// Retries a failed exchange as the spec's `retry: {max, backoff, maxBackoff}` says, following
/// ``RetryPolicy``: transport errors, 408, 429 and 5xx, idempotent requests only, with exponential
/// backoff and jitter, never past the execution's deadline and never after cancellation.
///
/// ```swift
/// let executor = Executor(plugins: [RetryPlugin()])
/// ```
///
/// Place it inside plugins that must see the final outcome once (freezing) and outside those that
/// should apply to each attempt (scheduling, signing's clock).
public struct RetryPlugin: Plugin {
    /// The context key under which the number of retries so far is kept (an `Int`), for logging plugins.
    public static let retriesKey = "interactive.retry.count"

    /// The rules.
    public let policy: RetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void

    /// Creates a retry plugin.
    ///
    /// - Parameters:
    ///   - policy: The retry rules and jitter.
    ///   - sleep: How to wait between attempts; must throw when the task is cancelled (`Task.sleep` does).
    public init(policy: RetryPolicy = RetryPolicy(), sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.policy = policy
        self.sleep = sleep
    }

    /// `RetryPlugin`.
    public var name: String { "RetryPlugin" }

    /// Calls `next` until it succeeds, the policy says stop, the budget is spent, the deadline
    /// nears or the task is cancelled; returns or throws the last outcome.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        // No `retry` in the spec: one attempt, exactly as without this plugin.
        guard let setting = request.options.retry, setting.max > 0 else { return try await next(request) }
        var attempt = 1
        while true {
            let result: Result<HTTPResponse, InteractiveError>
            do {
                result = .success(try await next(request))
            } catch {
                result = .failure(error)
            }
            // A cancelled caller gets `cancelled`, not a stale failure, and no more attempts.
            if Task.isCancelled { throw .cancelled }
            switch policy.decide(result, request: request, attempt: attempt, setting: setting, now: .now, deadline: context.deadline) {
            case .finish:
                return try result.get()
            case .retry(let delay):
                do {
                    try await sleep(delay)
                } catch {
                    // Sleeping only fails on cancellation.
                    throw .cancelled
                }
                attempt += 1
                context[Self.retriesKey] = attempt - 1
            }
        }
    }
}
