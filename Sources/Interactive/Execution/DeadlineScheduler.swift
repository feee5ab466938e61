import Dispatch

/// Runs actions at deadlines from one shared Dispatch timer.
///
/// A timer source per request would be armed and disarmed on every request, each a wake-up of
/// Dispatch's timer machinery; here the single timer is only re-armed when a new deadline is
/// earlier than every pending one. Cancelled entries are dropped lazily when they come due.
final class DeadlineScheduler: @unchecked Sendable {
    /// The scheduler the executor uses.
    static let shared = DeadlineScheduler(queue: DeadlineRace.timerQueue)

    /// A scheduled action, to cancel it.
    struct Token: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    /// A deadline in the heap, ordered by its time.
    private struct Entry: Comparable {
        let deadline: DispatchTime
        let id: UInt64

        static func < (a: Entry, b: Entry) -> Bool { a.deadline < b.deadline }
        static func == (a: Entry, b: Entry) -> Bool { a.deadline == b.deadline && a.id == b.id }
    }

    private let queue: DispatchQueue
    private let timer: any DispatchSourceTimer
    /// Guards everything below and the timer's arming; the timer's handler and every caller take it.
    private let lock = Locked(State())

    private struct State {
        var heap = MinHeap<Entry>()
        var actions: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
        var armedFor: DispatchTime?
    }

    init(queue: DispatchQueue) {
        self.queue = queue
        timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture, leeway: .milliseconds(1))
        timer.resume()
    }

    /// Runs `action` on the scheduler's queue at `deadline`, unless cancelled first.
    func schedule(at deadline: DispatchTime, _ action: @escaping @Sendable () -> Void) -> Token {
        // The timer is re-armed under the lock, so two callers cannot re-arm it out of order.
        lock.withLock { state in
            state.nextID += 1
            let id = state.nextID
            state.actions[id] = action
            state.heap.push(Entry(deadline: deadline, id: id))
            if state.armedFor.map({ deadline < $0 }) ?? true {
                state.armedFor = deadline
                timer.schedule(deadline: deadline, leeway: .milliseconds(1))
            }
            return Token(id: id)
        }
    }

    /// Cancels a scheduled action; it will not run.
    func cancel(_ token: Token) {
        lock.withLock { state in
            state.actions[token.id] = nil
            // A cancelled entry stays in the heap until it comes due. Drop them all when nothing is left
            // to run, and rebuild the heap from the live entries when cancelled ones outnumber them:
            // with requests always in flight, nothing would otherwise bound the heap but request rate
            // × timeout. Each rebuild follows at least as many cancellations as it keeps entries.
            if state.actions.isEmpty {
                state.heap.removeAll()
            } else if state.heap.count > 2 * state.actions.count + Self.compactionSlack {
                let live = state.actions
                state.heap.removeAll { live[$0.id] == nil }
            }
        }
    }

    /// How many cancelled entries the heap may hold beyond its live ones before it is rebuilt.
    static let compactionSlack = 256

    /// The number of entries in the heap, cancelled ones included (for tests).
    var pendingEntries: Int { lock.withLock { $0.heap.count } }

    /// Runs every action that is due and re-arms the timer for the next one.
    private func fire() {
        let now = DispatchTime.now()
        let due: [@Sendable () -> Void] = lock.withLock { state in
            var due: [@Sendable () -> Void] = []
            while let first = state.heap.first, first.deadline <= now {
                state.heap.popFirst()
                if let action = state.actions.removeValue(forKey: first.id) { due.append(action) }
            }
            // Skip cancelled entries at the top so the timer is not armed for nothing.
            while let first = state.heap.first, state.actions[first.id] == nil { state.heap.popFirst() }
            state.armedFor = state.heap.first?.deadline
            timer.schedule(deadline: state.armedFor ?? .distantFuture, leeway: .milliseconds(1))
            return due
        }
        for action in due { action() }
    }
}
