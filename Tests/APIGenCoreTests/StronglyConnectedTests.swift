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
}
