/// Bounds what a producer may have handed over that its consumer has not taken yet: the buffer of a
/// streamed response body (in bytes) and of a stream's decoded events (in events).
///
/// The producer ``add(_:)``s what it hands over and, when that reports the gate full, waits
/// (``waitForRoom()``) or pauses its source until ``whenRoom(_:)`` calls back; the consumer
/// ``remove(_:)``s what it takes. Room opens again when the buffer is down to half the limit, so a
/// paused source is not resumed for every small chunk. ``close()`` releases everyone for good (the
/// stream ended or was cancelled).
package final class FlowGate: Sendable {
    private struct State {
        var buffered = 0
        var isClosed = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var onRoom: [@Sendable () -> Void] = []
    }

    /// The most a producer may have handed over before it has to wait.
    package let limit: Int
    private let state = Locked(State())

    /// A gate that is full at `limit`.
    package init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Counts `amount` handed over; `false` when the buffer is now full and the producer should wait.
    @discardableResult
    package func add(_ amount: Int) -> Bool {
        state.withLock { state in
            state.buffered += amount
            return state.isClosed || state.buffered < limit
        }
    }

    /// Counts `amount` taken by the consumer, and lets waiting producers go on when the buffer is
    /// down to half the limit.
    package func remove(_ amount: Int) {
        let released = state.withLock { state -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) in
            state.buffered = max(0, state.buffered - amount)
            guard state.buffered <= limit / 2 else { return ([], []) }
            defer {
                state.waiters = []
                state.onRoom = []
            }
            return (state.waiters, state.onRoom)
        }
        release(released)
    }

    /// Returns at once when there is room, else when the consumer has taken enough or the gate closed.
    package func waitForRoom() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let hasRoom = state.withLock { state in
                if state.isClosed || state.buffered < limit { return true }
                state.waiters.append(continuation)
                return false
            }
            if hasRoom { continuation.resume() }
        }
    }

    /// Runs `action` once there is room (at once if there is), or when the gate closes.
    package func whenRoom(_ action: @escaping @Sendable () -> Void) {
        let hasRoom = state.withLock { state in
            if state.isClosed || state.buffered < limit { return true }
            state.onRoom.append(action)
            return false
        }
        if hasRoom { action() }
    }

    /// Releases every waiting producer; from now on the gate never holds anyone back.
    package func close() {
        let released = state.withLock { state -> ([CheckedContinuation<Void, Never>], [@Sendable () -> Void]) in
            state.isClosed = true
            defer {
                state.waiters = []
                state.onRoom = []
            }
            return (state.waiters, state.onRoom)
        }
        release(released)
    }

    private func release(_ released: ([CheckedContinuation<Void, Never>], [@Sendable () -> Void])) {
        for waiter in released.0 { waiter.resume() }
        for action in released.1 { action() }
    }
}
