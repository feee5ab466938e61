#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

/// The default ``Transport``: Foundation's `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the calling task cancels the `URLSessionDataTask`. The request's timeout is handed to
/// URLSession rounded up to whole seconds plus one, because URLSession on Linux only fires whole
/// seconds; the ``Executor`` enforces the exact deadline itself.
///
/// A `401` with a `WWW-Authenticate` header is returned as a response like any other status (so
/// that a re-login plugin can react to it). On Linux this needs a session delegate: FoundationNetworking
/// otherwise waits forever for credentials (swift-corelibs-foundation#5456).
///
/// Requests that are not safe to repeat (``HTTPRequest/isIdempotent`` is false: a POST or PATCH not
/// marked idempotent) go on a connection of their own that is closed after the answer. libcurl, under
/// URLSession on Linux, silently re-sends a request when a kept-alive connection closes before any
/// byte of the answer arrives — it cannot tell a stale connection from a server that read the request
/// and then failed — so a POST on a reused connection can reach the server twice. A fresh connection
/// is never re-sent that way: the failure reaches the caller as ``InteractiveError/transport(message:code:)``.
public final class URLSessionTransport: Transport {
    /// The session idempotent requests go through, reusing connections.
    public let session: URLSession
    /// The session non-idempotent requests go through, one connection each.
    let singleUseSession: URLSession
    /// Each session has its own delegate: task identifiers are only unique within a session.
    let delegate: SessionDelegate
    let singleUseDelegate: SessionDelegate
    /// The session downloads and streamed responses go through (see ``transferDelegateQueue()``).
    private let transferSession: URLSession
    private let transferDelegate: SessionDelegate
    /// Whether non-idempotent requests may reuse kept-alive connections (faster, but see above).
    public let reusesConnectionsForNonIdempotentRequests: Bool

    /// Creates a transport over new sessions made from `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: Defaults to ``defaultConfiguration()``: ephemeral, without a URL cache
    ///     (caching is a plugin's job), with in-memory cookies.
    ///   - reusesConnectionsForNonIdempotentRequests: `false` (the default) sends each POST or PATCH
    ///     that is not marked idempotent on a fresh connection, so it can never be sent twice.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        reusesConnectionsForNonIdempotentRequests: Bool = false
    ) {
        delegate = SessionDelegate()
        singleUseDelegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: Self.dataDelegateQueue())
        singleUseSession = URLSession(configuration: configuration, delegate: singleUseDelegate, delegateQueue: Self.dataDelegateQueue())
        transferDelegate = SessionDelegate()
        transferSession = URLSession(configuration: configuration, delegate: transferDelegate, delegateQueue: Self.transferDelegateQueue())
        self.reusesConnectionsForNonIdempotentRequests = reusesConnectionsForNonIdempotentRequests
    }

    deinit {
        session.finishTasksAndInvalidate()
        singleUseSession.finishTasksAndInvalidate()
        transferSession.finishTasksAndInvalidate()
    }

    /// The delegate queue of the sessions for whole-body requests.
    ///
    /// FoundationNetworking (Linux) hands every delegate callback — the response, each chunk of the
    /// body, the completion — to the delegate queue as an `Operation`, three or more hops between
    /// threads per request that cost more CPU than the rest of the transport (see
    /// docs/performance.md). The delegate's callbacks only record the chunk or resume the caller, so
    /// on Linux they run on the thread that receives (``InlineOperationQueue``), as the transfer
    /// session's do. Apple platforms use a serial queue.
    static func dataDelegateQueue() -> OperationQueue? {
        transferDelegateQueue()
    }

    /// The configuration used by ``init(configuration:)`` by default.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 16
        return configuration
    }

    /// How many 307/308 redirects of a request with a body the transport follows itself, one data
    /// task each (URLSession follows every other redirect, up to its own limit).
    static let maxResentRedirects = 10

    /// Sends the request with a data task, cancelling the task when the calling task is cancelled.
    ///
    /// A 307 or 308 redirect of a request with a body is sent again by the transport, with the
    /// method, body and headers (credentials and secret headers only within the origin), because
    /// FoundationNetworking would send it without the body.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` for a header with a line break or a name
    ///   that is not a token, which Foundation would otherwise drop silently.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        try HeaderCheck.validate(request.headers)
        var urlRequest = Self.makeURLRequest(request)
        let singleUse = !request.isIdempotent && !reusesConnectionsForNonIdempotentRequests
        if singleUse {
            // The server closes the connection after answering, so it is never reused.
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        for _ in 0...Self.maxResentRedirects {
            switch try await exchange(urlRequest, for: request, singleUse: singleUse) {
            case .finished(let result):
                return try result.get()
            case .resend(let next):
                if Task.isCancelled { throw .cancelled }
                urlRequest = next
            }
        }
        throw .transport(message: "more than \(Self.maxResentRedirects) redirects for \(request.apiName)", code: URLError.httpTooManyRedirects.rawValue)
    }

    /// One data task for `urlRequest`, cancelled when the calling task is cancelled (a download's
    /// partial file is then finished at once, see ``DownloadSink/withSink(for:reporter:_:)``).
    private func exchange(_ urlRequest: URLRequest, for request: HTTPRequest, singleUse: Bool) async throws(InteractiveError) -> SessionDelegate.Outcome {
        let receivesInChunks = request.download != nil || request.streamsResponse
        let (session, delegate) = receivesInChunks ? (transferSession, transferDelegate) : singleUse ? (singleUseSession, singleUseDelegate) : (session, delegate)
        let reporter = ProgressReporter.current
        return try await DownloadSink.withSink(for: request, reporter: reporter) { sink throws(InteractiveError) in
            let (task, urlRequest, transfer) = try Self.makeTask(in: session, urlRequest, for: request, sink: sink, reporter: reporter)
            return await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    delegate.register(task, for: request, sending: urlRequest, transfer: transfer) { continuation.resume(returning: $0) }
                    task.resume()
                }
            } onCancel: {
                task.cancelElsewhere()
            }
        }
    }

    /// The timeout rounded up to whole seconds, at least one and at most a year: FoundationNetworking
    /// crashes converting a larger interval to milliseconds (`.seconds(Int64.max)` is a natural way
    /// to write "no timeout"), and the executor enforces the exact deadline anyway.
    static func wholeSeconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        let whole = attoseconds > 0 && seconds < Int64.max ? seconds + 1 : seconds
        return TimeInterval(min(max(1, whole), 365 * 86_400))
    }

    /// Our response type from Foundation's.
    static func makeResponse(_ http: HTTPURLResponse, body: Data) -> HTTPResponse {
        let fields = http.allHeaderFields
        var headers = HTTPHeaders(minimumCapacity: fields.count)
        for (name, value) in fields {
            // Strings on every platform; interpolating `Any` would go through `String(describing:)`.
            // The name's base is cast, not the `AnyHashable` itself, which is a longer way to the same.
            headers.add(value as? String ?? "\(value)", for: name.base as? String ?? "\(name)")
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: body)
    }
}
