public import AsyncHTTPClient
import Foundation
public import Interactive
import NIOCore

/// A ``Transport`` on AsyncHTTPClient (SwiftNIO): for server-side Swift, and for Linux, where
/// URLSession (FoundationNetworking) fires timeouts in whole seconds only, may re-send a POST on a
/// reused connection, and loses the body of a redirected upload.
///
/// ```swift
/// import InteractiveAsyncHTTPClient
///
/// let executor = Executor(transport: AsyncHTTPClientTransport())
/// ```
///
/// It supports everything the runtime asks of a transport: deadlines to the nanosecond,
/// cancellation, redirects by the runtime's rules (307/308 re-send the method and body, uploads
/// from files included; another origin drops credentials and secret headers; only http and https
/// are followed), cookies kept per transport, uploads streamed from ``UploadBody`` segments
/// (files read from disk as they are sent, never loaded), downloads to a file with resume, progress
/// both ways, and streamed responses with back-pressure: when the reader lags, the transport stops
/// reading from the socket.
///
/// **The client.** ``init(acceptsCookies:)`` uses ``sharedClient``, one client for the process on
/// NIO's singleton event loop group, never shut down. ``init(configuration:acceptsCookies:)``
/// makes a client of the transport's own: call ``shutdown()`` when done (the transport shuts it
/// down when it goes away otherwise). ``init(client:acceptsCookies:)`` borrows a client the
/// caller owns and shuts down; give it `redirectConfiguration: .disallow`, because the transport
/// follows redirects itself.
///
/// A request is never sent twice: AsyncHTTPClient does not repeat a request whose connection
/// closed, so a POST on a reused connection that the server drops fails with
/// ``InteractiveError/transport(message:code:)`` rather than reaching the server again.
public final class AsyncHTTPClientTransport: Transport {
    /// The client requests go through.
    public let client: HTTPClient
    /// Whether the transport made ``client`` and must shut it down.
    private let ownsClient: Bool
    private let isShutDown = Locked(false)
    /// The cookies servers set, sent back to them like a browser does; `nil` when off.
    let cookies: CookieJar?

    /// `true`: a request's timeout is AsyncHTTPClient's deadline for the response's head, to the
    /// nanosecond, and the transport's own for its body (a body dripped past it ends in
    /// ``InteractiveError/timeout(after:)``); a cancelled task cancels its request. The executor
    /// calls ``send(_:)`` without a task of its own.
    public var enforcesTimeout: Bool { true }

    /// How many redirects one request follows.
    static let maxRedirects = 10

    /// A transport over ``sharedClient``; nothing to shut down.
    ///
    /// - Parameter acceptsCookies: Whether cookies that servers set are kept (in memory, for this
    ///   transport only) and sent back, as ``URLSessionTransport`` does by default.
    public convenience init(acceptsCookies: Bool = true) {
        self.init(client: Self.sharedClient, ownsClient: false, acceptsCookies: acceptsCookies)
    }

    /// A transport over a client of its own, made from `configuration` on NIO's singleton event
    /// loop group; redirects are always followed by the transport, whatever `configuration` says.
    /// Call ``shutdown()`` when done.
    public convenience init(configuration: HTTPClient.Configuration, acceptsCookies: Bool = true) {
        var configuration = configuration
        configuration.redirectConfiguration = .disallow
        self.init(client: HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration), ownsClient: true, acceptsCookies: acceptsCookies)
    }

    /// A transport over a client the caller owns (and shuts down after the transport's last request).
    ///
    /// Make it with `redirectConfiguration: .disallow`: the transport follows redirects by the
    /// runtime's rules, which a client that follows them itself would bypass.
    public convenience init(client: HTTPClient, acceptsCookies: Bool = true) {
        self.init(client: client, ownsClient: false, acceptsCookies: acceptsCookies)
    }

    private init(client: HTTPClient, ownsClient: Bool, acceptsCookies: Bool) {
        self.client = client
        self.ownsClient = ownsClient
        cookies = acceptsCookies ? CookieJar() : nil
    }

    deinit {
        // A client of our own that nobody shut down: release its connections rather than leak them.
        if ownsClient, !isShutDown.current { client.shutdown { _ in } }
    }

    /// Shuts down the transport's own client (made by ``init(configuration:acceptsCookies:)``);
    /// does nothing for a shared or borrowed one. Requests after it fail.
    public func shutdown() async throws {
        guard ownsClient, !isShutDown.withLock({ state in defer { state = true }; return state }) else { return }
        try await client.shutdown()
    }

    /// The client of ``init(acceptsCookies:)``: one for the process, on NIO's singleton event loop
    /// group, made with ``defaultConfiguration()``; never shut down.
    public static let sharedClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: defaultConfiguration())

    /// The configuration of ``sharedClient``: redirects left to the transport, gzip and deflate
    /// bodies decompressed (as URLSession does), up to 16 connections per host.
    public static func defaultConfiguration() -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .enabled(limit: .ratio(100)))
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        return configuration
    }

    /// Sends the request, following redirects by ``RedirectRequest``'s rules.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` for a header with a line break or a name
    ///   that is not a token, or a body file that cannot be read; ``InteractiveError/timeout(after:)``
    ///   when the request's timeout passes; ``InteractiveError/cancelled`` when the calling task is
    ///   cancelled; ``InteractiveError/transport(message:code:)`` for every other failure.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        try HeaderCheck.validate(request.headers)
        if isShutDown.current { throw .transport(message: "the transport's HTTP client was shut down", code: nil) }
        let deadline = Self.deadline(for: request)
        var current = request
        for _ in 0...Self.maxRedirects {
            switch try await exchange(current, deadline: deadline) {
            case .response(let response):
                return response
            case .redirect(let next):
                if Task.isCancelled { throw .cancelled }
                current = next
            }
        }
        throw .transport(message: "more than \(Self.maxRedirects) redirects for \(request.apiName)", code: nil)
    }

    /// When the exchange must be over: the request's timeout from now, redirects included; none for
    /// a streamed response, whose start the executor's deadline covers and whose gaps the parser's
    /// idle timeout does.
    static func deadline(for request: HTTPRequest) -> NIODeadline {
        guard !request.streamsResponse else { return .distantFuture }
        let (seconds, attoseconds) = request.timeout.components
        guard seconds < Int64.max / 1_000_000_000 - 1 else { return .distantFuture }
        return .now() + .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
