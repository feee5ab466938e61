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
public final class URLSessionTransport: Transport {
    /// The session every request goes through.
    public let session: URLSession
    private let delegate: SessionDelegate

    /// Creates a transport over a new session made from `configuration`.
    ///
    /// - Parameter configuration: Defaults to ``defaultConfiguration()``: ephemeral, without a URL
    ///   cache (caching is a plugin's job), with in-memory cookies.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
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

    /// Sends the request with a data task, cancelling the task when the calling task is cancelled.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        let task = session.dataTask(with: Self.makeURLRequest(request))
        let result: Result<HTTPResponse, InteractiveError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                delegate.register(task, for: request, continuation: continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        return try result.get()
    }

    static func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        // Cookies are accepted from the request's own host (the policy is "main document domain").
        urlRequest.mainDocumentURL = request.url
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = wholeSeconds(request.timeout) + 1
        for field in request.headers {
            urlRequest.addValue(field.value, forHTTPHeaderField: field.name)
        }
        return urlRequest
    }

    /// The timeout rounded up to whole seconds, at least one.
    static func wholeSeconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        let whole = attoseconds > 0 ? seconds + 1 : seconds
        return TimeInterval(max(1, whole))
    }

    /// Our response type from Foundation's.
    static func makeResponse(_ http: HTTPURLResponse, body: Data) -> HTTPResponse {
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add("\(value)", for: "\(name)")
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: body)
    }
}
