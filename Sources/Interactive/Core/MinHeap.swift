/// A binary min-heap: the smallest element first, pushed and popped in O(log n).
///
/// The executor's deadline scheduler orders its timers with it, and `InteractiveSigning`'s verifier
/// the nonces it remembers.
package struct MinHeap<Element: Comparable> {
    private var elements: [Element] = []

    /// An empty heap.
    package init() {}

    /// The smallest element.
    package var first: Element? { elements.first }
    /// The number of elements.
    package var count: Int { elements.count }
    /// Whether it holds nothing.
    package var isEmpty: Bool { elements.isEmpty }

    /// Adds an element.
    package mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the smallest element.
    @discardableResult
    package mutating func popFirst() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let first = elements.removeLast()
        siftDown(from: 0)
        return first
    }

    /// Removes every element.
    package mutating func removeAll() {
        elements.removeAll(keepingCapacity: true)
    }

    /// Removes the elements `shouldBeRemoved` picks, then restores the order (linear, Floyd's method).
    package mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        try elements.removeAll(where: shouldBeRemoved)
        for start in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(from: start) }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < elements.count, elements[left] < elements[smallest] { smallest = left }
            if right < elements.count, elements[right] < elements[smallest] { smallest = right }
            guard smallest != parent else { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}

extension MinHeap: Sendable where Element: Sendable {}
