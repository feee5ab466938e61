public import Foundation
import Interactive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Subprocess {
    /// How a child ended and what it wrote.
    public struct Output: Sendable {
        /// How it ended.
        public var termination: Termination
        /// Its standard output (with standard error interleaved when the run merged them).
        public var standardOutput: Data
        /// Its standard error, unless merged into ``standardOutput``.
        public var standardError: Data
        /// Whether the run's time limit ran out and the child was killed.
        public var timedOut: Bool

        /// The shell's status: the exit code, or 128 plus the signal's number.
        public var status: Int32 { termination.status }
        /// ``standardOutput`` as UTF-8 text.
        public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        /// ``standardError`` as UTF-8 text.
        public var errorText: String { String(decoding: standardError, as: UTF8.self) }
    }

    /// Runs `executable` to its end with empty standard input, and collects what it writes.
    ///
    /// - Parameters:
    ///   - mergingErrors: Send standard error into the standard output pipe, interleaved.
    ///   - processGroup: Start it in a process group of its own (see ``Subprocess``'s initializer), so that the time limit ends everything it started.
    ///   - timeLimit: A watchdog, not a speed bound: the child (its group) is killed when it runs
    ///     longer, and ``Output/timedOut`` says so.
    public static func run(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String]? = nil,
        directory: URL? = nil,
        mergingErrors: Bool = false,
        processGroup: Bool = false,
        timeLimit: Duration? = nil
    ) throws -> Output {
        let child = try Subprocess(
            executable, arguments, environment: environment, directory: directory,
            standardOutput: .pipe, standardError: mergingErrors ? .sameAsOutput : .pipe, processGroup: processGroup
        )
        let timedOut = Locked(false)
        let watchdog = DispatchWorkItem {
            timedOut.withLock { $0 = true }
            child.kill()
        }
        if let timeLimit {
            let (seconds, attoseconds) = timeLimit.components
            DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: watchdog)
        }
        let (output, error) = child.readOutputToEnd()
        let termination = child.wait()
        watchdog.cancel()
        return Output(termination: termination, standardOutput: output, standardError: error, timedOut: timedOut.current)
    }

    /// The blocking `run` on a thread of its own, without holding one of the cooperative pool's.
    public static func run(
        _ executable: URL,
        _ arguments: [String] = [],
        environment: [String: String]? = nil,
        directory: URL? = nil,
        mergingErrors: Bool = false,
        processGroup: Bool = false,
        timeLimit: Duration? = nil
    ) async throws -> Output {
        try await offCooperativePool {
            try run(executable, arguments, environment: environment, directory: directory, mergingErrors: mergingErrors, processGroup: processGroup, timeLimit: timeLimit)
        }
    }

    /// Reads the child's standard output and error pipes (those that are pipes) until the child
    /// and everything it started have closed them. Both are read as data arrives, so that a child
    /// writing much to one never stalls while the other is read; interrupted reads are retried.
    public func readOutputToEnd() -> (output: Data, error: Data) {
        var descriptors = [standardOutput?.fileDescriptor ?? -1, standardError?.fileDescriptor ?? -1]
        var collected = [Data(), Data()]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while descriptors.contains(where: { $0 >= 0 }) {
            // poll ignores the negative (finished) entries.
            var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&entries, nfds_t(entries.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in entries.indices where entries[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[index], $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index].append(contentsOf: buffer[0..<count])
                } else if count == 0 || errno != EINTR {
                    descriptors[index] = -1
                }
            }
        }
        return (collected[0], collected[1])
    }
}
