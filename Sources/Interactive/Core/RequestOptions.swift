/// Per-API settings from the spec (`timeout`, `cache`, `retry`, `encrypt`, …) that travel with a
/// request as typed metadata, so executors and plugins can act on them.
public struct RequestOptions: Sendable, Hashable {
    /// How much a request matters when requests wait for a free connection.
    public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable {
        /// Background work: prefetching, analytics.
        case low = 0
        /// The default.
        case normal = 1
        /// What the user is waiting for.
        case high = 2

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// How long the response may be served from a cache.
    public struct Cache: Sendable, Hashable {
        /// Time to live, in seconds.
        public var ttl: Double
        /// Header names whose values make two requests different cache entries.
        public var varyHeaders: [String]

        /// Creates a cache setting.
        public init(ttl: Double, varyHeaders: [String] = []) {
            self.ttl = ttl
            self.varyHeaders = varyHeaders
        }
    }

    /// How a failed request is retried.
    public struct Retry: Sendable, Hashable {
        /// The number of retries after the first attempt.
        public var max: Int
        /// Delay before the first retry, in seconds; doubles on each retry.
        public var backoff: Double
        /// The longest delay between two attempts, in seconds.
        public var maxBackoff: Double

        /// Creates a retry setting.
        public init(max: Int, backoff: Double = 0.2, maxBackoff: Double = 10) {
            self.max = max
            self.backoff = backoff
            self.maxBackoff = maxBackoff
        }
    }

    /// The request's own deadline; `nil` uses the service default.
    public var timeout: Duration?
    /// The cache setting; `nil` means never cached.
    public var cache: Cache?
    /// The retry setting; `nil` means never retried.
    public var retry: Retry?
    /// The spec's `encrypt` flag: plugins that sign or encrypt act on requests that carry it.
    public var encrypt: Bool
    /// Whether repeating the request is safe even if its method is not idempotent; `nil` follows the method.
    public var idempotent: Bool?
    /// Whether the request may be written to the offline journal and replayed later.
    public var freezable: Bool
    /// The scheduling priority.
    public var priority: Priority
    /// Names of parameters (query keys, body keys, header names) whose values must never be logged.
    public var secretKeys: Set<String>
    /// Any other spec keys (`x-…` in the spec), for a team's own plugins.
    public var tags: [String: String]

    /// Creates options with nothing switched on.
    public init(
        timeout: Duration? = nil,
        cache: Cache? = nil,
        retry: Retry? = nil,
        encrypt: Bool = false,
        idempotent: Bool? = nil,
        freezable: Bool = false,
        priority: Priority = .normal,
        secretKeys: Set<String> = [],
        tags: [String: String] = [:]
    ) {
        self.timeout = timeout
        self.cache = cache
        self.retry = retry
        self.encrypt = encrypt
        self.idempotent = idempotent
        self.freezable = freezable
        self.priority = priority
        self.secretKeys = secretKeys
        self.tags = tags
    }
}
