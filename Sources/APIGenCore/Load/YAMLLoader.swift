import Yams

/// Reads YAML text into ``YAMLNode`` trees, keeping every node's line and column.
///
/// It walks Yams' composed `Node` tree (which keeps marks) rather than decoding, so that later
/// stages can point at the exact place of a problem. Duplicate mapping keys are reported here.
enum YAMLLoader {
    /// Parses one file's text; reports syntax errors and duplicate keys.
    static func load(_ text: String, file: String, diagnostics: inout Diagnostics) -> YAMLNode? {
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
        return convert(root, file: file, diagnostics: &diagnostics)
    }

    private static func convert(_ node: Node, file: String, diagnostics: inout Diagnostics) -> YAMLNode {
        let location = SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            let isQuoted = scalar.style != .plain && scalar.style != .any
            return YAMLNode(kind: .scalar(scalar.string, isQuoted: isQuoted), location: location)
        case .sequence(let sequence):
            return YAMLNode(kind: .sequence(sequence.map { convert($0, file: file, diagnostics: &diagnostics) }), location: location)
        case .mapping(let mapping):
            var pairs: [YAMLNode.Pair] = []
            var seen: [String: SourceLocation] = [:]
            for (key, value) in mapping {
                let pair = YAMLNode.Pair(key: convert(key, file: file, diagnostics: &diagnostics), value: convert(value, file: file, diagnostics: &diagnostics))
                guard let name = pair.key.text else {
                    diagnostics.error("mapping keys must be plain text", at: pair.key.location)
                    continue
                }
                if let first = seen[name] {
                    diagnostics.error("duplicate key '\(name)' (first defined at line \(first.line))", at: pair.key.location)
                    continue
                }
                seen[name] = pair.key.location
                pairs.append(pair)
            }
            return YAMLNode(kind: .mapping(pairs), location: location)
        }
    }

    private static func report(_ error: YamlError, file: String, text: String, diagnostics: inout Diagnostics) {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
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
