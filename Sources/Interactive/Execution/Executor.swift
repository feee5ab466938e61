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
/// whatever the transport does (a response that arrived in time is then parsed); the remaining time is also passed to the transport as
/// ``HTTPRequest/timeout``. Cancelling the calling task (or a ``Handler``) fails the execution
/// with ``InteractiveError/cancelled`` at once and cancels the network request.
///
/// Requests resolve against their service's configuration (`ShopService.configuration`) unless the
/// executor was given a configuration of that service of its own, so two executors can talk to two
/// environments, or as two accounts, side by side:
///
/// ```swift
/// let staging = Executor(configurations: [try ShopService.configuration(in: .staging)])
/// ```
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
    /// Service configurations used instead of the services' own (`<Service>Service.configuration`)
    /// for the requests of those services.
    public let configurations: [ServiceConfiguration]
    private let mode: Locked<MockMode>
    /// The transport, when it can answer through a callback: without plugins, exchanges then run
    /// without a task of their own (see ``runExchange(_:context:)``).
    let callbackTransport: (any CallbackTransport)?
    /// Whether the transport enforces the request's timeout itself (``Transport/enforcesTimeout``):
    /// without plugins, exchanges then run in the caller's task.
    let transportEnforcesTimeout: Bool

    /// Creates an executor.
    ///
    /// - Parameters:
    ///   - transport: Where requests are sent; by default a new ``URLSessionTransport``.
    ///   - plugins: Pre- and post-processing, in order (see ``Plugin``).
    ///   - mockMode: Which APIs answer with their mocks instead of the server.
    ///   - maxReplays: How many replays plugins may ask for in one execution.
    ///   - configurations: Configurations (usually ``ServiceConfiguration/copy()``s) that this
    ///     executor's requests of their services resolve against, instead of the service's global
    ///     one: environment, common headers and query, default timeout. Services not listed use
    ///     their own.
    public init(
        transport: any Transport = URLSessionTransport(),
        plugins: [any Plugin] = [],
        mockMode: MockMode = .off,
        maxReplays: Int = 3,
        configurations: [ServiceConfiguration] = []
    ) {
        self.transport = transport
        callbackTransport = transport as? any CallbackTransport
        transportEnforcesTimeout = transport.enforcesTimeout
        self.plugins = plugins
        self.maxReplays = max(0, maxReplays)
        self.configurations = configurations
        mode = Locked(mockMode)
    }

    /// The configuration this executor resolves requests of `service` against: its own copy of
    /// that service's configuration if it has one, else `service` itself.
    public func configuration(for service: ServiceConfiguration) -> ServiceConfiguration {
        configurations.first { $0.configuresSameService(as: service) } ?? service
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
        var apiRequest = api.request
        apiRequest.service = configuration(for: apiRequest.service)
        if mockMode.applies(to: apiRequest.apiName) {
            return try mockResponse(api, startedAt: startedAt)
        }
        if Task.isCancelled { throw .cancelled }
        let request = try apiRequest.resolve(accepting: api.parser.acceptedMediaTypes)
        let context = PluginContext(startedAt: startedAt, deadline: startedAt.advanced(by: request.timeout))
        let (exchanged, finalRequest) = await runExchange(request, context: context)
        // The deadline covers the exchange; a response that arrived in time is parsed.
        let outcome = Result { () throws(InteractiveError) -> Response<A.Parser.Output> in
            let response = try exchanged.get()
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
        if !plugins.isEmpty {
            await finish(outcome.map { $0.value }, for: finalRequest, context: context)
        }
        return try outcome.get()
    }

    /// The API's mock as a response from source ``ResponseMetadata/mockSource``.
    private func mockResponse<A: Api>(_ api: A, startedAt: ContinuousClock.Instant) throws(InteractiveError) -> Response<A.Parser.Output> {
        guard let value = try api.mock else { throw .mockUnavailable(api: api.request.apiName) }
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
