import Foundation
import RuntimeTestSupport
import Interactive
#if canImport(Glibc)
import Glibc
#endif

/// Runs the `freeze-replay-child` executable built beside the test bundle.
final class ChildProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let lines = Locked([String]())

    /// The built child, next to the test bundle (or where `FREEZE_REPLAY_CHILD` says).
    static var executable: URL? {
        if let path = ProcessInfo.processInfo.environment["FREEZE_REPLAY_CHILD"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("freeze-replay-child")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    init(arguments: [String]) throws {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        let lines = lines
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = String(decoding: readAvailable(handle), as: UTF8.self)
            lines.withLock { $0.append(contentsOf: text.split(separator: "\n").map(String.init)) }
        }
        try launch(process)
    }

    /// What the child printed so far.
    var printed: [String] { lines.current }

    /// Kills the child at once (SIGKILL: no cleanup, no flush), and waits for it to go.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the child to exit, at most `limit`; kills it if it takes longer.
    func wait(atMost limit: Duration) async throws -> Int32 {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { kill() }
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        return process.terminationStatus
    }
}
