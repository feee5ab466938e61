import Foundation
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
/// gunicorn binds port 0 and the port is read from its log. It runs under a small shell that kills it
/// when its standard input closes, which happens when this process exits however it exits.
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
        try runVenvScript(root: root)
        let gunicorn = root.appendingPathComponent(".venv-httpbin/bin/gunicorn").path
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("httpbin-\(getpid())-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        let script = """
            "$1" --bind 127.0.0.1:0 --worker-class gthread --workers 2 --threads 64 --backlog 2048 \
                 --no-control-socket --timeout 60 --graceful-timeout 1 --error-logfile "$2" httpbin:app &
            pid=$!
            trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null' EXIT HUP TERM INT
            cat >/dev/null
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "httpbin-server", gunicorn, log.path]
        process.currentDirectoryURL = root
        let stdin = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        ServerKeeper.keep(process: process, stdin: stdin)

        let port = try await waitForPort(in: log, process: process)
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw Failure.setup("bad port \(port)") }
        try await waitUntilAnswering(url)
        return url
    }

    /// Runs `scripts/httpbin-venv.sh`, which returns at once when the environment is ready.
    private static func runVenvScript(root: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/httpbin-venv.sh").path]
        process.currentDirectoryURL = root
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure.setup("scripts/httpbin-venv.sh failed (\(process.terminationStatus)): \(String(decoding: text, as: UTF8.self))")
        }
    }

    /// Reads `Listening at: http://127.0.0.1:PORT` from gunicorn's log.
    private static func waitForPort(in log: URL, process: Process) async throws -> Int {
        let deadline = ContinuousClock.now + .seconds(30)
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
        throw Failure.setup("gunicorn did not report its port within 30 s: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
    }

    /// Polls `/get` until it answers 200.
    private static func waitUntilAnswering(_ base: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
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
        throw Failure.setup("httpbin at \(base) did not answer within 30 s")
    }
}

/// Keeps the server's shell and the write end of its standard input alive until the process exits,
/// and stops the server at a normal exit.
enum ServerKeeper {
    private static let kept = LockedBox<[(Process, Pipe)]>([])

    static func keep(process: Process, stdin: Pipe) {
        kept.mutate { $0.append((process, stdin)) }
        _ = ServerKeeper.registerExitHandler
    }

    private static let registerExitHandler: Void = {
        atexit {
            ServerKeeper.stopAll()
        }
    }()

    static func stopAll() {
        let all = kept.take()
        for (process, stdin) in all {
            try? stdin.fileHandleForWriting.close()
            if process.isRunning { process.terminate() }
        }
    }
}

/// A minimal lock-protected box (the runtime's `Locked` works too; this keeps the fixture standalone).
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
