public import Interactive
import InteractiveAsyncHTTPClient

/// The transports the runtime ships, as a test argument: suites where a transport's behaviour can
/// show run once over each (`@Test(arguments: TransportKind.allCases)`).
public enum TransportKind: String, CaseIterable, CustomStringConvertible, Sendable {
    case urlSession
    case asyncHTTPClient

    /// A new transport of this kind, with its own cookies (AsyncHTTPClient's over the shared client).
    public func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }

    /// An executor over a new transport of this kind.
    public func executor(plugins: [any Plugin] = [], configurations: [ServiceConfiguration] = []) -> Executor {
        Executor(transport: make(), plugins: plugins, configurations: configurations)
    }

    /// The argument's name in test output.
    public var description: String { rawValue }
}
