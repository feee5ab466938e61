public import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process of the tests, started with `posix_spawn`.
///
/// Every test target runs in one process that, at its busiest, holds 1,000–1,500 descriptors.
/// Foundation's `Process.run()` on Linux lists `/proc/self/fd` with a `memcpy` that reads past
/// glibc's 32 KiB directory buffer once the listing fills it (about 1,350 entries): an intermittent
/// SIGSEGV (swift-corelibs-foundation#5472, unfixed in Swift 6.3.1). This launcher lists nothing:
/// the child gets its three standard streams and glibc closes every other descriptor in it
/// (`posix_spawn_file_actions_addclosefrom_np`), whatever their close-on-exec flags. The child
/// starts with no blocked signals and default signal handlers (a test thread's mask would
/// otherwise block SIGTERM in it).
///
/// A thread of its own waits for the child's exit, so `wait()`, ``isRunning`` and
/// ``termination`` never race a reaper, and a signal is never sent to a reaped (reusable) pid.
public final class Subprocess: @unchecked Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// A pipe to the test: our end is ``Subprocess/standardInput``, ``Subprocess/standardOutput``
        /// or ``Subprocess/standardError``.
        case pipe
        /// `/dev/null`.
        case null
        /// The test process's own stream.
        case inherit
        /// For standard error only: wherever standard output goes (a shared pipe reads both
        /// interleaved, as a terminal shows them). Anywhere else it means ``null``.
        case sameAsOutput
    }

    /// How the child ended.
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        /// It exited with this code.
        case exited(Int32)
        /// A signal (e.g. `SIGKILL`) ended it.
        case signaled(Int32)

        /// The status a shell reports: the exit code, or 128 plus the signal's number.
        public var status: Int32 {
            switch self {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        }

        /// `exit 1` or `signal 9`.
        public var description: String {
            switch self {
            case .exited(let code): "exit \(code)"
            case .signaled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// Our end of the child's standard input when it is a ``Stream/pipe``: close it to end the input.
    public let standardInput: FileHandle?
    /// Our end of the child's standard output when it is a ``Stream/pipe``.
    public let standardOutput: FileHandle?
    /// Our end of the child's standard error when it is a ``Stream/pipe``.
    public let standardError: FileHandle?
    /// Whether the child leads a process group of its own, so that signals reach its children too.
    public let leadsProcessGroup: Bool

    private let state = NSCondition()
    private var ended: Termination?
    private var waiters: [CheckedContinuation<Termination, Never>] = []

    /// Starts `executable` (a path, not looked up in `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment; `nil` passes the test process's on.
    ///   - directory: The child's working directory; `nil` keeps the test process's.
    ///   - processGroup: Start the child in a process group of its own: ``terminate()`` and
    ///     ``kill()`` then reach everything it started (a compiler's jobs, a browser's helpers).
    /// - Throws: ``SubprocessError`` when the child cannot be started (no such executable, no
    ///   such directory).
    public init(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String]? = nil,
        directory: URL? = nil,
        standardInput: Stream = .null,
        standardOutput: Stream = .null,
        standardError: Stream = .null,
        processGroup: Bool = false
    ) throws {
        let spawned = try Spawn(
            executable: executable.path, arguments: arguments, environment: environment,
            directory: directory?.path, streams: [standardInput, standardOutput, standardError],
            processGroup: processGroup
        ).run()
        processIdentifier = spawned.pid
        self.standardInput = spawned.ours[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.standardOutput = spawned.ours[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.standardError = spawned.ours[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        leadsProcessGroup = processGroup
        Thread.detachNewThread { [self] in reap() }
    }

    /// How the child ended, or `nil` while it runs.
    public var termination: Termination? { state.withLock { ended } }

    /// Whether the child has not ended yet.
    public var isRunning: Bool { termination == nil }

    /// Blocks the calling thread until the child ends (prefer the `async` overload on the
    /// cooperative pool).
    public func wait() -> Termination {
        state.lock()
        defer { state.unlock() }
        while true {
            if let ended { return ended }
            state.wait()
        }
    }

    /// Suspends until the child ends, without holding a thread.
    public func wait() async -> Termination {
        await withCheckedContinuation { continuation in
            let done = state.withLock {
                if ended == nil { waiters.append(continuation) }
                return ended
            }
            if let done { continuation.resume(returning: done) }
        }
    }

    /// Sends `signal` to the child (to its whole group when it ``leadsProcessGroup``), unless it
    /// has already ended.
    public func send(_ signal: Int32) {
        state.withLock {
            guard ended == nil else { return }
            signalProcess(leadsProcessGroup ? -processIdentifier : processIdentifier, signal)
        }
    }

    /// Asks the child to end (SIGTERM).
    public func terminate() { send(SIGTERM) }

    /// Ends the child at once (SIGKILL: no cleanup, no flush).
    public func kill() { send(SIGKILL) }

    /// Waits for the child's exit without reaping it, then reaps it under the lock that ``send(_:)``
    /// holds, so no signal can reach a pid the system has handed to another process.
    private func reap() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(processIdentifier), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        var status: Int32 = 0
        let continuations = state.withLock {
            while waitpid(processIdentifier, &status, 0) == -1, errno == EINTR {}
            // The low seven bits hold the signal that ended the child, zero for an exit.
            let signal = status & 0x7f
            let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
            ended = termination
            state.broadcast()
            defer { waiters = [] }
            return waiters.map { ($0, termination) }
        }
        for (continuation, termination) in continuations { continuation.resume(returning: termination) }
    }
}

/// `kill(2)`, which the methods' names hide.
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    #if canImport(Glibc)
    _ = Glibc.kill(pid, signal)
    #elseif canImport(Darwin)
    _ = Darwin.kill(pid, signal)
    #endif
}

/// Why a child could not be started.
public struct SubprocessError: Error, CustomStringConvertible {
    /// What failed, with the system's reason.
    public let description: String
}
