/// How a mock server runs.
public struct ServeOptions: Sendable {
    /// The address to listen on; loopback unless told otherwise.
    public var host = "127.0.0.1"
    /// The port; `0` picks a free one (see ``RunningMockServer/port``).
    public var port = 8085
    /// The seed of generated mock values: the same seed, the same answers.
    public var seed: UInt64 = 1
    /// The environment (of each service) that APIs without a `mock` are forwarded to.
    public var proxyEnvironment: String?
    /// Forward every API, mocked or not, to ``proxyEnvironment``.
    public var proxyAll = false
    /// Scenarios for whole APIs, and named ones requests pick.
    public var scenarios = ScenarioFile()
    /// Reference pages by relative path (`index.html` is served at `/`, others at `/<path>`); `nil`
    /// serves the specs' HTML reference (``APIGenDocs/ReferenceSite``). API routes win over a page
    /// at the same path.
    public var pages: [String: String]?
    /// Whether pages of other origins may call the mock (CORS): answers carry
    /// `Access-Control-Allow-Origin` for the request's `Origin`, and preflights are answered.
    public var allowsCrossOrigin = true
    /// Where the request log goes.
    public var logger = RequestLogger.standardOutput

    /// The defaults: 127.0.0.1:8085, seed 1, no proxy, no scenarios, CORS allowed, log on standard output.
    public init() {}
}
