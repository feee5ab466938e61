import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Forwards requests to a real backend (one of the spec's environments) with AsyncHTTPClient, and
/// hands back its answer as it is: status, headers (less hop-by-hop ones; each `Set-Cookie` on its
/// own line) and body, encoded as the backend sent it. Redirects and challenges (`401` with
/// `WWW-Authenticate`) are passed back to the client, not followed or answered.
///
/// AsyncHTTPClient rather than URLSession: on Linux, FoundationNetworking folds repeated headers
/// into one (`Set-Cookie: a=1, b=2`), keeps back the body of a `401` that asks for credentials,
/// and waits for credentials forever when no delegate declines them.
final class ProxyForwarder: Sendable {
    /// The environment's base URL, without a trailing slash (`http://127.0.0.1:9000/api`).
    let baseURL: String

    /// Headers that belong to one connection, or that the client sets itself.
    static let skippedHeaders: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te", "trailer",
        "transfer-encoding", "upgrade", "host", "content-length",
    ]

    /// The largest answer forwarded whole.
    static let maxAnswerBytes = 256 << 20

    /// One client for every proxy of the process: it lives as long as the process, so it is never
    /// shut down (AsyncHTTPClient asks that a client be shut down before it goes away).
    private static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(connect: .seconds(10), read: .seconds(120)),
            decompression: .disabled
        )
    )

    init(baseURL: String) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
    }

    /// Sends `method` to the backend at `path` (below its base URL) with `query` (raw, after `?`).
    func forward(method: String, path: String, query: String?, headers: [(String, String)], body: [UInt8]) async -> MockAnswer {
        let text = baseURL + path + (query.map { "?" + $0 } ?? "")
        guard URL(string: text) != nil else { return Self.badGateway("cannot make a URL of \(text)") }
        var request = HTTPClientRequest(url: text)
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in headers where !Self.skippedHeaders.contains(name.lowercased()) {
            request.headers.add(name: name, value: value)
        }
        if !body.isEmpty { request.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await Self.client.execute(request, timeout: .seconds(120))
            let bytes = try await response.body.collect(upTo: Self.maxAnswerBytes)
            var answerHeaders: [(String, String)] = []
            var contentType: String?
            for (name, value) in response.headers {
                let lowercased = name.lowercased()
                if lowercased == "content-type" {
                    contentType = value
                } else if lowercased == "content-length" && method == "HEAD" {
                    // A HEAD answer's length is the length of the GET's body, which it does not send.
                    answerHeaders.append((name, value))
                } else if !Self.skippedHeaders.contains(lowercased) && lowercased != "date" {
                    answerHeaders.append((name, value))
                }
            }
            return MockAnswer(status: Int(response.status.code), contentType: contentType, headers: answerHeaders, body: Array(buffer: bytes))
        } catch {
            return Self.badGateway("\(baseURL) did not answer: \(error)")
        }
    }

    /// The answer when the backend cannot be reached, in the shape of the server's other errors.
    private static func badGateway(_ message: String) -> MockAnswer {
        .plainError(status: 502, message: "bad gateway: " + message)
    }
}
