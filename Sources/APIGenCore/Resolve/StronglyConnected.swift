/// Cycles in a directed graph of names, by Tarjan's strongly connected components in one pass.
package enum StronglyConnected {
    /// The nodes that lie on a cycle (a component of more than one node, or a node with an edge to
    /// itself). `order` fixes the visiting order, so the result does not depend on dictionary order.
    static func cyclicNodes(_ order: [String], edges: [String: [String]]) -> Set<String> {
        // Nodes are numbered once (those of `order` first), so the search itself works on arrays.
        var numbers: [String: Int] = [:]
        var names: [String] = []
        func number(_ name: String) -> Int {
            if let known = numbers[name] { return known }
            numbers[name] = names.count
            names.append(name)
            return names.count - 1
        }
        for name in order { _ = number(name) }
        var successors: [[Int]] = []
        while successors.count < names.count {
            successors.append((edges[names[successors.count]] ?? []).map(number))
        }
        let cyclic = cyclicNodes(count: names.count, visiting: order.map(number), successors: successors)
        return Set(cyclic.map { names[$0] })
    }

    /// Whether each node of `0..<successors.count` lies on a cycle, for a graph whose nodes are
    /// already numbered: `successors[node]` are the nodes it has edges to.
    static func cyclicNodes(successors: [[Int]]) -> [Bool] {
        cycles(successors: successors).map { $0 != nil }
    }

    /// For each node of `0..<successors.count`, the number of the cycle it lies on (nodes with the
    /// same number reach each other), or `nil` when it lies on none.
    package static func cycles(successors: [[Int]]) -> [Int?] {
        var cycle = [Int?](repeating: nil, count: successors.count)
        for (number, component) in cyclicComponents(count: successors.count, visiting: Array(successors.indices), successors: successors).enumerated() {
            for node in component { cycle[node] = number }
        }
        return cycle
    }

    /// ``cyclicNodes(_:edges:)`` over nodes `0..<count`.
    private static func cyclicNodes(count: Int, visiting order: [Int], successors: [[Int]]) -> [Int] {
        cyclicComponents(count: count, visiting: order, successors: successors).flatMap(\.self)
    }

    /// The strongly connected components that hold a cycle, over nodes `0..<count`. Tarjan's
    /// search with its own stack of frames, not the call stack: a chain of tens of thousands of
    /// models would overflow the thread's stack.
    private static func cyclicComponents(count: Int, visiting order: [Int], successors: [[Int]]) -> [[Int]] {
        var cyclic: [[Int]] = []
        var index = [Int](repeating: -1, count: count), lowLink = [Int](repeating: 0, count: count)
        var stack: [Int] = [], onStack = [Bool](repeating: false, count: count)
        var visited = 0
        // A frame is a node and how many of its successors have been looked at.
        var frames: [(node: Int, next: Int)] = []
        func enter(_ node: Int) {
            index[node] = visited
            lowLink[node] = visited
            visited += 1
            stack.append(node)
            onStack[node] = true
            frames.append((node, 0))
        }
        for root in order where index[root] < 0 {
            enter(root)
            while let (node, next) = frames.last {
                if next < successors[node].count {
                    frames[frames.count - 1].next += 1
                    let successor = successors[node][next]
                    if index[successor] < 0 {
                        enter(successor)
                    } else if onStack[successor] {
                        lowLink[node] = min(lowLink[node], index[successor])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node { lowLink[parent] = min(lowLink[parent], lowLink[node]) }
                guard lowLink[node] == index[node] else { continue }
                var component: [Int] = []
                while let top = stack.popLast() {
                    onStack[top] = false
                    component.append(top)
                    if top == node { break }
                }
                if component.count > 1 || successors[node].contains(node) { cyclic.append(component) }
            }
        }
        return cyclic
    }
}
