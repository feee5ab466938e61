import Foundation
import RuntimeTestSupport
import Interactive

/// Runs the `freeze-replay-child` executable built beside the test bundle.
final class ChildProcess: Sendable {
    let process: Subprocess
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

    /// Starts the child; a thread of its own collects the lines it prints.
    init(arguments: [String]) throws {
        guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
        process = try Subprocess(executable, arguments, standardOutput: .pipe, standardError: .inherit)
        let (process, lines) = (process, lines)
        Thread.detachNewThread {
            let text = String(decoding: process.readOutputToEnd().output, as: UTF8.self)
            lines.withLock { $0.append(contentsOf: text.split(separator: "\n").map(String.init)) }
        }
    }

    /// What the child printed (all of it once it has ended).
    var printed: [String] { lines.current }

    /// Kills the child at once (SIGKILL: no cleanup, no flush), and waits for it to go.
    func kill() async {
        process.kill()
        _ = await process.wait()
    }

    /// Waits for the child to exit, at most `limit`; kills it if it takes longer.
    func wait(atMost limit: Duration) async throws -> Subprocess.Termination {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { process.kill() }
        return await process.wait()
    }
}
