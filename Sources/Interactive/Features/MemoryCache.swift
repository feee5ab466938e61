public import Foundation

/// The memory tier of the response cache: least-recently-used entries are evicted first so the
/// total ``CacheEntry/cost`` stays within ``maxBytes``. Safe to use from any thread.
public final class MemoryCache: Sendable {
    /// The most bytes the entries may take together.
    public let maxBytes: Int
    private let state = Locked(State())

    private struct State {
        var entries: [String: (entry: CacheEntry, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    /// Creates an empty cache bounded to `maxBytes` (4 MiB by default).
    public init(maxBytes: Int = 4 << 20) {
        self.maxBytes = max(0, maxBytes)
    }

    /// The fresh entry stored under `key`, marking it recently used; expired entries are dropped.
    public func entry(for key: CacheKey, now: Date) -> CacheEntry? {
        state.withLock { state in
            guard let found = state.entries[key.text] else { return nil }
            guard found.entry.isFresh(at: now) else {
                state.entries[key.text] = nil
                state.bytes -= found.entry.cost
                return nil
            }
            state.clock += 1
            state.entries[key.text] = (found.entry, state.clock)
            return found.entry
        }
    }

    /// Stores an entry, evicting least-recently-used ones until the bound holds.
    /// An entry larger than the whole bound is not stored.
    public func store(_ entry: CacheEntry) {
        state.withLock { state in
            if let old = state.entries.removeValue(forKey: entry.key) { state.bytes -= old.entry.cost }
            guard entry.cost <= maxBytes else { return }
            state.clock += 1
            state.entries[entry.key] = (entry, state.clock)
            state.bytes += entry.cost
            // Eviction scans for the oldest use: O(n), fine for the few thousand entries a client holds.
            while state.bytes > maxBytes,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.entry.cost
            }
        }
    }

    /// Removes every entry.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The bytes the entries take now.
    public var totalBytes: Int { state.withLock { $0.bytes } }

    /// The number of entries.
    public var count: Int { state.withLock { $0.entries.count } }
}
