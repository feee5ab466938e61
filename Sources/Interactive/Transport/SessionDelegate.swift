import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Collects each data task's response and body and resumes its caller once, when the task completes.
final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Exchange {
        let request: HTTPRequest
        let continuation: CheckedContinuation<Result<HTTPResponse, InteractiveError>, Never>
        var body = Data()
        var challenged: HTTPURLResponse?
    }

    private let exchanges = Locked<[Int: Exchange]>([:])

    /// Remembers the caller waiting for `task`; call before resuming the task.
    func register(_ task: URLSessionTask, for request: HTTPRequest, continuation: CheckedContinuation<Result<HTTPResponse, InteractiveError>, Never>) {
        exchanges.withLock { $0[task.taskIdentifier] = Exchange(request: request, continuation: continuation) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchanges.withLock { $0[dataTask.taskIdentifier]?.body.append(data) }
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
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        #endif
        _ = isHTTPAuthentication
        completionHandler(.performDefaultHandling, nil)
    }

    /// Follows redirects. On Linux, FoundationNetworking stores the cookies of a redirect response
    /// but does not put them on the request that follows it, so they are added here from the
    /// session's cookie storage.
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
        guard Self.isWebURL(request.url), Self.isWebURL(response.value(forHTTPHeaderField: "Location").flatMap { URL(string: $0, relativeTo: response.url) }) else {
            completionHandler(nil)
            return
        }
        #if canImport(FoundationNetworking)
        completionHandler(CookieCarrier.addingCookies(to: request, after: response, in: session.configuration))
        #else
        completionHandler(request)
        #endif
    }

    /// Whether a URL is http or https.
    private static func isWebURL(_ url: URL?) -> Bool {
        guard let scheme = url?.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        exchange.continuation.resume(returning: Self.outcome(of: task, exchange: exchange, error: error))
    }

    private static func outcome(of task: URLSessionTask, exchange: Exchange, error: (any Error)?) -> Result<HTTPResponse, InteractiveError> {
        if let challenged = exchange.challenged {
            return .success(URLSessionTransport.makeResponse(challenged, body: exchange.body))
        }
        if let error {
            return .failure(URLErrorMapping.map(error, timeout: exchange.request.timeout))
        }
        guard let http = task.response as? HTTPURLResponse else {
            return .failure(.transport(message: "the response to \(exchange.request.apiName) is not HTTP", code: nil))
        }
        return .success(URLSessionTransport.makeResponse(http, body: exchange.body))
    }
}

#if canImport(FoundationNetworking)
/// Carries cookies across a redirect, which FoundationNetworking does not do itself.
enum CookieCarrier {
    static func addingCookies(to request: URLRequest, after response: HTTPURLResponse, in configuration: URLSessionConfiguration) -> URLRequest {
        guard configuration.httpShouldSetCookies, let storage = configuration.httpCookieStorage,
              let url = request.url, let responseURL = response.url else { return request }
        var fields: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields {
            fields[name] = value
        }
        let received = HTTPCookie.cookies(withResponseHeaderFields: fields, for: responseURL)
        if !received.isEmpty {
            storage.setCookies(received, for: responseURL, mainDocumentURL: responseURL)
        }
        let cookies = storage.cookies(for: url) ?? []
        guard !cookies.isEmpty else { return request }
        var request = request
        for (name, value) in HTTPCookie.requestHeaderFields(with: cookies) {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }
}
#endif
