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
