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
        /// The number of the last report let through, per direction.
        var sequence: [TransferProgress.Direction: Int] = [:]

        /// The number of the next report let through in `direction` (from 1).
        mutating func nextNumber(_ direction: TransferProgress.Direction) -> Int {
            sequence[direction, default: 0] += 1
            return sequence[direction, default: 0]
        }
    }

    private let deliver: @Sendable (TransferProgress) -> Void
    private let interval: Duration
    private let state = Locked(State())
    /// The number of the last report delivered, per direction. Reports are let through in order
    /// under ``state``'s lock but delivered outside it, so a held report flushed from a timer could
    /// reach the observer after a newer one; a report older than one delivered is dropped, under
    /// this lock, which the delivery holds.
    private let delivered = Locked([TransferProgress.Direction: Int]())

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
        enum Decision { case deliver(Int), hold(schedule: Duration?), drop }
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
            return .deliver(state.nextNumber(progress.direction))
        }
        switch decision {
        case .deliver(let number):
            deliverInOrder(progress, number: number)
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
        let held = state.withLock { state -> (TransferProgress, Int)? in
            state.flushScheduled.remove(direction)
            guard let held = state.held.removeValue(forKey: direction) else { return nil }
            state.last[direction] = (held, .now)
            return (held, state.nextNumber(direction))
        }
        if let (progress, number) = held { deliverInOrder(progress, number: number) }
    }

    /// Delivers a report unless one let through after it was delivered first.
    private func deliverInOrder(_ progress: TransferProgress, number: Int) {
        delivered.withLock { delivered in
            guard number > delivered[progress.direction, default: 0] else { return }
            delivered[progress.direction] = number
            deliver(progress)
        }
    }
}
