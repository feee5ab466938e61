import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each data task's response and body and resumes its caller once, when the task completes.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// How a task ended for its caller.
    enum Outcome: Sendable {
        /// The response or the failure.
        case finished(Result<HTTPResponse, InteractiveError>)
        /// A 307 or 308 redirect of a request with a body, which the caller sends itself as a new
        /// task: FoundationNetworking follows such a redirect without the body.
        case resend(URLRequest)
    }

    /// One task's state, changed only under the lock of ``exchanges``, or by the one callback that
    /// took it out of that table (`didCompleteWithError`). A class: a struct this size was copied
    /// whole (and every reference in it retained) at each look-up in a callback.
    final class Exchange: @unchecked Sendable {
        let request: HTTPRequest
        /// The URL request last sent for it (the original, then each redirect's), without the
        /// cookies the session adds.
        var sent: URLRequest
        /// Called once with the outcome (resumes an `async` caller, or answers a callback; see
        /// ``URLSessionTransport/start(_:completion:)``).
        let deliver: @Sendable (Outcome) -> Void
        var body = Data()
        var challenged: HTTPURLResponse?
        /// A redirect the caller must send itself; see ``Outcome/resend(_:)``.
        var resend: URLRequest?
        /// Files and progress: where a download goes, the temporary upload file, the observer.
        var transfer: TransferParts?
        /// Whether the body goes to ``TransferParts/sink`` (a 2xx of a download) rather than ``body``.
        var toFile = false
        /// The body of a streamed 2xx response, whose caller was resumed when its headers came.
        var stream: ResponseBodyStream?

        init(request: HTTPRequest, sent: URLRequest, deliver: @escaping @Sendable (Outcome) -> Void, transfer: TransferParts?) {
            self.request = request
            self.sent = sent
            self.deliver = deliver
            self.transfer = transfer
        }
    }

    let exchanges = Locked<[Int: Exchange]>([:])

    /// The transfer parts of `task`, if it is an upload or a download.
    func transferParts(of task: URLSessionTask) -> TransferParts? {
        exchanges.withLock { $0[task.taskIdentifier]?.transfer }
    }

    /// Sends the rest of `task`'s body to its download file (`true`) or to memory.
    func markToFile(_ task: URLSessionTask, _ toFile: Bool) {
        exchanges.withLock { $0[task.taskIdentifier]?.toFile = toFile }
    }

    /// Remembers the caller waiting for `task`, which sends `urlRequest` made from `request`; call
    /// before resuming the task.
    func register(
        _ task: URLSessionTask,
        for request: HTTPRequest,
        sending urlRequest: URLRequest,
        transfer: TransferParts? = nil,
        deliver: @escaping @Sendable (Outcome) -> Void
    ) {
        exchanges.withLock { $0[task.taskIdentifier] = Exchange(request: request, sent: urlRequest, deliver: deliver, transfer: transfer) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let sink: DownloadSink? = exchanges.withLock { exchanges in
            guard let exchange = exchanges[dataTask.taskIdentifier] else { return nil }
            if let stream = exchange.stream {
                stream.yield(data)
                return nil
            }
            if exchange.toFile, let sink = exchange.transfer?.sink { return sink }
            if exchange.body.isEmpty {
                // Most bodies arrive in one chunk: kept as it is, not copied.
                exchange.body = data
            } else {
                exchange.body.append(data)
            }
            return nil
        }
        sink?.write(data)
    }

    /// HTTP authentication challenges are not answered: the `401` goes back to the caller as a
    /// response. On Linux, answering "default handling" without stored credentials would leave the
    /// task waiting forever, so the challenge is cancelled and the recorded `401` delivered instead.
    /// Other challenges (server trust) get the system's default handling.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let method = challenge.protectionSpace.authenticationMethod
        let isHTTPAuthentication = [NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault].contains(method)
        #if canImport(FoundationNetworking)
        if isHTTPAuthentication, let response = challenge.failureResponse as? HTTPURLResponse {
            exchanges.withLock { $0[task.taskIdentifier]?.challenged = response }
            // Answered from another thread: FoundationNetworking cancels (or resumes) the task inside
            // the handler, which waits for the session's queue, and this callback may run on it
            // (``InlineOperationQueue``).
            DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
            return
        }
        DispatchQueue.global().async { completionHandler(.performDefaultHandling, nil) }
        #else
        _ = isHTTPAuthentication
        completionHandler(.performDefaultHandling, nil)
        #endif
    }

    /// Follows redirects with the request ``RedirectRequest`` builds from the one redirected: 307
    /// and 308 keep the method and body, and a redirect to another origin drops credentials and
    /// secret headers. FoundationNetworking sends a redirected request without its body whatever
    /// the request handed back says, so a 307/308 of a request with a body — in memory or an upload
    /// from files — ends this task and the transport sends the new request itself (``Outcome/resend(_:)``). On Linux, FoundationNetworking
    /// stores the cookies of a redirect response but does not put them on the request that follows
    /// it, so they are added here from the session's cookie storage; cookies the response expires
    /// are removed from it (see ``ExpiredCookies``).
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // Only http and https redirects are followed. FoundationNetworking turns a redirect to
        // `file:///etc/passwd` into a GET of that path on the same server (the request it offers here
        // is already rewritten), so the Location header itself is checked; the redirect response comes
        // back instead (an unacceptable status to the parsers).
        // Only the statuses of ``RedirectRequest/followed``: libcurl would repeat a request, body and
        // all, at the Location of a 305 (Use Proxy) or a 306.
        guard RedirectRequest.followed.contains(response.statusCode),
              RedirectRequest.isWebURL(request.url), RedirectRequest.isWebURL(response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: response.url) }),
              let target = request.url else {
            completionHandler(nil)
            return
        }
        ExpiredCookies.remove(setBy: response, from: session.configuration)
        let redirect: (next: URLRequest, keepsBody: Bool)? = exchanges.withLock { exchanges in
            guard let exchange = exchanges[task.taskIdentifier] else { return nil }
            let next = RedirectRequest.make(
                following: response.statusCode,
                from: exchange.sent,
                to: target,
                secretHeaders: exchange.request.options.secretKeys
            )
            // A body from files (an upload task's) is kept like one in memory.
            let method = (exchange.sent.httpMethod ?? "GET").uppercased()
            let keepsBody = next.httpBody != nil
                || (exchange.request.upload != nil && !RedirectRequest.becomesGET(status: response.statusCode, method: method))
            exchanges[task.taskIdentifier]?.sent = next
            if keepsBody { exchanges[task.taskIdentifier]?.resend = next }
            return (next, keepsBody)
        }
        guard let (next, keepsBody) = redirect else {
            completionHandler(request)
            return
        }
        if keepsBody {
            #if canImport(FoundationNetworking)
            CookieCarrier.store(setBy: response, in: session.configuration)
            #endif
            completionHandler(nil)
            return
        }
        #if canImport(FoundationNetworking)
        completionHandler(CookieCarrier.addingCookies(to: next, after: response, in: session.configuration))
        #else
        completionHandler(next)
        #endif
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let stream = exchange.stream {
            stream.finish(throwing: error.map { URLErrorMapping.map($0, timeout: exchange.request.timeout) })
            return
        }
        // Read once: FoundationNetworking's getter takes the task's lock and copies the response.
        let response = task.response as? HTTPURLResponse
        if let transfer = exchange.transfer {
            if error == nil, let resend = exchange.resend {
                // The upload is sent again to the redirect's target, from its files anew.
                _ = transfer.finish(.failure(.cancelled), toFile: false)
                exchange.deliver(.resend(resend))
                return
            }
            let outcome = transfer.finish(Self.outcome(of: response, exchange: exchange, error: error), toFile: exchange.toFile)
            exchange.deliver(.finished(outcome))
            return
        }
        if let response {
            ExpiredCookies.remove(setBy: response, from: session.configuration)
        }
        if error == nil, let resend = exchange.resend {
            exchange.deliver(.resend(resend))
            return
        }
        exchange.deliver(.finished(Self.outcome(of: response, exchange: exchange, error: error)))
    }

    private static func outcome(of response: HTTPURLResponse?, exchange: Exchange, error: (any Error)?) -> Result<HTTPResponse, InteractiveError> {
        if let challenged = exchange.challenged {
            return .success(URLSessionTransport.makeResponse(challenged, body: exchange.body))
        }
        if let error {
            return .failure(URLErrorMapping.map(error, timeout: exchange.request.timeout))
        }
        guard let http = response else {
            return .failure(.transport(message: "the response to \(exchange.request.apiName) is not HTTP", code: nil))
        }
        return .success(URLSessionTransport.makeResponse(http, body: exchange.body))
    }
}

