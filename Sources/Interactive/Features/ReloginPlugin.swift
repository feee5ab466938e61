import Foundation

/// Signs in again when the session has expired, then replays the request.
///
/// A response is a session-expired signal when its status is 401, or when the service's envelope
/// carries one of ``Envelope/sessionExpiredCodes`` (the spec's `envelope.sessionExpired`). The login
/// runs once for any number of concurrent failures: they all wait for it, then each is replayed. If
/// the login fails, every waiting caller gets the login's error. A request is replayed at most
/// `maxReplays` times, so a server that keeps answering 401 cannot loop it.
///
/// The login may execute its API through the executor this plugin belongs to (see ``LoginGate``: the
/// login's own 401 fails the login, it never waits for itself):
///
/// ```swift
/// enum Backend {
///     static let token = Locked("")
///     static let executor: Executor = Executor(plugins: [
///         ReloginPlugin(envelope: ShopService.configuration.envelope, login: {
///             let session = try await Backend.executor.execute(LoginApi(name: saved.name, password: saved.password))
///             token.withLock { $0 = session.token }
///         }, authorize: { request in
///             request.headers["Authorization"] = "Bearer \(token.current)"
///         }),
///     ])
/// }
/// ```
public struct ReloginPlugin: Plugin {
    /// Applies the current credentials to a request (prepared again on every replay).
    public typealias Authorize = @Sendable (inout HTTPRequest) -> Void

    static let generationKey = "interactive.relogin.generation"
    static let replaysKey = "interactive.relogin.replays"

    /// The shared login.
    public let gate: LoginGate
    /// The envelope whose code is checked for ``Envelope/sessionExpiredCodes``.
    public let envelope: Envelope?
    /// Replays allowed per execution.
    public let maxReplays: Int
    private let authorize: Authorize?

    /// Creates a re-login plugin.
    ///
    /// - Parameters:
    ///   - envelope: The service's envelope, to recognise session-expired codes; `nil` checks 401 only.
    ///   - maxReplays: How many times one execution may be replayed after a login (1 by default).
    ///   - login: Signs in again; runs once for concurrent failures.
    ///   - authorize: Puts the current credentials on a request before each send, so a replay carries
    ///     the new session; `nil` when the login updates something the request already reads.
    public init(envelope: Envelope? = nil, maxReplays: Int = 1, login: @escaping LoginGate.Login, authorize: Authorize? = nil) {
        gate = LoginGate(login: login)
        self.envelope = envelope
        self.maxReplays = max(0, maxReplays)
        self.authorize = authorize
    }

    /// `ReloginPlugin`.
    public var name: String { "ReloginPlugin" }

    /// Notes which login the request is sent under, and applies the credentials.
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        context[Self.generationKey] = gate.generation
        guard let authorize else { return request }
        var request = request
        authorize(&request)
        return request
    }

    /// Logs in (once for all concurrent failures) and asks for a replay when the session has expired.
    public func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        guard isSessionExpired(result) else { return .proceed(result) }
        // The login's own request (executed through this plugin too): its 401 is the login's failure.
        // Waiting for the login here would be the login waiting for itself.
        if gate.isRefreshingInCurrentTask { return .proceed(result) }
        let replays = context[Self.replaysKey] as? Int ?? 0
        guard replays < maxReplays else { return .proceed(result) }
        let seen = context[Self.generationKey] as? UInt64 ?? 0
        do {
            try await gate.refresh(after: seen)
        } catch {
            return .proceed(.failure(error))
        }
        context[Self.replaysKey] = replays + 1
        return .replay(request)
    }

    /// Whether an outcome says the session has expired: HTTP 401, or an envelope session-expired code.
    public func isSessionExpired(_ result: Result<HTTPResponse, InteractiveError>) -> Bool {
        switch result {
        case .success(let response):
            return response.status == 401 || hasExpiredCode(response.body)
        case .failure(.unacceptableStatus(let code, _, let body)):
            return code == 401 || hasExpiredCode(body)
        case .failure(.failure(let failure)):
            // A declared 401 body (typed by the spec) is still a 401.
            return failure.status == 401 || hasExpiredCode(failure.body)
        case .failure(.envelope(let code, _)):
            return envelope?.sessionExpiredCodes.contains(code) ?? false
        case .failure:
            return false
        }
    }

    private func hasExpiredCode(_ body: Data) -> Bool {
        guard let envelope, !envelope.sessionExpiredCodes.isEmpty, !body.isEmpty,
              let code = envelope.code(in: body)
        else { return false }
        return envelope.sessionExpiredCodes.contains(code)
    }
}
