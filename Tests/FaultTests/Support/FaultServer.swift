import Foundation
import RuntimeTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fault-injecting server (`Tests/Support/fault_server.py`) on 127.0.0.1, one per test.
///
/// The server exits when its standard input closes, so it never outlives the test process.
final class FaultServer: @unchecked Sendable {
    /// What the server counted, from `/_control/counts`.
    struct Counts: Decodable, Sendable {
        var total: Int
        var received: [String: Int]
        var applied: [String: Int]
        var successes: [String: Int]
        var outcomes: [String: [String]]
        var maxInflight: Int
        var logins: Int
        /// Per key, how many server-sent events the client's socket took so far.
        var streamed: [String: Int]
    }

    enum StartError: Error {
        case noPort(String)
    }

    let port: Int
    private let process: Subprocess

    var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
    }

    static var scriptPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Support/fault_server.py").path
    }

    private init(port: Int, process: Subprocess) {
        self.port = port
        self.process = process
    }

    /// Starts a server and waits (at most 10 s) for it to print its port, off the cooperative pool.
    static func start(seed: Int = 1, secret: String = "fault-secret") async throws -> FaultServer {
        try await offCooperativePool { try startBlocking(seed: seed, secret: secret) }
    }

    /// At most two servers start at a time. Every fault test starts its own, most of them at once:
    /// dozens of Python interpreters importing their modules together keep a 2-core machine busy
    /// for seconds, longer than the deadlines of the tests already running.
    private static let starting = DispatchSemaphore(value: 2)

    private static func startBlocking(seed: Int, secret: String) throws -> FaultServer {
        starting.wait()
        defer { starting.signal() }
        let process = try Subprocess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", scriptPath, "--seed", String(seed), "--secret", secret],
            standardInput: .pipe, standardOutput: .pipe, standardError: .inherit
        )
        guard let output = process.standardOutput else { throw StartError.noPort("") }
        var buffer = Data()
        let deadline = Date().addingTimeInterval(10)
        while !buffer.contains(UInt8(ascii: "\n")), Date() < deadline {
            let chunk = readAvailable(output)
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        let line = String(decoding: buffer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)) else {
            process.terminate()
            throw StartError.noPort(line)
        }
        return FaultServer(port: port, process: process)
    }

    /// Stops the server.
    func stop() {
        try? process.standardInput?.close()
        process.terminate()
    }

    deinit { stop() }

    /// The server's counters.
    func counts() async throws -> Counts {
        let (data, _) = try await Self.controlSession.data(from: baseURL.appendingPathComponent("_control/counts"))
        return try JSONDecoder().decode(Counts.self, from: data)
    }

    /// A URL on the server with query items.
    func url(_ path: String, _ query: [(String, String)] = []) -> URL {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        if !query.isEmpty { components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) } }
        return components?.url ?? baseURL
    }

    private static let controlSession = URLSession(configuration: .ephemeral)
}