#if canImport(FoundationNetworking)
/// Carries cookies across a redirect, which FoundationNetworking does not do itself.
enum CookieCarrier {
    /// `request` with the cookies stored for its URL, after storing those `response` sets.
    static func addingCookies(to request: URLRequest, after response: HTTPURLResponse, in configuration: URLSessionConfiguration) -> URLRequest {
        store(setBy: response, in: configuration)
        guard configuration.httpShouldSetCookies, let storage = configuration.httpCookieStorage, let url = request.url else { return request }
        let cookies = storage.cookies(for: url) ?? []
        guard !cookies.isEmpty else { return request }
        var request = request
        for (name, value) in HTTPCookie.requestHeaderFields(with: cookies) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    /// Stores the cookies `response` sets, then removes those it expires.
    static func store(setBy response: HTTPURLResponse, in configuration: URLSessionConfiguration) {
        guard configuration.httpShouldSetCookies, let storage = configuration.httpCookieStorage, let responseURL = response.url else { return }
        let received = HTTPCookie.cookies(withResponseHeaderFields: ExpiredCookies.stringFields(of: response), for: responseURL)
        guard !received.isEmpty else { return }
        storage.setCookies(received, for: responseURL, mainDocumentURL: responseURL)
        ExpiredCookies.remove(setBy: response, from: configuration)
    }
}
#endif
