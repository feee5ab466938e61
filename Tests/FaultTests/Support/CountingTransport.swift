import Foundation
import Interactive

/// Wraps a transport and counts the exchanges it performs, per `X-Test-Key` header.
final class CountingTransport: Transport {
    let inner: any Transport
    private let counts = Locked([String: Int]())

    init(_ inner: any Transport) {
        self.inner = inner
    }

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        counts.withLock { $0[request.headers["X-Test-Key"] ?? request.url.path, default: 0] += 1 }
        return try await inner.send(request)
    }

    var perKey: [String: Int] { counts.current }
}
