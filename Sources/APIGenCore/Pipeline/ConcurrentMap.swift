import Foundation

/// Maps independent items on all cores and returns the results in the items' order, so that output
/// never depends on scheduling.
enum ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount * 2)
        let slots = Slots<[(Int, Result)]>(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var results: [(Int, Result)] = []
            for index in stride(from: worker, to: items.count, by: workers) {
                results.append((index, transform(items[index])))
            }
            slots.store(results, at: worker)
        }
        return slots.values.flatMap { $0 ?? [] }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

/// One result slot per worker, filled under a lock.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
