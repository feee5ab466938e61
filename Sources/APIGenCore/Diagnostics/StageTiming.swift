import Foundation

/// How long each stage of a run took, printed to standard error when the environment sets
/// `APIGEN_TIMING` (`APIGEN_TIMING=1 apigen check Specs/ -o Generated/`): for finding what a slow
/// `generate`, `check` or `import` spends its time on. Silent and nearly free otherwise.
package enum StageTiming {
    private static let isEnabled = ProcessInfo.processInfo.environment["APIGEN_TIMING"] != nil
    private static let lastMark = LastMark()

    /// Starts timing a run's first stage.
    package static func start() {
        guard isEnabled else { return }
        _ = lastMark.advance()
    }

    /// Prints `timing: <stage> <milliseconds since the previous stage>` when timing is on.
    package static func mark(_ stage: String) {
        guard isEnabled else { return }
        let elapsed = lastMark.advance()
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        FileHandle.standardError.write(Data("timing: \(stage) \((milliseconds * 10).rounded() / 10) ms\n".utf8))
    }

    /// The time of the previous mark.
    private final class LastMark: @unchecked Sendable {
        private let lock = NSLock()
        private var instant = ContinuousClock.now

        /// The time since the previous mark; this one becomes the previous.
        func advance() -> Duration {
            let now = ContinuousClock.now
            return lock.withLock {
                defer { instant = now }
                return now - instant
            }
        }
    }
}
