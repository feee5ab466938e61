import Foundation
import Interactive

/// An API whose business object is the raw response, for asserting on what the server said.
struct RawApi: Api {
    let request: ApiRequest
    var parser: RawParser { RawParser() }

    /// An API on `server` at `path` with `query` items (e.g. `fault=status:503`).
    init(
        _ server: FaultServer,
        _ path: String,
        method: HTTPMethod = .get,
        query: [(String, String)] = [],
        headers: [(String, String)] = [],
        body: [String: String]? = nil,
        options: RequestOptions = RequestOptions()
    ) {
        var request = ApiRequest(service: Self.service(server), apiName: "Raw", method: method, path: path, options: options)
        for (key, value) in query { request.add(value, as: key, in: .query) }
        for (name, value) in headers { request.add(value, as: name, in: .header) }
        if let body { request.setBody(body) }
        self.request = request
    }

    /// The fault server's service. Its deadline is far beyond anything a test waits for (requests may
    /// queue behind a scheduling bound on a busy machine); tests about deadlines give their own.
    static func service(_ server: FaultServer) -> ServiceConfiguration {
        ServiceConfiguration(name: "Fault", environments: [.init(name: "local", baseURL: server.baseURL)], timeout: .seconds(120))
    }
}

/// Requires a 2xx status and returns the response itself.
struct RawParser: ResponseParser {
    func parse(_ response: HTTPResponse) throws(InteractiveError) -> HTTPResponse {
        guard response.isSuccess else {
            throw .unacceptableStatus(code: response.status, headers: response.headers, body: response.body)
        }
        return response
    }
}

extension HTTPResponse {
    /// The body as a JSON object.
    var json: JSON? { try? JSONDecoder().decode(JSON.self, from: body) }
}

/// Runs `body` and returns how long it took.
func measure<T>(_ body: () async throws -> T) async rethrows -> (T, Duration) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, .now - start)
}

/// Temporary directories for one test, removed when the test's suite instance goes away.
final class Scratch: Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("faulttests-\(UUID().uuidString)")

    /// A new directory under the root.
    func directory(_ name: String) -> URL {
        let url = root.appendingPathComponent(name)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}

/// Polls `condition` every `interval` until it holds, for at most `limit`; returns whether it held.
///
/// The limit is a time, not a number of polls, and generous: it returns as soon as the condition
/// holds, so only a failing test waits it out and a busy machine cannot turn a slow pass into a failure.
@discardableResult
func waitUntil(within limit: Duration = .seconds(20), every interval: Duration = .milliseconds(10), _ condition: () async throws -> Bool) async throws -> Bool {
    let end = ContinuousClock.now + limit
    while ContinuousClock.now < end {
        if try await condition() { return true }
        try await Task.sleep(for: interval)
    }
    return try await condition()
}
