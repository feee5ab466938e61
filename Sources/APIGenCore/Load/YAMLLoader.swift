import Yams

/// Reads YAML text into ``YAMLNode`` trees, keeping every node's line and column.
///
/// It walks Yams' composed `Node` tree (which keeps marks) rather than decoding, so that later
/// stages can point at the exact place of a problem. Duplicate mapping keys are reported here.
enum YAMLLoader {
    /// Parses one file's text; reports syntax errors and duplicate keys.
    static func load(_ text: String, file: String, diagnostics: inout Diagnostics) -> YAMLNode? {
        if let line = NestingCheck.lineTooDeep(in: text) {
            diagnostics.error("nesting deeper than \(NestingCheck.limit) levels; a spec needs far fewer", at: SourceLocation(file: file, line: line, column: 1))
            return nil
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            report(error, file: file, text: text, diagnostics: &diagnostics)
            return nil
        } catch {
            diagnostics.error("cannot read YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        guard let root else {
            diagnostics.error("spec is empty", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        var conversion = NodeConversion(file: file, nodeBudget: 10 * text.utf8.count + 10_000)
        let node = conversion.convert(root)
        if conversion.isOverBudget {
            // What was reported before the budget ran out may come from placeholder nodes; only the
            // budget is reported.
            diagnostics.error("YAML aliases expand this file to more than \(conversion.nodeBudget) nodes; reuse fewer anchors inside anchors", at: SourceLocation(file: file, line: 1, column: 1))
            return nil
        }
        diagnostics.append(contentsOf: conversion.diagnostics)
        return node
    }

    private static func report(_ error: YamlError, file: String, text: String, diagnostics: inout Diagnostics) {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // LibYAML's problems read after their context when they start with "but" ("expected a
            // single document in the stream but found another document"), before it otherwise.
            let detail = context.map { problem.hasPrefix("but ") ? "\($0.text) \(problem)" : "\(problem) \($0.text)" } ?? problem
            diagnostics.error("YAML syntax error: \(detail)", at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, _):
            let (line, column) = position(ofByte: offset ?? 0, in: text)
            diagnostics.error("YAML syntax error: \(problem)", at: SourceLocation(file: file, line: line, column: column))
        default:
            diagnostics.error("YAML syntax error: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// Line and column (1-based) of a byte offset.
    private static func position(ofByte offset: Int, in text: String) -> (Int, Int) {
        var line = 1, column = 1
        for byte in text.utf8.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

/// Turns one file's composed Yams tree into ``YAMLNode``s, with a budget of nodes: an alias is a
/// reference, so a few lines of anchors inside anchors ("billion laughs") can stand for billions of
/// nodes, which must be refused rather than walked.
private struct NodeConversion {
    let file: String
    let nodeBudget: Int
    private var nodesLeft: Int
    private(set) var diagnostics = Diagnostics()

    init(file: String, nodeBudget: Int) {
        self.file = file
        self.nodeBudget = nodeBudget
        nodesLeft = nodeBudget
    }

    /// Whether the tree had more nodes than the budget; the converted tree is then incomplete.
    var isOverBudget: Bool { nodesLeft < 0 }

    mutating func convert(_ node: Node) -> YAMLNode {
        nodesLeft -= 1
        if nodesLeft < 0 { return YAMLNode(kind: .scalar("", isQuoted: false), location: SourceLocation(file: file, line: 1, column: 1)) }
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            // Quoted, or tagged `!!str`: text as written, never a number or a boolean.
            let isQuoted = (scalar.style != .plain && scalar.style != .any) || scalar.tag.description == Tag.Name.str.rawValue
            return YAMLNode(kind: .scalar(scalar.string, isQuoted: isQuoted), location: location)
        case .sequence(let sequence):
            return YAMLNode(kind: .sequence(sequence.map { convert($0) }), location: location)
        case .mapping(let mapping):
            return YAMLNode(kind: .mapping(pairs(of: mapping)), location: location)
        }
    }

    /// The pairs of a mapping in written order, with YAML merge keys (`<<: *anchor`,
    /// `<<: [*a, *b]`) expanded where they stand: a key written in the mapping itself wins over a
    /// merged one, and an earlier merged mapping wins over a later one. Any other repeated key is an
    /// error.
    private mutating func pairs(of mapping: Node.Mapping) -> [YAMLNode.Pair] {
        let written = Set(mapping.compactMap { key, _ in isMergeKey(key) ? nil : key.scalar?.string })
        var result: [YAMLNode.Pair] = []
        var seen: [String: SourceLocation] = [:]
        for (key, value) in mapping {
            if isMergeKey(key) {
                for source in mergeSources(value) {
                    for pair in pairs(of: source) {
                        guard let name = pair.key.text, !written.contains(name), seen[name] == nil else { continue }
                        seen[name] = pair.key.location
                        result.append(pair)
                    }
                }
                continue
            }
            let pair = YAMLNode.Pair(key: convert(key), value: convert(value))
            guard let name = pair.key.text else {
                diagnostics.error("mapping keys must be plain text", at: pair.key.location)
                continue
            }
            if let first = seen[name] {
                diagnostics.error("duplicate key '\(name)' (first defined at line \(first.line))", at: pair.key.location)
                continue
            }
            seen[name] = pair.key.location
            result.append(pair)
        }
        return result
    }

    /// A plain `<<` key: YAML's merge key. A quoted `"<<"` is an ordinary key.
    private func isMergeKey(_ key: Node) -> Bool {
        guard case .scalar(let scalar) = key else { return false }
        return scalar.string == "<<" && (scalar.style == .plain || scalar.style == .any)
    }

    /// The mappings a merge key's value names: one mapping, or a list of them.
    private mutating func mergeSources(_ value: Node) -> [Node.Mapping] {
        switch value {
        case .mapping(let mapping):
            return [mapping]
        case .sequence(let sequence) where sequence.allSatisfy({ $0.mapping != nil }):
            return sequence.compactMap(\.mapping)
        default:
            let location = SourceLocation(file: file, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)
            diagnostics.error("a merge key '<<' takes a mapping or a list of mappings, such as *anchor or [*a, *b]", at: location)
            return []
        }
    }
}
