/// Reads YAML text into ``YAMLNode`` trees, keeping every node's line and column.
///
/// Most spec files are read by ``CommonYAMLReader`` straight from their bytes; any other text,
/// and every text with a syntax error, is read by LibYAML, whose parser events ``YAMLComposer``
/// makes into the same kind of tree, so that later stages can point at the exact place of a
/// problem, and so that nesting and alias limits are decided on what the parser saw. Duplicate
/// mapping keys are reported here.
enum YAMLLoader {
    /// Parses one file's text; reports syntax errors and duplicate keys.
    static func load(_ text: String, file: String, diagnostics: inout Diagnostics) -> YAMLNode? {
        var bytes = text
        if let (root, found) = bytes.withUTF8({ CommonYAMLReader.read($0, file: file) }) {
            diagnostics.append(contentsOf: found)
            return root
        }
        return loadWithLibYAML(bytes, file: file, diagnostics: &diagnostics)
    }

    /// Parses one file's text with LibYAML, whatever it holds.
    static func loadWithLibYAML(_ text: String, file: String, diagnostics: inout Diagnostics) -> YAMLNode? {
        var bytes = text
        let nodeBudget = 10 * text.utf8.count + 10_000
        var composer = YAMLComposer(file: file, nodeBudget: nodeBudget)
        let outcome = bytes.withUTF8 { buffer -> Result<YAMLNode, YAMLComposer.Stop> in
            var parser = LibYAMLParser(bytes: buffer)
            do throws(YAMLComposer.Stop) {
                return .success(try composer.compose(&parser))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let root):
            diagnostics.append(contentsOf: composer.diagnostics)
            return root
        case .failure(let stop):
            let (message, line, column) = describe(stop, nodeBudget: nodeBudget, text: text)
            diagnostics.error(message, at: SourceLocation(file: file, line: line, column: column))
            return nil
        }
    }

    /// The message and place of why a file could not be read. What was reported before the stop
    /// may come from a half-built tree; only the stop is reported.
    private static func describe(_ stop: YAMLComposer.Stop, nodeBudget: Int, text: String) -> (String, Int, Int) {
        switch stop {
        case .libYAML(.reader(let problem, let byteOffset)):
            let (line, column) = TextPosition.of(byteOffset: byteOffset, in: text)
            return ("YAML syntax error: \(problem)", line, column)
        case .libYAML(.syntax(let problem, let line, let column)):
            let (line, column) = TextPosition.clamped(line: line, column: column, in: text)
            return ("YAML syntax error: \(problem)", line, column)
        case .libYAML(.outOfMemory):
            return ("cannot read YAML: out of memory", 1, 1)
        case .empty:
            return ("spec is empty", 1, 1)
        case .tooDeep(let line, let column):
            return ("nesting deeper than \(YAMLComposer.nestingLimit) levels; a spec needs far fewer", line, column)
        case .overBudget:
            return ("YAML aliases expand this file to more than \(nodeBudget) nodes; reuse fewer anchors inside anchors", 1, 1)
        case .undefinedAlias(let line, let column):
            return ("YAML syntax error: found undefined alias", line, column)
        case .secondDocument(let line, let column):
            return ("YAML syntax error: expected a single document in the stream but found another document", line, column)
        }
    }
}
