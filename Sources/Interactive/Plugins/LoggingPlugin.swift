/// Logs every execution at the interceptor points — before sending, on each outcome, and at the
/// end — without ever logging a secret value (see ``Redactor``).
///
/// Put it last among the plugins to log the request exactly as it is sent (after signing), or first
/// to log it as the API built it.
///
/// ```swift
/// let executor = Executor(plugins: [HeaderPlugin(["X-Trace": id]), LoggingPlugin()])
/// ```
public struct LoggingPlugin: Plugin {
    /// Receives each log message.
    public typealias Sink = @Sendable (String) -> Void

    /// Whether request bodies are logged (with secrets masked).
    public var includeBodies: Bool
    private let sink: Sink

    /// Creates a logging plugin.
    ///
    /// - Parameters:
    ///   - includeBodies: Whether request bodies are logged, with secrets masked.
    ///   - sink: Where messages go; standard output by default.
    public init(includeBodies: Bool = false, sink: @escaping Sink = { print($0) }) {
        self.includeBodies = includeBodies
        self.sink = sink
    }

    /// The name in logs.
    public var name: String { "LoggingPlugin" }

    /// Logs the request about to be sent (*willSend*).
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        sink("→ \(request.apiName) " + Redactor(for: request).describe(request, includeBody: includeBodies))
        return request
    }

    /// Logs the outcome of the exchange (*willSucceed* / *willFail*).
    public func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        switch result {
        case .success(let response):
            sink("← \(request.apiName) \(response.status), \(response.body.count) bytes from \(context.source), attempt \(context.attempts)")
        case .failure(let error):
            sink("← \(request.apiName) failed: \(Self.safeDescription(error))")
        }
        return .proceed(result)
    }

    /// Logs the final outcome (*didSucceed* / *didFail*).
    public func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {
        let elapsed = ContinuousClock.now - context.startedAt
        switch result {
        case .success:
            sink("✓ \(request.apiName) in \(elapsed.formatted(.units(allowed: [.milliseconds])))")
        case .failure(let error):
            sink("✗ \(request.apiName) after \(elapsed.formatted(.units(allowed: [.milliseconds]))): \(Self.safeDescription(error))")
        }
    }

    /// The error as logged: its description, which never includes response bodies (they may echo secrets).
    static func safeDescription(_ error: InteractiveError) -> String {
        error.description
    }
}
