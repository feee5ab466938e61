/// Sets header fields on every request, e.g. a session token, an app version or a trace id.
///
/// The executor rejects a value containing a line break with ``InteractiveError/invalidRequest(_:)``.
public struct HeaderPlugin: Plugin {
    /// Computes the headers to set for a request.
    public typealias Provider = @Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPHeaders

    private let provider: Provider

    /// Sets these fixed headers.
    public init(_ headers: HTTPHeaders) {
        provider = { _ in headers }
    }

    /// Sets the headers `provider` returns for each request (e.g. the current token).
    public init(_ provider: @escaping Provider) {
        self.provider = provider
    }

    /// Replaces each provided header on the request.
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        var request = request
        for field in try await provider(request) {
            request.headers.set(field.value, for: field.name)
        }
        return request
    }
}
