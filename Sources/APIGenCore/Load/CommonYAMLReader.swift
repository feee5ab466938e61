/// Reads the YAML that specs are nearly always written in straight into ``YAMLNode`` trees,
/// without LibYAML's tokens and events: block mappings and sequences and comments, and, each on
/// one line, plain, single- and double-quoted scalars and flow collections.
///
/// It answers with exactly the tree ``YAMLComposer`` builds from LibYAML's events for the same
/// text, every node at the same line and column, or with `nil`. Anything it does not read —
/// anchors and aliases, tags, block scalars, a scalar or flow collection over several lines,
/// explicit keys, directives and document markers, tabs, carriage returns, a byte order mark,
/// YAML's other line breaks, and every syntax error — sends the whole text to LibYAML, which
/// reads it and reports any problem as before. Duplicate and merge keys go through the composer's
/// own ``YAMLComposer/pairs(of:diagnostics:)``. `CommonYAMLReaderTests` hold both readers to the
/// same trees over every spec in the repository and thousands of mutations of them.
struct CommonYAMLReader {
    /// Thrown at the first thing this reader leaves to LibYAML.
    struct Unread: Error {}

    /// The most bytes a key may take up to its `:`. LibYAML gives up on a key longer than 1,024
    /// characters; a byte is at most one character.
    static let longestKey = 1_024

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    /// Whether every byte is ASCII, so that a column is a byte count.
    let isASCII: Bool
    /// The byte being read.
    var position = 0
    /// The 1-based line of `position`, and the offset where that line starts.
    var line = 1
    var lineStart = 0
    /// The indentation of the content line at `position`; `nil` at the end of the text.
    var indent: Int?
    /// A byte offset and its column, counted on a line of text that is not all ASCII.
    private var counted = (index: 0, column: 1)
    /// How many collections are open.
    var depth = 0
    /// Duplicate keys and bad merge keys, reported as the composer reports them.
    var diagnostics = Diagnostics()

    /// The tree of `bytes` (UTF-8) and what was reported on the way, or `nil` when the text has to
    /// be read by LibYAML.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, file: String) -> (root: YAMLNode, diagnostics: Diagnostics)? {
        guard let isASCII = charactersAreRead(in: bytes) else { return nil }
        var reader = CommonYAMLReader(bytes: bytes, file: file, isASCII: isASCII)
        do throws(Unread) {
            let root = try reader.document()
            return (root, reader.diagnostics)
        } catch {
            return nil
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, file: String, isASCII: Bool) {
        self.bytes = bytes
        self.file = file
        self.isASCII = isASCII
    }

    /// The one block collection of the text; a text without one goes to LibYAML, which reports it.
    private mutating func document() throws(Unread) -> YAMLNode {
        try nextContentLine()
        guard let first = indent else { throw Unread() }
        let root = try blockCollection(at: first)
        guard indent == nil else { throw Unread() }
        return root
    }

    // MARK: Block collections

    /// The block sequence or mapping whose first entry starts at `position`, indented by `column`.
    mutating func blockCollection(at column: Int) throws(Unread) -> YAMLNode {
        if startsBlockEntry(at: position) { return try blockSequence(at: column) }
        guard let key = try key() else { throw Unread() }  // a scalar alone on its line
        return try blockMapping(at: column, firstKey: key)
    }

    /// A block mapping whose keys are indented by `column`, from just after its first key's `:`.
    /// It is where its first key is, as LibYAML places it.
    private mutating func blockMapping(at column: Int, firstKey: YAMLNode) throws(Unread) -> YAMLNode {
        try enterCollection()
        var children: [YAMLNode] = []
        children.reserveCapacity(8)
        var key = firstKey
        while true {
            children.append(key)
            children.append(try value(inMappingAt: column))
            guard let next = indent, next >= column else { break }
            guard next == column, !startsBlockEntry(at: position), let following = try self.key() else { throw Unread() }
            key = following
        }
        depth -= 1
        return YAMLNode(kind: .mapping(YAMLComposer.pairs(of: children, diagnostics: &diagnostics)), location: firstKey.location)
    }

    /// A mapping's value, from just after its key's `:`: on the same line, or a collection on the
    /// lines after it (a sequence may start at the key's own indentation), or else empty, placed
    /// just after the `:` as LibYAML places it.
    private mutating func value(inMappingAt column: Int) throws(Unread) -> YAMLNode {
        let afterColon = location(of: position)
        skipSpaces()
        guard endsLine(at: position) else {
            let node = try inlineNode()
            try endLine()
            return node
        }
        try endLine()
        if let next = indent {
            if next > column { return try blockCollection(at: next) }
            if next == column, startsBlockEntry(at: position) { return try blockSequence(at: column) }
        }
        return emptyScalar(at: afterColon)
    }

    /// A block sequence whose `-` indicators are indented by `column`, from its first one.
    private mutating func blockSequence(at column: Int) throws(Unread) -> YAMLNode {
        try enterCollection()
        let start = location(of: position)
        var items: [YAMLNode] = []
        items.reserveCapacity(8)
        while true {
            position += 1  // the `-`
            let afterDash = location(of: position)
            skipSpaces()
            if endsLine(at: position) {
                try endLine()
                if let next = indent, next > column {
                    items.append(try blockCollection(at: next))
                } else {
                    items.append(emptyScalar(at: afterDash))
                }
            } else if startsBlockEntry(at: position) {
                throw Unread()  // a sequence opened on its parent's line
            } else if let key = try key() {
                // The line before the key holds only spaces and `-`, so its column is its offset.
                items.append(try blockMapping(at: key.location.column - 1, firstKey: key))
            } else {
                items.append(try inlineNode())
                try endLine()
            }
            guard let next = indent else { break }
            if next > column { throw Unread() }
            guard next == column, startsBlockEntry(at: position) else { break }
        }
        depth -= 1
        return YAMLNode(kind: .sequence(items), location: start)
    }

