/// Pre- and post-processing that is transparent to the caller: signing, caching, logging, re-login,
/// retry, scheduling.
///
/// Every method has a default that does nothing, so a plugin implements only what it needs
/// (see the extension below). For one execution, an ``Executor`` with plugins `[p1, p2, p3]` runs:
///
/// 1. `prepare` in order p1, p2, p3 — each may change the request or throw to reject it
///    (the seeds' *willSend*).
/// 2. `answer` in order; the first non-`nil` response is used and the network is not touched
///    (a cache). Its ``PluginAnswer/source`` shows in the response metadata.
/// 3. `send` nested with p1 outermost: p1.send calls `next`, which runs p2.send, …, then the transport
///    (retry, scheduling, coalescing, freezing wrap the exchange here; the seeds' *didSend*).
/// 4. `process` in order p1, p2, p3 on the result — each may accept, transform, fail, or ask for a
///    replay, which starts again at step 1 with the returned request (the seeds' *willSucceed*/*willFail*;
///    used by re-login).
/// 5. The parser runs; then `didFinish` in order with the final outcome (*didSucceed*/*didFail*).
public protocol Plugin: Sendable {
    /// A short name for logs and ``InteractiveError/rejected(plugin:reason:)``.
    var name: String { get }

    /// Changes the request before it is sent, or throws to reject it.
    func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest

    /// Answers the request without the network, or returns `nil` to let it go on.
    func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer?

    /// Wraps the exchange with the server; call `next` to go on (possibly several times).
    func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse

    /// Looks at the outcome of the exchange and decides what happens to it.
    func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict

    /// Learns the final outcome after parsing; cannot change it.
    func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async
}

/// Calls the rest of the chain: the next plugin's `send`, or the transport.
public typealias PluginNext = @Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPResponse

/// A response a plugin supplies instead of the network.
public struct PluginAnswer: Sendable {
    /// The response.
    public var response: HTTPResponse
    /// Where it came from, e.g. `memory-cache`; reported in ``ResponseMetadata/source``.
    public var source: String

    /// Creates an answer.
    public init(response: HTTPResponse, source: String) {
        self.response = response
        self.source = source
    }
}

/// What a plugin decides about an exchange's outcome.
public enum PluginVerdict: Sendable {
    /// Pass this outcome on (the same, or a transformed one — a response turned into a failure,
    /// or a failure recovered into a response).
    case proceed(Result<HTTPResponse, InteractiveError>)
    /// Send this request again from the start of the chain (e.g. after re-login).
    case replay(HTTPRequest)
}

extension Plugin {
    /// The type's name.
    public var name: String { String(describing: Self.self) }

    /// Leaves the request as it is.
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest { request }

    /// Never answers.
    public func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer? { nil }

    /// Calls `next` once.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        try await next(request)
    }

    /// Passes the outcome on unchanged.
    public func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        .proceed(result)
    }

    /// Does nothing.
    public func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {}
}
