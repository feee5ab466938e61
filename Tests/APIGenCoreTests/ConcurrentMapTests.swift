import Testing
@testable import APIGenCore

/// `ConcurrentMap`: work on all cores, results in the items' order.
@Suite struct ConcurrentMapTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func resultsKeepTheItemsOrder() {
        let items = Array(0..<1_000)
        #expect(ConcurrentMap.map(items) { $0 * 3 } == items.map { $0 * 3 })
        let (results, other) = ConcurrentMap.map(items, alongside: { "beside" }) { String($0) }
        #expect(results == items.map(String.init))
        #expect(other == "beside")
        let (first, second) = ConcurrentMap.mapPairs(items) { ($0, -$0) }
        #expect(first == items && second == items.map { -$0 })
    }

    @Test func joinedListsKeepTheirOrderAndEveryElement() {
        for lists in [[], [[]], [[1, 2, 3]], [[], [1], [], [2, 3, 4], []], (0..<50).map { Array(0..<$0) }] {
            #expect(ConcurrentMap.joined(lists) == lists.flatMap { $0 }, "\(lists.map(\.count))")
        }
        // References are shared, not lost or doubled: each box is held by its list and the result.
        let boxes = (0..<40).map { list in (0..<(list % 7)).map { Box(list * 10 + $0) } }
        let joined = ConcurrentMap.joined(boxes)
        #expect(joined.map(\.value) == boxes.flatMap { $0 }.map(\.value))
        #expect(zip(joined, boxes.flatMap { $0 }).allSatisfy { $0 === $1 })
    }
}
