import Foundation

/// Maps independent items on all cores and returns the results in the items' order, so that output
/// never depends on scheduling.
enum ConcurrentMap {
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
        guard items.count > 1 else { return items.map(transform) }
        // Each result is written once, in place, by the worker that took its index: no per-worker
        // lists to join and sort, which copied every result (a resolved API or a generated file is a
        // large value) three more times. Dispatch hands out the indices one by one as workers free
        // up, so a slow item (a large spec file) does not leave a core idle behind a fixed share.
        return [Result](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
            let slots = ResultSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: items.count) { index in
                slots.initialize(index, to: transform(items[index]))
            }
            initializedCount = items.count
        }
    }
}

extension ConcurrentMap {
    /// ``map(_:_:)`` for a transform that makes two values, returned as two arrays without copying
    /// either out of a list of pairs.
    static func mapPairs<Item: Sendable, First: Sendable, Second: Sendable>(
        _ items: [Item], _ transform: @Sendable (Item) -> (First, Second)
    ) -> ([First], [Second]) {
        guard items.count > 1 else {
            let pairs = items.map(transform)
            return (pairs.map(\.0), pairs.map(\.1))
        }
        var seconds: [Second] = []
        let firsts = [First](unsafeUninitializedCapacity: items.count) { firstBuffer, firstCount in
            seconds = [Second](unsafeUninitializedCapacity: items.count) { secondBuffer, secondCount in
                let firstSlots = ResultSlots(firstBuffer), secondSlots = ResultSlots(secondBuffer)
                DispatchQueue.concurrentPerform(iterations: items.count) { index in
                    let (first, second) = transform(items[index])
                    firstSlots.initialize(index, to: first)
                    secondSlots.initialize(index, to: second)
                }
                secondCount = items.count
            }
            firstCount = items.count
        }
        return (firsts, seconds)
    }
}

extension ConcurrentMap {
    /// ``map(_:_:)`` with one more piece of work, `alongside`, run on the same cores: it is started
    /// first, so a long serial job (walking a folder) overlaps the items instead of following them.
    static func map<Item: Sendable, Result: Sendable, Other: Sendable>(
        _ items: [Item], alongside: @Sendable () -> Other, _ transform: @Sendable (Item) -> Result
    ) -> ([Result], Other) {
        var other: [Other] = []
        let results = [Result](unsafeUninitializedCapacity: items.count) { buffer, initializedCount in
            other = [Other](unsafeUninitializedCapacity: 1) { otherBuffer, otherCount in
                let slots = ResultSlots(buffer), otherSlot = ResultSlots(otherBuffer)
                // Dispatch hands out the indices in order: index 0, the other work, goes first.
                DispatchQueue.concurrentPerform(iterations: items.count + 1) { index in
                    if index == 0 {
                        otherSlot.initialize(0, to: alongside())
                    } else {
                        slots.initialize(index - 1, to: transform(items[index - 1]))
                    }
                }
                otherCount = 1
            }
            initializedCount = items.count
        }
        // `other` holds exactly the one value initialized above.
        return (results, other[0])
    }
}

extension ConcurrentMap {
    /// The lists' elements in one array, in order, each list copied on a core of its own: copying
    /// thousands of declarations (every reference they hold retained, on memory another core wrote)
    /// was a serial stretch of resolving.
    static func joined<Element: Sendable>(_ lists: [[Element]]) -> [Element] {
        guard lists.count > 1 else { return lists.first ?? [] }
        var starts: [Int] = []
        starts.reserveCapacity(lists.count)
        var total = 0
        for list in lists {
            starts.append(total)
            total += list.count
        }
        return [Element](unsafeUninitializedCapacity: total) { [starts] buffer, initializedCount in
            let slots = ResultSlots(buffer)
            DispatchQueue.concurrentPerform(iterations: lists.count) { index in
                for (offset, element) in lists[index].enumerated() { slots.initialize(starts[index] + offset, to: element) }
            }
            initializedCount = total
        }
    }
}

/// The result buffer, shared by the workers: each index is initialized exactly once, by one worker,
/// and read only after `concurrentPerform` has returned.
private struct ResultSlots<Value>: @unchecked Sendable {
    private let base: UnsafeMutablePointer<Value>?

    init(_ buffer: UnsafeMutableBufferPointer<Value>) { base = buffer.baseAddress }

    func initialize(_ index: Int, to value: Value) {
        base?.advanced(by: index).initialize(to: value)
    }
}
