import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Forwards requests to a real backend (one of the spec's environments) with URLSession, and hands
/// back its answer as it is: status, headers (less hop-by-hop ones) and body. Redirects are passed
/// back to the client, not followed.
final class ProxyForwarder: Sendable {
    /// The environment's base URL, without a trailing slash (`http://127.0.0.1:9000/api`).
    let baseURL: String
    private let session: URLSession
    private let delegate = ProxyDelegate()

    /// Headers that belong to one connection, or that URLSession sets itself.
    static let skippedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length", "accept-encoding", "content-encoding",
    ]

    init(baseURL: String) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Sends `method` to the backend at `path` (below its base URL) with `query` (raw, after `?`).
    func forward(method: String, path: String, query: String?, headers: [(String, String)], body: [UInt8]) async -> MockAnswer {
        let text = baseURL + path + (query.map { "?" + $0 } ?? "")
        guard let url = URL(string: text) else { return Self.badGateway("cannot make a URL of \(text)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers where !Self.skippedHeaders.contains(name.lowercased()) {
            request.addValue(value, forHTTPHeaderField: name)
        }
        if !body.isEmpty { request.httpBody = Data(body) }
        let delegate = self.delegate
        let outcome: Result<(Data, URLResponse), any Error> = await withCheckedContinuation { continuation in
            let identifier = Locked<Int?>(nil)
            let task = session.dataTask(with: request) { data, response, error in
                // An authentication challenge was declined: the backend's 401 is the answer.
                if let challenged = identifier.withLock({ $0 }).flatMap(delegate.takeChallenged) {
                    continuation.resume(returning: .success((data ?? Data(), challenged)))
                } else if let response {
                    continuation.resume(returning: .success((data ?? Data(), response)))
                } else {
                    continuation.resume(returning: .failure(error ?? URLError(.badServerResponse)))
                }
            }
            identifier.withLock { $0 = task.taskIdentifier }
            task.resume()
        }
        switch outcome {
        case .failure(let error):
            return Self.badGateway("\(baseURL) did not answer: \(error.localizedDescription)")
        case .success(let (data, response)):
            guard let http = response as? HTTPURLResponse else { return Self.badGateway("not an HTTP answer") }
            var answerHeaders: [(String, String)] = []
            var contentType: String?
            for (name, value) in http.allHeaderFields {
                guard let name = name as? String, let value = value as? String, !Self.skippedHeaders.contains(name.lowercased()) else { continue }
                if name.lowercased() == "content-type" { contentType = value } else if name.lowercased() != "date" { answerHeaders.append((name, value)) }
            }
            return MockAnswer(status: http.statusCode, contentType: contentType, headers: answerHeaders, body: Array(data))
        }
    }

    /// The answer when the backend cannot be reached, in the shape of the server's other errors.
    private static func badGateway(_ message: String) -> MockAnswer {
        MockAnswer.json(status: 502, "{\"error\":502,\"message\":\(JSONValue.string("bad gateway: " + message).text)}")
    }
}

/// Hands redirects back to the client instead of following them, and a `401` that asks for
/// credentials (`WWW-Authenticate`) back as it is: on Linux, FoundationNetworking would otherwise
/// wait for credentials forever (swift-corelibs-foundation#5456), as the runtime's transport knows.
private final class ProxyDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let challenged = Locked<[Int: HTTPURLResponse]>([:])

    /// The `401` a task's challenge was declined with, once.
    func takeChallenged(_ task: Int) -> HTTPURLResponse? {
        challenged.withLock { $0.removeValue(forKey: task) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            challenged.withLock { $0[task.taskIdentifier] = response }
            // Answered from another thread: FoundationNetworking cancels the task inside the
            // handler, which waits for the session's queue, and this callback may run on it.
            DispatchQueue.global().async { completionHandler(.cancelAuthenticationChallenge, nil) }
            return
        }
        DispatchQueue.global().async { completionHandler(.performDefaultHandling, nil) }
    }
}
