import Foundation

/// Passes transfer progress from the transport to an observer, throttled: a report is delivered when
/// at least 1% more is done or 50 ms have passed since the last one, and the first and the final
/// report of each direction always are — so a fast transfer on a fast network does not flood the
/// main thread.
///
/// The executor makes one per call that asks for progress and hands it to the transport through the
/// task-local ``current``, so transports need no new parameter.
public final class ProgressReporter: Sendable {
    /// The reporter of the execution running in the current task, if it asked for progress.
    @TaskLocal public static var current: ProgressReporter?

    private struct State {
        var last: [TransferProgress.Direction: (progress: TransferProgress, at: ContinuousClock.Instant)] = [:]
        /// Reports held back by the throttle, delivered when their interval is over unless a newer
        /// one went out first, so the latest state always arrives (a transfer that stalls shows it).
        var held: [TransferProgress.Direction: TransferProgress] = [:]
        var flushScheduled: Set<TransferProgress.Direction> = []
    }

    private let deliver: @Sendable (TransferProgress) -> Void
    private let interval: Duration
    private let state = Locked(State())

    /// A reporter that calls `deliver` (from any thread) with each report it lets through.
    ///
    /// - Parameter interval: The least time between two reports of the same direction, unless 1%
    ///   more is done; 50 ms by default.
    public init(interval: Duration = .milliseconds(50), deliver: @escaping @Sendable (TransferProgress) -> Void) {
        self.interval = interval
        self.deliver = deliver
    }

    /// Reports progress; delivered at once if it passes the throttle, else within the interval
    /// unless a newer report replaces it.
    public func report(_ progress: TransferProgress) {
        let now = ContinuousClock.now
        enum Decision { case deliver, hold(schedule: Duration?), drop }
        let decision = state.withLock { state -> Decision in
            if let last = state.last[progress.direction] {
                if progress.completed <= last.progress.completed, progress.expected == last.progress.expected { return .drop }
                let step = progress.expected.map { max(1, $0 / 100) } ?? Int64.max
                let elapsed = now - last.at
                guard progress.isFinished || progress.completed - last.progress.completed >= step || elapsed >= interval else {
                    state.held[progress.direction] = progress
                    guard !state.flushScheduled.contains(progress.direction) else { return .hold(schedule: nil) }
                    state.flushScheduled.insert(progress.direction)
                    return .hold(schedule: interval - elapsed)
                }
            }
            state.last[progress.direction] = (progress, now)
            state.held[progress.direction] = nil
            return .deliver
        }
        switch decision {
        case .deliver:
            deliver(progress)
        case .hold(let delay?):
            DispatchQueue.global().asyncAfter(deadline: .now() + DeadlineRace.dispatchInterval(until: .now + delay)) { [self] in
                flush(progress.direction)
            }
        case .hold(nil), .drop:
            break
        }
    }

    /// Delivers the report held back for `direction`, if any.
    private func flush(_ direction: TransferProgress.Direction) {
        let held = state.withLock { state -> TransferProgress? in
            state.flushScheduled.remove(direction)
            guard let held = state.held.removeValue(forKey: direction) else { return nil }
            state.last[direction] = (held, .now)
            return held
        }
        if let held { deliver(held) }
    }
}
