import Interactive
import InteractiveAsyncHTTPClient
import Testing

/// The transports the runtime ships, as a test argument: suites where a transport's behaviour can
/// show run once over each (`@Test(arguments: TransportKind.allCases)`).
///
/// (The same enum is in FaultTests/Support: test targets cannot share a file.)
enum TransportKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession
    case asyncHTTPClient

    /// A new transport of this kind, with its own cookies (AsyncHTTPClient's over the shared client).
    func make() -> any Transport {
        switch self {
        case .urlSession: URLSessionTransport()
        case .asyncHTTPClient: AsyncHTTPClientTransport()
        }
    }

    /// An executor over a new transport of this kind.
    func executor(plugins: [any Plugin] = [], configurations: [ServiceConfiguration] = []) -> Executor {
        Executor(transport: make(), plugins: plugins, configurations: configurations)
    }

    var testDescription: String { rawValue }
}
