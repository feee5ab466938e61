/// What a cancellable exchange is running — a data task, a download's sink — and whether it was
/// cancelled. Filling and cancelling take one lock, so a cancellation either finds the item (and
/// cancels it) or comes first and keeps it from being made.
final class CancellableSlot<Item: Sendable>: Sendable {
    private struct State {
        var item: Item?
        var cancelled = false
    }

    private let state = Locked(State())

    /// Puts what `make` returns in the slot, replacing any earlier item, and returns it; `nil`, with
    /// nothing made, once the slot is cancelled.
    func fill(_ make: () -> Item) -> Item? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            let item = make()
            state.item = item
            return item
        }
    }

    /// Marks the slot cancelled and returns its item, for the caller to cancel outside the lock.
    func cancel() -> Item? {
        state.withLock { state in
            state.cancelled = true
            return state.item
        }
    }
}
