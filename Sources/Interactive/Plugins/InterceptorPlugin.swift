/// The seeds' six interceptor points as closures, for code that thinks in those terms:
///
/// | Seeds' point | Plugin step | May |
/// |---|---|---|
/// | `willSend` | ``Plugin/prepare(_:context:)`` | change the request, or throw to reject it |
/// | `didSend` | ``Plugin/send(_:context:next:)`` | observe the request as it is handed to the network |
/// | `willSucceed` | ``Plugin/process(_:for:context:)`` on a response | accept, transform, or turn it into a failure |
/// | `willFail` | ``Plugin/process(_:for:context:)`` on a failure | pass it on, change it, or recover with a response |
/// | `didSucceed` | ``Plugin/didFinish(_:for:context:)`` with a value | observe the business object |
/// | `didFail` | ``Plugin/didFinish(_:for:context:)`` with an error | observe the final error |
public struct InterceptorPlugin: Plugin {
    /// The name in logs and rejections.
    public let name: String
    private let willSend: (@Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPRequest)?
    private let didSend: (@Sendable (HTTPRequest) async -> Void)?
    private let willSucceed: (@Sendable (HTTPResponse, HTTPRequest) async -> Result<HTTPResponse, InteractiveError>)?
    private let willFail: (@Sendable (InteractiveError, HTTPRequest) async -> Result<HTTPResponse, InteractiveError>)?
    private let didSucceed: (@Sendable (any Sendable, HTTPRequest) async -> Void)?
    private let didFail: (@Sendable (InteractiveError, HTTPRequest) async -> Void)?

    /// Creates an interceptor; every point is optional.
    public init(
        name: String = "InterceptorPlugin",
        willSend: (@Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPRequest)? = nil,
        didSend: (@Sendable (HTTPRequest) async -> Void)? = nil,
        willSucceed: (@Sendable (HTTPResponse, HTTPRequest) async -> Result<HTTPResponse, InteractiveError>)? = nil,
        willFail: (@Sendable (InteractiveError, HTTPRequest) async -> Result<HTTPResponse, InteractiveError>)? = nil,
        didSucceed: (@Sendable (any Sendable, HTTPRequest) async -> Void)? = nil,
        didFail: (@Sendable (InteractiveError, HTTPRequest) async -> Void)? = nil
    ) {
        self.name = name
        self.willSend = willSend
        self.didSend = didSend
        self.willSucceed = willSucceed
        self.willFail = willFail
        self.didSucceed = didSucceed
        self.didFail = didFail
    }

    /// Runs `willSend`.
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        guard let willSend else { return request }
        return try await willSend(request)
    }

    /// Runs `didSend`, then the rest of the chain.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        await didSend?(request)
        return try await next(request)
    }

    /// Runs `willSucceed` or `willFail`.
    public func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        switch result {
        case .success(let response):
            guard let willSucceed else { return .proceed(result) }
            return .proceed(await willSucceed(response, request))
        case .failure(let error):
            guard let willFail else { return .proceed(result) }
            return .proceed(await willFail(error, request))
        }
    }

    /// Runs `didSucceed` or `didFail`.
    public func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {
        switch result {
        case .success(let value): await didSucceed?(value, request)
        case .failure(let error): await didFail?(error, request)
        }
    }
}
