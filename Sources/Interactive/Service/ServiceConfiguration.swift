public import Foundation

/// A service's hosts and defaults: the environments it can talk to, which one is in use, its common
/// headers and query parameters, its default timeout and its response envelope.
///
/// Generated `<Service>Service` types own one instance, which every API of the service uses by
/// default. Switching environment or changing common parameters is safe from any thread and applies
/// to requests resolved afterwards.
///
/// To use a second environment or account side by side, give an ``Executor`` a ``copy()``: the
/// executor resolves that service's requests against its copy instead (see
/// ``Executor/init(transport:plugins:mockMode:maxReplays:configurations:)``).
public final class ServiceConfiguration: Sendable {
    /// A named base URL, e.g. `debug` → `http://127.0.0.1:8085/api`.
    public struct Environment: Sendable, Hashable {
        /// The environment's name.
        public var name: String
        /// The base URL every API path is appended to, as text (checked when a request is resolved).
        public var baseURLString: String

        /// Creates an environment from a URL.
        public init(name: String, baseURL: URL) {
            self.name = name
            self.baseURLString = baseURL.absoluteString
        }

        /// Creates an environment from a URL's text, e.g. one checked by the generator.
        public init(name: String, baseURLString: String) {
            self.name = name
            self.baseURLString = baseURLString
        }

        /// The base URL, or `nil` when the text is not a URL.
        public var baseURL: URL? { URL(string: baseURLString) }
    }

    /// What a request resolves against: a consistent copy of the mutable state.
    public struct Snapshot: Sendable {
        /// The current environment's name.
        public var environment: String
        /// The current environment's base URL, as text.
        public var baseURL: String
        /// Common headers, sent with every request of the service.
        public var headers: HTTPHeaders
        /// Common query parameters, sent with every request of the service.
        public var query: [(String, String)]
        /// The default timeout.
        public var timeout: Duration
    }

    /// The service's name from the spec, e.g. `Shop`.
    public let name: String
    /// The response envelope every API of the service uses unless it opts out.
    public let envelope: Envelope?
    /// Shared by a configuration and its copies: which service they configure.
    private let origin: Origin
    private let state: Locked<State>

    /// The identity of a service, shared by its configuration's copies.
    private final class Origin: Sendable {}

    private struct State {
        var environments: [Environment]
        var current: Environment
        var headers: HTTPHeaders
        var query: [(String, String)]
        var timeout: Duration
    }

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - environments: At least one environment; the first is used when `defaultEnvironment` is not found.
    ///   - defaultEnvironment: The environment in use at start.
    public init(
        name: String,
        environments: [Environment],
        defaultEnvironment: String? = nil,
        timeout: Duration = .seconds(10),
        headers: HTTPHeaders = HTTPHeaders(),
        query: [(String, String)] = [],
        envelope: Envelope? = nil
    ) {
        self.name = name
        self.envelope = envelope
        origin = Origin()
        let fallback = Environment(name: "none", baseURLString: "")
        let current = environments.first { $0.name == defaultEnvironment } ?? environments.first ?? fallback
        state = Locked(State(environments: environments, current: current, headers: headers, query: query, timeout: timeout))
    }

    private init(copying original: ServiceConfiguration) {
        name = original.name
        envelope = original.envelope
        origin = original.origin
        state = Locked(original.state.current)
    }

    /// An independent configuration of the same service, starting with this one's environments,
    /// current environment, common headers and query parameters and timeout. Changes to either do
    /// not reach the other; the envelope is the service's and stays the same.
    ///
    /// ```swift
    /// let staging = ShopService.configuration.copy()
    /// try staging.switchEnvironment(to: "staging")
    /// let stagingExecutor = Executor(configurations: [staging])
    /// ```
    public func copy() -> ServiceConfiguration {
        ServiceConfiguration(copying: self)
    }

    /// A ``copy()`` switched to the environment with this name.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` when the service has no such environment.
    public func copy(in environment: String) throws(InteractiveError) -> ServiceConfiguration {
        let copy = copy()
        try copy.switchEnvironment(to: environment)
        return copy
    }

    /// Whether `other` configures the same service: it is this configuration, its original or a copy.
    public func configuresSameService(as other: ServiceConfiguration) -> Bool {
        origin === other.origin
    }

    /// The environments the service knows, in spec order, plus any registered at run time.
    public var environments: [Environment] { state.withLock { $0.environments } }

    /// The environment requests currently go to.
    public var currentEnvironment: Environment { state.withLock { $0.current } }

    /// A consistent copy of everything a request resolves against.
    public func snapshot() -> Snapshot {
        state.withLock {
            Snapshot(environment: $0.current.name, baseURL: $0.current.baseURLString, headers: $0.headers, query: $0.query, timeout: $0.timeout)
        }
    }

    /// Switches every later request to the environment with this name.
    public func switchEnvironment(to name: String) throws(InteractiveError) {
        let found: Bool = state.withLock { state in
            guard let environment = state.environments.first(where: { $0.name == name }) else { return false }
            state.current = environment
            return true
        }
        if !found {
            throw .invalidRequest("service \(self.name) has no environment \"\(name)\" (known: \(environments.map(\.name).joined(separator: ", ")))")
        }
    }

    /// Adds an environment (or replaces the base URL of one with the same name), e.g. a local server
    /// on a port known only at run time. It does not switch to it.
    public func register(_ environment: Environment) {
        state.withLock { state in
            if let index = state.environments.firstIndex(where: { $0.name == environment.name }) {
                state.environments[index] = environment
                if state.current.name == environment.name { state.current = environment }
            } else {
                state.environments.append(environment)
            }
        }
    }

    /// Sets a common header (e.g. a session token) for every later request; `nil` removes it.
    public func setHeader(_ value: String?, for name: String) {
        state.withLock { $0.headers[name] = value }
    }

    /// Sets a common query parameter for every later request; `nil` removes it.
    public func setQuery(_ value: String?, for key: String) {
        state.withLock { state in
            state.query.removeAll { $0.0 == key }
            if let value { state.query.append((key, value)) }
        }
    }

    /// Changes the default timeout of every later request that has no timeout of its own.
    public func setTimeout(_ timeout: Duration) {
        state.withLock { $0.timeout = timeout }
    }
}
