/// Cycles in a directed graph of names, by Tarjan's strongly connected components in one pass.
enum StronglyConnected {
    /// The nodes that lie on a cycle (a component of more than one node, or a node with an edge to
    /// itself). `order` fixes the visiting order, so the result does not depend on dictionary order.
    static func cyclicNodes(_ order: [String], edges: [String: [String]]) -> Set<String> {
        var cyclic = Set<String>()
        var index: [String: Int] = [:], lowLink: [String: Int] = [:]
        var stack: [String] = [], onStack = Set<String>()
        func connect(_ node: String) {
            index[node] = index.count
            lowLink[node] = index[node]
            stack.append(node)
            onStack.insert(node)
            for next in edges[node] ?? [] {
                if index[next] == nil {
                    connect(next)
                    lowLink[node] = min(lowLink[node] ?? 0, lowLink[next] ?? 0)
                } else if onStack.contains(next) {
                    lowLink[node] = min(lowLink[node] ?? 0, index[next] ?? 0)
                }
            }
            guard lowLink[node] == index[node] else { return }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == node { break }
            }
            if component.count > 1 || (edges[node] ?? []).contains(node) { cyclic.formUnion(component) }
        }
        for node in order where index[node] == nil { connect(node) }
        return cyclic
    }
}
