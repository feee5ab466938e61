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
public final class URLSessionTransport: Transport {
    /// The session every request goes through.
    public let session: URLSession

    /// Creates a transport over a new session made from `configuration`.
    ///
    /// - Parameter configuration: Defaults to an ephemeral configuration without a URL cache
    ///   (caching is a plugin's job) and with in-memory cookies.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration()) {
        session = URLSession(configuration: configuration)
    }

    /// Creates a transport over an existing session, which the caller owns.
    public init(session: URLSession) {
        self.session = session
    }

    /// The configuration used by ``init(configuration:)`` by default.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 16
        return configuration
    }

    /// Sends the request with a data task, cancelling the task when the calling task is cancelled.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        let urlRequest = Self.makeURLRequest(request)
        let box = DataTaskBox()
        let result: Result<HTTPResponse, InteractiveError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    continuation.resume(returning: Self.makeResult(data: data, response: response, error: error, request: request))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
        return try result.get()
    }

    static func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
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

    static func makeResult(data: Data?, response: URLResponse?, error: (any Error)?, request: HTTPRequest) -> Result<HTTPResponse, InteractiveError> {
        if let error {
            return .failure(URLErrorMapping.map(error, timeout: request.timeout))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.transport(message: "the response to \(request.apiName) is not HTTP", code: nil))
        }
        var headers = HTTPHeaders()
        for (name, value) in http.allHeaderFields {
            headers.add("\(value)", for: "\(name)")
        }
        return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
    }
}

/// Holds a data task so a cancellation that arrives before or after it starts cancels it.
private final class DataTaskBox: Sendable {
    private struct State {
        var task: URLSessionDataTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    func start(_ task: URLSessionDataTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}
