import Dispatch

/// Frees a large value on another thread.
///
/// A run's parsed spec files and resolved services are trees of thousands of arrays, strings and
/// dictionaries: at 3,000 APIs, freeing them kept the main thread busy for milliseconds while the
/// other cores waited for the next stage. Handed to a background queue, the freeing overlaps the
/// stages that follow (or is skipped when the process exits first).
package enum BackgroundRelease {
    /// Takes `value` and lets it go on a background queue. The caller must not keep another
    /// reference to its contents if the freeing is to happen there.
    package static func release<Value: Sendable>(_ value: consuming Value) {
        let box = Box(value)
        DispatchQueue.global(qos: .utility).async { box.empty() }
    }

    /// Holds the value so that its last reference is dropped by ``empty()``, on whichever thread
    /// calls it, never by the thread that handed it over.
    private final class Box<Value: Sendable>: @unchecked Sendable {
        // Set once by `init`, cleared once by `empty()` on the queue: never touched by two threads
        // at the same time.
        private var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }

        func empty() {
            value = nil
        }
    }
}
