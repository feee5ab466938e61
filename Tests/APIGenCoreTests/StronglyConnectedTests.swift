import Testing
@testable import APIGenCore

@Suite struct StronglyConnectedTests {
    @Test func numberedNodesOnACycleAreMarked() {
        // 0 ⇄ 1, 2 → itself, 3 → 0 (reaches a cycle but is not on one), 4 alone.
        #expect(StronglyConnected.cyclicNodes(successors: [[1], [0], [2], [0], []]) == [true, true, true, false, false])
        #expect(StronglyConnected.cyclicNodes(successors: [[1], [2], []]) == [false, false, false])
        #expect(StronglyConnected.cyclicNodes(successors: []) == [])
    }

    @Test func namedAndNumberedGraphsAgree() {
        let names = ["A", "B", "C", "D"]
        let edges = ["A": ["B"], "B": ["C"], "C": ["A"], "D": ["A"]]
        let byName = StronglyConnected.cyclicNodes(names, edges: edges)
        let numbered = StronglyConnected.cyclicNodes(successors: names.map { (edges[$0] ?? []).compactMap(names.firstIndex(of:)) })
        #expect(byName == ["A", "B", "C"])
        #expect(names.indices.filter { numbered[$0] }.map { names[$0] } == ["A", "B", "C"])
    }

    /// Each node's cycle: nodes that reach each other share one; others have none.
    @Test func cyclesAreNumberedApart() {
        // 0 ⇄ 1, 2 → 3 → 2, 4 → 0.
        let cycles = StronglyConnected.cycles(successors: [[1], [0], [3], [2], [0]])
        #expect(cycles[0] != nil && cycles[0] == cycles[1])
        #expect(cycles[2] != nil && cycles[2] == cycles[3] && cycles[2] != cycles[0])
        #expect(cycles[4] == nil)
    }

    /// The search keeps its own stack: a chain of 200,000 nodes (models each holding the next)
    /// overflowed the thread's stack when it recursed.
    @Test func aVeryLongChainDoesNotOverflowTheStack() {
        let count = 200_000
        var successors = (0..<count).map { [$0 + 1] }
        successors[count - 1] = [0]
        #expect(StronglyConnected.cyclicNodes(successors: successors).allSatisfy { $0 })
        successors[count - 1] = []
        #expect(!StronglyConnected.cyclicNodes(successors: successors).contains(true))
    }
}
