extension YAMLComposer {
    /// The pairs of a mapping, from its keys and values in turn, in written order, with YAML merge
    /// keys (`<<: *anchor`, `<<: [*a, *b]`) expanded where they stand: a key written in the mapping
    /// itself wins over a merged one, and an earlier merged mapping wins over a later one. Any
    /// other repeated key is an error, reported into `diagnostics` (the tree is still built).
    static func pairs(of children: [YAMLNode], diagnostics: inout Diagnostics) -> [YAMLNode.Pair] {
        var result: [YAMLNode.Pair] = []
        result.reserveCapacity(children.count / 2)
        var index = PairIndex()
        var written: Set<String>?  // only needed when something is merged
        var position = 0
        while position + 1 < children.count {
            let key = children[position], value = children[position + 1]
            position += 2
            if isMergeKey(key) {
                if written == nil { written = writtenKeys(children) }
                for source in mergeSources(value, diagnostics: &diagnostics) {
                    for pair in source {
                        guard let name = pair.key.text, written?.contains(name) != true, index.first(name, in: result) == nil else { continue }
                        index.add(name, before: result)
                        result.append(pair)
                    }
                }
                continue
            }
            guard let name = key.text else {
                diagnostics.error("mapping keys must be plain text", at: key.location)
                continue
            }
            if let first = index.first(name, in: result) {
                diagnostics.error("duplicate key '\(name)' (first defined at line \(result[first].key.location.line))", at: key.location)
                continue
            }
            index.add(name, before: result)
            result.append(YAMLNode.Pair(key: key, value: value))
        }
        return result
    }

    /// A plain `<<` key: YAML's merge key. A quoted `"<<"` is an ordinary key.
    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        if case .scalar("<<", isQuoted: false) = key.kind { return true }
        return false
    }

    /// The names of the keys written in a mapping itself, not merged into it.
    private static func writtenKeys(_ children: [YAMLNode]) -> Set<String> {
        var names = Set<String>()
        for position in stride(from: 0, to: children.count - 1, by: 2) where !isMergeKey(children[position]) {
            if let name = children[position].text { names.insert(name) }
        }
        return names
    }

    /// The pairs of the mappings a merge key's value names: one mapping, or a list of them.
    private static func mergeSources(_ value: YAMLNode, diagnostics: inout Diagnostics) -> [[YAMLNode.Pair]] {
        switch value.kind {
        case .mapping(let pairs):
            return [pairs]
        case .sequence(let elements) where elements.allSatisfy({ $0.pairs != nil }):
            return elements.compactMap(\.pairs)
        default:
            diagnostics.error("a merge key '<<' takes a mapping or a list of mappings, such as *anchor or [*a, *b]", at: value.location)
            return []
        }
    }
}

/// Finds a key among a mapping's pairs so far: by looking through them while there are few (most
/// spec mappings have a handful of keys), through a dictionary once there are many.
private struct PairIndex {
    private static let scanLimit = 12
    private var positions: [String: Int]?

    func first(_ name: String, in pairs: [YAMLNode.Pair]) -> Int? {
        if let positions { return positions[name] }
        return pairs.firstIndex { $0.key.text == name }
    }

    /// Records that `name` is the key of the pair about to be appended to `pairs`.
    mutating func add(_ name: String, before pairs: [YAMLNode.Pair]) {
        if positions != nil {
            positions?[name] = pairs.count
        } else if pairs.count == Self.scanLimit {
            // The names so far are distinct: each was looked up before it was added.
            var all = [String: Int](minimumCapacity: 2 * Self.scanLimit)
            for (position, pair) in pairs.enumerated() { all[pair.name] = position }
            all[name] = pairs.count
            positions = all
        }
    }
}
