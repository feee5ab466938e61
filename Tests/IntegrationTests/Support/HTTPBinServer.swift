import Foundation
import RuntimeTestSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real httpbin (PyPI `httpbin` under gunicorn) on 127.0.0.1 on a free port, started once per test
/// process and stopped when the process exits.
///
/// The virtual environment `.venv-httpbin/` is created or checked by `scripts/httpbin-venv.sh`.
/// `scripts/httpbin-serve.py` runs gunicorn on port 0 (the port is read from its log) and stops it
/// when this process is gone.
actor HTTPBinServer {
    static let shared = HTTPBinServer()

    /// Why the server could not be started.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        static func setup(_ message: String) -> Failure { Failure(description: message) }
    }

    private var launch: Task<URL, any Error>?

    /// The base URL of the running server, starting it on first use.
    func baseURL() async throws -> URL {
        if let launch { return try await launch.value }
        let task = Task { try await Self.start() }
        launch = task
        return try await task.value
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    private static func start() async throws -> URL {
        let root = packageRoot
        try await offCooperativePool { try runVenvScript(root: root) }
        let python = root.appendingPathComponent(".venv-httpbin/bin/python")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("httpbin-\(getpid())-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        // The supervisor stops gunicorn as soon as this test process is gone, however it ends.
        let process = try Subprocess(python, [root.appendingPathComponent("scripts/httpbin-serve.py").path, log.path], directory: root)
        ServerKeeper.keep(process, log: log)

        let port = try await waitForPort(in: log, process: process)
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw Failure.setup("bad port \(port)") }
        try await waitUntilAnswering(url)
        return url
    }

    /// Runs `scripts/httpbin-venv.sh`, which returns at once when the environment is ready (and may
    /// take a minute to install it the first time).
    private static func runVenvScript(root: URL) throws {
        let result = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), [root.appendingPathComponent("scripts/httpbin-venv.sh").path], directory: root, mergingErrors: true)
        guard result.termination == .exited(0) else {
            throw Failure.setup("scripts/httpbin-venv.sh failed (\(result.termination)): \(result.outputText)")
        }
    }

    /// Reads `Listening at: http://127.0.0.1:PORT` from gunicorn's log.
    private static func waitForPort(in log: URL, process: Subprocess) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(180)
        let marker = "Listening at: http://127.0.0.1:"
        while ContinuousClock.now < deadline {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let range = text.range(of: marker) {
                let digits = text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits) { return port }
            }
            if !process.isRunning { throw Failure.setup("gunicorn exited: \(text)") }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure.setup("gunicorn did not report its port within 180 s: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// Polls `/get` until it answers 200.
    private static func waitUntilAnswering(_ base: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(180)
        let probe = base.appendingPathComponent("get")
        while ContinuousClock.now < deadline {
            var request = URLRequest(url: probe)
            request.timeoutInterval = 2
            if let (_, response) = try? await URLSession.shared.data(for: request),
               (response as? HTTPURLResponse)?.statusCode == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure.setup("httpbin at \(base) did not answer within 180 s")
    }
}

/// Stops the server's supervisor (and with it gunicorn) at a normal exit of the test process; the
/// supervisor's own watch on its parent covers every other way the process can end.
enum ServerKeeper {
    private static let kept = LockedBox<[(process: Subprocess, log: URL)]>([])

    static func keep(_ process: Subprocess, log: URL) {
        kept.mutate { $0.append((process, log)) }
        _ = registerExitHandler
    }

    private static let registerExitHandler: Void = {
        atexit {
            ServerKeeper.stopAll()
        }
    }()

    static func stopAll() {
        for (process, log) in kept.take() {
            process.terminate()
            try? FileManager.default.removeItem(at: log)
        }
    }
}

/// A minimal lock-protected box, so the fixture does not depend on the runtime's internals.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body(&value)
    }

    func take() -> Value {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
