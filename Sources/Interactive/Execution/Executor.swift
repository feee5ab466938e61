/// Runs ``Api`` values: resolves the request, runs the plugins around the ``Transport``, enforces the
/// deadline, and parses the response into the business object.
///
/// ```swift
/// let executor = Executor(plugins: [LoggingPlugin()])
/// let echo = try await executor.execute(GetApi(q: "swift"))
/// ```
///
/// One execution follows the order documented on ``Plugin``: `prepare` → `answer` → `send` chain →
/// `process` (which may ask for a bounded number of replays) → parse → `didFinish`.
///
/// The deadline (the API's timeout, else the service's default) is the executor's own promise:
/// the exchange is raced against a timer and fails with ``InteractiveError/timeout(after:)`` on time
/// whatever the transport does; the remaining time is also passed to the transport as
/// ``HTTPRequest/timeout``. Cancelling the calling task (or a ``Handler``) fails the execution
/// with ``InteractiveError/cancelled`` at once and cancels the network request.
public final class Executor: Sendable {
    /// The executor used by code that does not make its own: URLSession, no plugins.
    /// Switch it to mock mode with ``mockMode``.
    public static let shared = Executor()

    /// Where requests are sent.
    public let transport: any Transport
    /// The plugins, in the order documented on ``Plugin``.
    public let plugins: [any Plugin]
    /// How many times plugins may ask to replay one execution; a replay asked for beyond this is
    /// ignored and the outcome goes on unchanged to the remaining plugins.
    public let maxReplays: Int
    private let mode: Locked<MockMode>

    /// Creates an executor.
    ///
    /// - Parameters:
    ///   - transport: Where requests are sent; by default a new ``URLSessionTransport``.
    ///   - plugins: Pre- and post-processing, in order (see ``Plugin``).
    ///   - mockMode: Which APIs answer with their mocks instead of the server.
    ///   - maxReplays: How many replays plugins may ask for in one execution.
    public init(
        transport: any Transport = URLSessionTransport(),
        plugins: [any Plugin] = [],
        mockMode: MockMode = .off,
        maxReplays: Int = 3
    ) {
        self.transport = transport
        self.plugins = plugins
        self.maxReplays = max(0, maxReplays)
        mode = Locked(mockMode)
    }

    /// Which APIs answer with their mocks; can be changed at any time from any thread and applies
    /// to executions started afterwards.
    public var mockMode: MockMode {
        get { mode.current }
        set { mode.withLock { $0 = newValue } }
    }

    /// Executes the API and returns its business object.
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    public func execute<A: Api>(_ api: A) async throws(InteractiveError) -> A.Parser.Output {
        try await executeWithMetadata(api).value
    }

    /// Executes the API and returns its business object with the response's status, headers,
    /// duration, attempts and source.
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    public func executeWithMetadata<A: Api>(_ api: A) async throws(InteractiveError) -> Response<A.Parser.Output> {
        let startedAt = ContinuousClock.now
        let apiRequest = api.request
        if mockMode.applies(to: apiRequest.apiName) {
            return try mockResponse(api, startedAt: startedAt)
        }
        if Task.isCancelled { throw .cancelled }
        let request = try apiRequest.resolve(accepting: api.parser.acceptedMediaTypes)
        let context = PluginContext(startedAt: startedAt, deadline: startedAt.advanced(by: request.timeout))
        let current = Locked(request)
        let outcome = await DeadlineRace.run(until: context.deadline, timeout: request.timeout) {
            () async throws(InteractiveError) -> Response<A.Parser.Output> in
            let response = try await self.exchange(request, context: context, current: current)
            let value = try api.parser.parse(response)
            let metadata = ResponseMetadata(
                status: response.status,
                headers: response.headers,
                duration: .now - startedAt,
                attempts: context.attempts,
                source: context.source
            )
            return Response(value: value, metadata: metadata)
        }
        let finalRequest = current.current
        let finished: Result<any Sendable, InteractiveError> = outcome.map { $0.value }
        for plugin in plugins {
            await plugin.didFinish(finished, for: finalRequest, context: context)
        }
        return try outcome.get()
    }

    /// The API's mock as a response from source ``ResponseMetadata/mockSource``.
    private func mockResponse<A: Api>(_ api: A, startedAt: ContinuousClock.Instant) throws(InteractiveError) -> Response<A.Parser.Output> {
        guard let value = try api.mock else { throw .mockUnavailable(api: api.name) }
        let metadata = ResponseMetadata(
            status: 200,
            headers: HTTPHeaders(),
            duration: .now - startedAt,
            attempts: 0,
            source: ResponseMetadata.mockSource
        )
        return Response(value: value, metadata: metadata)
    }
}
