/// What the runtime knows about one execution, shared by its plugins: when it started, its deadline,
/// how many times it reached the transport, and what plugins record for the caller's metadata.
public final class PluginContext: Sendable {
    /// When the execution started.
    public let startedAt: ContinuousClock.Instant
    /// When the execution must have finished; plugins must not wait past it.
    public let deadline: ContinuousClock.Instant
    private let state = Locked(State())

    private struct State {
        var attempts = 0
        var replays = 0
        var source = ResponseMetadata.networkSource
        var values: [String: any Sendable] = [:]
    }

    /// Creates a context for an execution with this deadline.
    public init(startedAt: ContinuousClock.Instant = .now, deadline: ContinuousClock.Instant) {
        self.startedAt = startedAt
        self.deadline = deadline
    }

    /// How many times the request reached the transport so far.
    public var attempts: Int { state.withLock { $0.attempts } }

    /// How many times a plugin asked for a replay so far.
    public var replays: Int { state.withLock { $0.replays } }

    /// Where the response came from: ``ResponseMetadata/networkSource`` or a plugin's answer source.
    public var source: String { state.withLock { $0.source } }

    /// Counts one more exchange with the transport; called by the executor.
    public func recordAttempt() { state.withLock { $0.attempts += 1 } }

    /// Counts one more replay; called by the executor.
    public func recordReplay() { state.withLock { $0.replays += 1 } }

    /// Records where the response came from.
    public func recordSource(_ source: String) { state.withLock { $0.source = source } }

    /// A value a plugin stored for this execution.
    public subscript(key: String) -> (any Sendable)? {
        get { state.withLock { $0.values[key] } }
        set { state.withLock { $0.values[key] = newValue } }
    }
}

/// What a caller can learn about how a response was obtained.
public struct ResponseMetadata: Sendable, Hashable {
    /// The ``source`` of a response that came from the server.
    public static let networkSource = "network"

    /// The HTTP status (of the final attempt).
    public var status: Int
    /// The response headers.
    public var headers: HTTPHeaders
    /// Time from the start of the execution to the parsed result.
    public var duration: Duration
    /// How many times the request reached the transport (0 when answered by a cache or a mock).
    public var attempts: Int
    /// `network`, `mock`, or the plugin answer's source, e.g. `memory-cache` or `disk-cache`.
    public var source: String

    /// Creates metadata.
    public init(status: Int, headers: HTTPHeaders, duration: Duration, attempts: Int, source: String) {
        self.status = status
        self.headers = headers
        self.duration = duration
        self.attempts = attempts
        self.source = source
    }

    /// Whether the response was served by a cache plugin.
    public var isFromCache: Bool { source.hasSuffix("cache") }
}
