import Foundation

/// Schedules exchanges: at most `maxPerHost` at once per host, the higher ``RequestOptions/Priority``
/// first among those waiting (the spec's `priority: low|normal|high`), and identical in-flight GET
/// requests coalesced into one network exchange whose result every caller receives.
///
/// ```swift
/// let executor = Executor(plugins: [RetryPlugin(), SchedulingPlugin(maxPerHost: 6)])
/// ```
///
/// Put it inside ``RetryPlugin`` so each retry waits for a slot again and does not hold one while
/// backing off. A caller whose GET shared another caller's exchange sees `attempts == 0` in its
/// ``ResponseMetadata``: the attempt is counted once, by the caller that made it.
public struct SchedulingPlugin: Plugin {
    /// The per-host bound and its queue.
    public let limiter: HostLimiter
    /// The shared in-flight exchanges; `nil` when coalescing is off.
    public let coalescer: RequestCoalescer?

    /// Creates a scheduler.
    ///
    /// - Parameters:
    ///   - maxPerHost: The most concurrent exchanges per host (6 by default, like browsers).
    ///   - coalesce: Whether identical in-flight GET/HEAD requests share one exchange.
    public init(maxPerHost: Int = 6, coalesce: Bool = true) {
        limiter = HostLimiter(maxPerHost: maxPerHost)
        coalescer = coalesce ? RequestCoalescer() : nil
    }

    /// `SchedulingPlugin`.
    public var name: String { "SchedulingPlugin" }

    /// Waits for a slot on the request's host, then calls `next`; identical GETs share one call.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        let host = Self.hostKey(request.url)
        func exchange() async throws(InteractiveError) -> HTTPResponse {
            try await limiter.acquire(host: host, priority: request.options.priority)
            defer { limiter.release(host: host) }
            return try await next(request)
        }
        guard let coalescer, let key = RequestCoalescer.key(for: request) else { return try await exchange() }
        return try await coalescer.run(key: key, operation: exchange)
    }

    /// `scheme://host:port`, the unit the bound applies to.
    static func hostKey(_ url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port.map(String.init) ?? "")"
    }
}
