/// Bounds how many requests run at once per host. Requests beyond the bound wait; when a slot frees,
/// the waiting request with the highest ``RequestOptions/Priority`` goes first (first come, first
/// served within a priority). A cancelled waiter leaves the queue at once.
public final class HostLimiter: Sendable {
    /// The most requests per host that run at once.
    public let maxPerHost: Int
    private let state = Locked(State())

    private struct Waiter {
        var id: UInt64
        var priority: RequestOptions.Priority
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var active: [String: Int] = [:]
        var waiters: [String: [Waiter]] = [:]
        /// Cancelled before they reached the queue.
        var cancelled: Set<UInt64> = []
        /// Reached the queue or a slot, and still inside `acquire`.
        var entered: Set<UInt64> = []
        var nextID: UInt64 = 0
    }

    /// Creates a limiter allowing `maxPerHost` (at least 1) concurrent requests per host.
    public init(maxPerHost: Int) {
        self.maxPerHost = max(1, maxPerHost)
    }

    /// Waits for a slot on `host`; throws ``InteractiveError/cancelled`` if the task is cancelled first.
    /// Every successful call must be balanced by ``release(host:)``.
    public func acquire(host: String, priority: RequestOptions.Priority) async throws(InteractiveError) {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let resume: Bool? = state.withLock { state in
                        // Cancelled before we queued: the handler already ran and found nothing to remove.
                        if state.cancelled.remove(id) != nil { return false }
                        state.entered.insert(id)
                        if state.active[host, default: 0] < maxPerHost {
                            state.active[host, default: 0] += 1
                            return true
                        }
                        state.waiters[host, default: []].append(Waiter(id: id, priority: priority, continuation: continuation))
                        return nil
                    }
                    switch resume {
                    case true?: continuation.resume()
                    case false?: continuation.resume(throwing: CancellationError())
                    case nil: break
                    }
                }
            } onCancel: {
                let waiter: Waiter? = state.withLock { state in
                    if let index = state.waiters[host]?.firstIndex(where: { $0.id == id }) {
                        return state.waiters[host]?.remove(at: index)
                    }
                    // Not queued yet: remember, so it does not queue. Already granted: nothing to do.
                    if !state.entered.contains(id) { state.cancelled.insert(id) }
                    return nil
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            state.withLock { _ = $0.entered.remove(id) }
            throw .cancelled
        }
        state.withLock { _ = $0.entered.remove(id) }
    }

    /// Frees a slot on `host`, handing it to the best waiter if there is one.
    public func release(host: String) {
        let next: Waiter? = state.withLock { state in
            if var queue = state.waiters[host], !queue.isEmpty {
                // Highest priority first; among equals the earliest, which has the lowest index.
                var best = 0
                for index in queue.indices.dropFirst() where queue[index].priority > queue[best].priority { best = index }
                let waiter = queue.remove(at: best)
                state.waiters[host] = queue.isEmpty ? nil : queue
                return waiter  // The slot passes to the waiter: `active` is unchanged.
            }
            let count = state.active[host, default: 0] - 1
            state.active[host] = count > 0 ? count : nil
            return nil
        }
        next?.continuation.resume()
    }

    /// Requests running on `host` now.
    public func activeCount(host: String) -> Int { state.withLock { $0.active[host, default: 0] } }

    /// Requests waiting for a slot on `host` now.
    public func waitingCount(host: String) -> Int { state.withLock { $0.waiters[host]?.count ?? 0 } }
}
