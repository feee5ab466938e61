/// Whether an ``Executor`` answers APIs with their mocks instead of calling the server, so an app
/// can be built before its server exists.
public enum MockMode: Sendable, Hashable {
    /// Every API goes to the server.
    case off
    /// Every API answers with its mock; an API without one fails with ``InteractiveError/mockUnavailable(api:)``.
    case all
    /// Only the APIs with these names (``Api/apiName``, e.g. `Login`) answer with their mocks.
    case apis(Set<String>)

    /// Whether the API with this name answers with its mock.
    public func applies(to apiName: String) -> Bool {
        switch self {
        case .off: false
        case .all: true
        case .apis(let names): names.contains(apiName)
        }
    }
}

extension ResponseMetadata {
    /// The ``source`` of a response that mock mode produced.
    public static let mockSource = "mock"
}
