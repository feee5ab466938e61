/// Finds YAML nested too deeply to parse safely, before it reaches the parser.
///
/// LibYAML, Yams and the spec walk are recursive: a 10 KB line of `[[[[…` would overflow the stack
/// and crash. Specs need a dozen levels; this refuses more than ``limit``. It follows block
/// indentation, `- ` entries and flow brackets outside quotes and comments, and skips the text of
/// block scalars (`|`, `>`), so brackets inside a description do not count.
enum NestingCheck {
    /// The deepest nesting a spec may have.
    static let limit = 100

    /// The 1-based line where nesting first exceeds ``limit``, or `nil`.
    static func lineTooDeep(in text: String) -> Int? {
        var indents: [Int] = []        // open block levels by indentation
        var flowDepth = 0              // open `[` and `{`
        var blockScalarIndent: Int?    // lines indented more than this belong to a `|` or `>` scalar
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line)
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            let isBlank = bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            if let scalarIndent = blockScalarIndent {
                if isBlank || indent > scalarIndent { continue }
                blockScalarIndent = nil
            }
            if isBlank || bytes[indent] == UInt8(ascii: "#") { continue }
            var position = indent
            if flowDepth == 0 {
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
                // `- - x` opens a level for each dash.
                var dashes = 0
                while position + 1 < bytes.count, bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: " ") {
                    dashes += 1
                    position += 2
                    while position < bytes.count, bytes[position] == UInt8(ascii: " ") { position += 1 }
                }
                if indents.count + dashes > limit { return lineNumber }
                guard let valueStart = valueStart(in: bytes, from: position) else { continue }
                position = valueStart
                if isBlockScalarIndicator(bytes, at: position) {
                    blockScalarIndent = indent
                    continue
                }
                guard position < bytes.count, bytes[position] == UInt8(ascii: "[") || bytes[position] == UInt8(ascii: "{") else { continue }
            }
            flowDepth = scanFlow(bytes, from: position, depth: flowDepth)
            if flowDepth < 0 { flowDepth = 0 }
            if indents.count + flowDepth > limit { return lineNumber }
        }
        return nil
    }

    /// Where the value starts on a block line: after `key: ` when there is one, else at `position`.
    private static func valueStart(in bytes: [UInt8], from position: Int) -> Int? {
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "[") || bytes[position] == UInt8(ascii: "{") { return position }
        var quote: UInt8?
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index > position, bytes[index - 1] == UInt8(ascii: " ") {
                return nil
            } else if byte == UInt8(ascii: ":"), index + 1 == bytes.count || bytes[index + 1] == UInt8(ascii: " ") {
                var start = index + 1
                while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
                return start
            }
            index += 1
        }
        return position
    }

    private static func isBlockScalarIndicator(_ bytes: [UInt8], at position: Int) -> Bool {
        position < bytes.count && (bytes[position] == UInt8(ascii: "|") || bytes[position] == UInt8(ascii: ">"))
    }

    /// The flow depth after scanning `bytes` from `position`, skipping quoted text and comments.
    private static func scanFlow(_ bytes: [UInt8], from position: Int, depth: Int) -> Int {
        var depth = depth
        var quote: UInt8?
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: "#") where index > 0 && bytes[index - 1] == UInt8(ascii: " "): return depth
                default: break
                }
                if depth > limit { return depth }
            }
            index += 1
        }
        return depth
    }
}
