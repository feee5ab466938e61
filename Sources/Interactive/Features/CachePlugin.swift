public import Foundation

/// Answers requests whose spec sets `cache: {ttl, vary}` from memory, then from disk, and stores
/// successful (2xx) network responses that the parser accepted, for `ttl` seconds.
///
/// ```swift
/// let cache = CachePlugin(disk: try DiskCache(directory: cachesURL.appendingPathComponent("api")))
/// let executor = Executor(plugins: [cache, RetryPlugin()])
/// ```
///
/// The answer's source is ``memorySource`` or ``diskSource``, so ``ResponseMetadata/isFromCache`` is true
/// and the caller can tell which tier answered. A disk hit is promoted to memory.
public struct CachePlugin: Plugin {
    /// The ``PluginAnswer/source`` of a memory hit.
    public static let memorySource = "memory-cache"
    /// The ``PluginAnswer/source`` of a disk hit.
    public static let diskSource = "disk-cache"
    /// The context key marking an execution answered by this plugin, so its answer is not stored again.
    static let answeredKey = "interactive.cache.answered"
    /// The context key holding a network response waiting for the parser's verdict.
    static let pendingKey = "interactive.cache.pending"

    /// The memory tier.
    public let memory: MemoryCache
    /// The disk tier, if any.
    public let disk: DiskCache?
    private let now: @Sendable () -> Date

    /// Creates a cache plugin.
    ///
    /// - Parameters:
    ///   - memory: The memory tier (4 MiB by default).
    ///   - disk: The disk tier; `nil` keeps responses in memory only.
    ///   - now: The wall clock, replaceable in tests; TTLs survive restarts, so they use wall time.
    public init(memory: MemoryCache = MemoryCache(), disk: DiskCache? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.memory = memory
        self.disk = disk
        self.now = now
    }

    /// `CachePlugin`.
    public var name: String { "CachePlugin" }

    /// Serves a fresh entry from memory, else from disk.
    public func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer? {
        // A download's file belongs to the caller, who may move or delete it: never stored, never served.
        guard let setting = request.options.cache, setting.ttl > 0, request.download == nil else { return nil }
        let key = CacheKey(request, varyHeaders: setting.varyHeaders)
        let time = now()
        if let entry = memory.entry(for: key, now: time) {
            context[Self.answeredKey] = true
            return PluginAnswer(response: entry.response, source: Self.memorySource)
        }
        if let entry = disk?.entry(for: key, now: time) {
            memory.store(entry)
            context[Self.answeredKey] = true
            return PluginAnswer(response: entry.response, source: Self.diskSource)
        }
        return nil
    }

    /// Notes a successful network response of a cacheable request; it is stored in ``didFinish(_:for:context:)``
    /// once the parser has accepted it. Passes every outcome on unchanged.
    public func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        if let setting = request.options.cache, setting.ttl > 0, request.download == nil,
           case .success(let response) = result, response.isSuccess,
           context[Self.answeredKey] == nil {
            context[Self.pendingKey] = response
        } else {
            context[Self.pendingKey] = nil
        }
        return .proceed(result)
    }

    /// Stores the noted response if the execution succeeded: a 2xx whose body the parser rejected
    /// (truncated JSON, an envelope error) is never served again.
    public func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {
        guard case .success = result, let setting = request.options.cache, setting.ttl > 0,
              let response = context[Self.pendingKey] as? HTTPResponse
        else { return }
        let key = CacheKey(request, varyHeaders: setting.varyHeaders)
        let time = now()
        let entry = CacheEntry(key: key.text, response: response, storedAt: time, expiresAt: time.addingTimeInterval(setting.ttl))
        memory.store(entry)
        disk?.store(entry, key: key, now: time)
    }
}
