import Foundation
import RuntimeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The tests' child-process launcher: exits, signals, streams, environment and directory.
@Suite(.timeLimit(.minutes(15)))
struct SubprocessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func exitCodesAreReported() async throws {
        #expect(try await Subprocess.run(Self.shell, ["-c", "exit 0"]).termination == .exited(0))
        let failed = try await Subprocess.run(Self.shell, ["-c", "exit 3"])
        #expect(failed.termination == .exited(3))
        #expect(failed.status == 3)
    }

    @Test func aSignalDeathIsReportedAsTheSignal() async throws {
        let killed = try await Subprocess.run(Self.shell, ["-c", "kill -KILL $$"])
        #expect(killed.termination == .signaled(SIGKILL))
        #expect(killed.status == 128 + SIGKILL)
    }

    /// SIGTERM reaches the child: the launching thread's blocked signals are not passed on.
    @Test func terminateEndsAChildAndAsyncWaitReportsIt() async throws {
        let child = try Subprocess(URL(fileURLWithPath: "/bin/sleep"), ["30"])
        #expect(child.isRunning)
        #expect(child.termination == nil)
        child.terminate()
        #expect(await child.wait() == .signaled(SIGTERM))
        #expect(!child.isRunning)
        child.kill()  // after the end: no signal to a pid the system may have reused
    }

    /// Standard error is written in full first: reading standard output to its end first would
    /// stall both processes once the error pipe filled (64 KiB).
    @Test func largeOutputsOnBothStreamsAreCollectedWithoutStalling() async throws {
        let result = try await Subprocess.run(Self.shell, ["-c", "head -c 300000 /dev/zero >&2; head -c 200000 /dev/zero"])
        #expect(result.termination == .exited(0))
        #expect(result.standardError.count == 300_000)
        #expect(result.standardOutput.count == 200_000)
    }

    @Test func mergedErrorsArriveInTheOutputPipe() async throws {
        let result = try await Subprocess.run(Self.shell, ["-c", "echo out; echo err >&2"], mergingErrors: true)
        #expect(result.outputText == "out\nerr\n")
        #expect(result.standardError.isEmpty)
    }

    @Test func environmentIsExactlyTheOneGivenAndTheDirectoryIsUsed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("subprocess-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), environment: ["GREETING": "hello world"])
        #expect(environment.outputText == "GREETING=hello world\n")
        let directory = try await Subprocess.run(URL(fileURLWithPath: "/bin/pwd"), ["-P"], directory: folder)
        #expect(directory.outputText == folder.resolvingSymlinksInPath().path + "\n")
        let inherited = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"))
        #expect(inherited.outputText.contains("PATH="))
    }

    /// 200 KiB through `cat`: written on another thread while both of its pipes are read.
    @Test func standardInputIsAPipeThatEndsWhenClosed() async throws {
        let child = try Subprocess(URL(fileURLWithPath: "/bin/cat"), standardInput: .pipe, standardOutput: .pipe)
        let input = try #require(child.standardInput)
        let data = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        Thread.detachNewThread {
            try? input.write(contentsOf: data)
            try? input.close()
        }
        let (output, _) = try await offCooperativePool { child.readOutputToEnd() }
        #expect(await child.wait() == .exited(0))
        #expect(output == data)
    }

    @Test func aMissingExecutableOrDirectoryThrows() throws {
        #expect(throws: SubprocessError.self) { try Subprocess(URL(fileURLWithPath: "/nonexistent/program")) }
        #expect(throws: SubprocessError.self) { try Subprocess(Self.shell, ["-c", "true"], directory: URL(fileURLWithPath: "/nonexistent/folder")) }
    }

    /// The time limit ends the child's whole group: the grandchild `sleep` holds the output pipe
    /// open, so reading would otherwise last until it ends 600 s later. (A busy machine has taken a
    /// minute to run this test, so the bound is far from both.)
    @Test func theTimeLimitKillsTheProcessGroup() async throws {
        let start = ContinuousClock.now
        let result = try await Subprocess.run(Self.shell, ["-c", "sleep 600 & wait"], processGroup: true, timeLimit: .milliseconds(300))
        #expect(result.timedOut)
        #expect(result.termination == .signaled(SIGKILL))
        #expect(ContinuousClock.now - start < .seconds(300), "long before the grandchild would end by itself")
    }
}
