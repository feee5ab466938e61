import AsyncHTTPClient
import Foundation
import Interactive
import InteractiveAsyncHTTPClient
import LoopbackAPI

/// The raw AsyncHTTPClient baseline: what a hand-written call on the same client as
/// `AsyncHTTPClientTransport()` does for the same result (build the URL, send, collect, decode).
struct RawAsyncHTTPClient: Sendable {
    let baseURL: String
    let client = AsyncHTTPClientTransport.sharedClient

    func fetch(id: Int64, query: String) async throws -> BenchItem {
        guard var components = URLComponents(string: "\(baseURL)/items/\(id)") else { throw BenchError.failed("bad base URL \(baseURL)") }
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        guard let url = components.url else { throw BenchError.failed("bad URL for \(baseURL)") }
        let response = try await client.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(10))
        guard response.status == .ok else { throw BenchError.failed("unexpected response \(response.status)") }
        let body = try await response.body.collect(upTo: 1 << 20)
        let envelope = try JSONDecoder().decode(RawClient.Envelope.self, from: Data(body.readableBytesView))
        guard envelope.code == 0, let item = envelope.result else { throw BenchError.failed("envelope code \(envelope.code)") }
        return item
    }
}