    /// Counts a collection opened; one deeper than the composer allows goes to it to be reported.
    mutating func enterCollection() throws(Unread) {
        depth += 1
        if depth > YAMLComposer.nestingLimit { throw Unread() }
    }

    // MARK: Lines

    /// Moves from the start of a line to the first character of the next line with content, past
    /// blank lines and comments, and sets `indent` (`nil` at the end of the text).
    private mutating func nextContentLine() throws(Unread) {
        while position < bytes.count {
            lineStart = position
            var first = position
            while first < bytes.count, bytes[first] == .space { first += 1 }
            guard first < bytes.count else { break }
            switch bytes[first] {
            case .newline:
                position = first + 1
                line += 1
            case .hash:
                position = first
                skipPastLineBreak()
            default:
                if first == lineStart, startsDirectiveOrDocumentMarker(at: first) { throw Unread() }
                position = first
                indent = first - lineStart
                return
            }
        }
        position = bytes.count
        indent = nil
    }

    /// Finishes a line after its last node: spaces and a comment may follow, nothing else; then
    /// moves to the next content line.
    mutating func endLine() throws(Unread) {
        skipSpaces()
        guard endsLine(at: position) else { throw Unread() }
        skipPastLineBreak()
        try nextContentLine()
    }

    /// Whether the line ends at `index`: the end of the text, a line break, or a comment (a `#`
    /// after a space; LibYAML also takes one right after a quote or bracket, this reader does not).
    func endsLine(at index: Int) -> Bool {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case .newline: return true
        case .hash: return index > 0 && bytes[index - 1] == .space
        default: return false
        }
    }

    /// Moves to the start of the next line, or to the end of the text.
    private mutating func skipPastLineBreak() {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == .newline {
                line += 1
                lineStart = position
                return
            }
        }
    }

    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == .space { position += 1 }
    }

    /// A `-` followed by a space, a line break or the end: a block sequence's entry.
    func startsBlockEntry(at index: Int) -> Bool {
        bytes[index] == .dash && isBlankOrEnd(index + 1)
    }

    /// A space, a line break or the end of the text.
    func isBlankOrEnd(_ index: Int) -> Bool {
        index >= bytes.count || bytes[index] == .space || bytes[index] == .newline
    }

    /// `%` (a directive), `---` or `...` at the start of a line.
    private func startsDirectiveOrDocumentMarker(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == .percent { return true }
        guard byte == .dash || byte == .dot, index + 2 < bytes.count else { return false }
        return bytes[index + 1] == byte && bytes[index + 2] == byte && isBlankOrEnd(index + 3)
    }

    // MARK: Places

    /// The place of the character at `index` on the current line: LibYAML counts a column per
    /// Unicode scalar.
    mutating func location(of index: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column(of: index))
    }

    /// Counts on from the column asked for last on the same line, so that a long line of many
    /// nodes is counted once, not once per node.
    private mutating func column(of index: Int) -> Int {
        if isASCII { return index - lineStart + 1 }
        if counted.index < lineStart || counted.index > index { counted = (lineStart, 1) }
        var column = counted.column
        for offset in counted.index..<index where bytes[offset] & 0xC0 != 0x80 { column += 1 }
        counted = (index, column)
        return column
    }

    /// The empty plain scalar LibYAML reads where a value is left out.
    func emptyScalar(at location: SourceLocation) -> YAMLNode {
        YAMLNode(kind: .scalar("", isQuoted: false), location: location)
    }

    // MARK: Characters

    /// Whether every character is one this reader takes — printable ASCII, line feeds, and any
    /// other Unicode scalar LibYAML accepts except its other line breaks (NEL, LS, PS) and the byte
    /// order mark — and if so, whether all are ASCII. Tabs and carriage returns go to LibYAML, as
    /// do the control characters it rejects.
    static func charactersAreRead(in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        var isASCII = true
        let count = bytes.count
        var index = 0
        while index < count {
            // Eight bytes at a time while they are all printable ASCII: no high bit, none below
            // 0x20 (this test is exact for bytes without the high bit), none 0x7F.
            if index + 8 <= count, let base = bytes.baseAddress {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let flipped = word ^ 0x7F7F_7F7F_7F7F_7F7F
                let control = (word &- 0x2020_2020_2020_2020) & ~word
                let delete = (flipped &- 0x0101_0101_0101_0101) & ~flipped
                if (word | control | delete) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte < 0x7F || byte == .newline { continue }
            guard byte >= 0x80 else { return nil }
            isASCII = false
            // The text is valid UTF-8 (it comes from a String): only lead bytes need a look.
            switch byte {
            case 0xC2:  // U+0080–U+009F: C1 controls, NEL among them
                if index < count, bytes[index] < 0xA0 { return nil }
            case 0xE2:  // U+2028, U+2029
                if index + 1 < count, bytes[index] == 0x80, bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9 { return nil }
            case 0xEF:  // U+FEFF, U+FFFE, U+FFFF
                if index + 1 < count, (bytes[index] == 0xBB && bytes[index + 1] == 0xBF) || (bytes[index] == 0xBF && bytes[index + 1] >= 0xBE) { return nil }
            default:
                break
            }
        }
        return isASCII
    }
}
