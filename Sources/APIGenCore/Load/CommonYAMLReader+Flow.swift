extension CommonYAMLReader {
    /// A flow mapping that ends on its line, from its `{`. Every key has a value, and no comma
    /// trails; anything else is left to LibYAML.
    mutating func flowMapping() throws(Unread) -> YAMLNode {
        var children: [YAMLNode] = []
        let start = try flowCollection(closing: .closeBrace) { reader throws(Unread) in
            let keyStart = reader.position
            let key = try reader.flowScalar(asKey: true)
            reader.skipSpaces()
            guard try reader.peek() == .colon, reader.position - keyStart <= Self.longestKey else { throw Unread() }
            reader.position += 1
            reader.skipSpaces()
            let next = try reader.peek()
            guard next != .comma && next != .closeBrace else { throw Unread() }
            children.append(key)
            children.append(try reader.flowNode())
        }
        return YAMLNode(kind: .mapping(YAMLComposer.pairs(of: children, diagnostics: &diagnostics)), location: start)
    }

    /// A flow sequence that ends on its line, from its `[`. An entry that is a pair (`[a: b]`) and
    /// a trailing comma are left to LibYAML.
    mutating func flowSequence() throws(Unread) -> YAMLNode {
        var items: [YAMLNode] = []
        let start = try flowCollection(closing: .closeBracket) { reader throws(Unread) in
            items.append(try reader.flowNode())
        }
        return YAMLNode(kind: .sequence(items), location: start)
    }

    /// Reads a flow collection from its opening bracket to `closing`, one entry at a time with
    /// `entry`; returns where it starts.
    private mutating func flowCollection(closing: UInt8, entry: (inout CommonYAMLReader) throws(Unread) -> Void) throws(Unread) -> SourceLocation {
        try enterCollection()
        let start = location(of: position)
        position += 1
        skipSpaces()
        if try peek() == closing {
            position += 1
        } else {
            repeat {
                try entry(&self)
            } while try flowEntryEnds(at: closing)
        }
        depth -= 1
        return start
    }

    /// After an entry of a flow collection: `true` after a `,` with another entry to come, `false`
    /// after the collection's closing bracket.
    private mutating func flowEntryEnds(at closing: UInt8) throws(Unread) -> Bool {
        skipSpaces()
        let next = try peek()
        if next == closing {
            position += 1
            return false
        }
        guard next == .comma else { throw Unread() }
        position += 1
        skipSpaces()
        guard try peek() != closing else { throw Unread() }
        return true
    }

    /// A node inside a flow collection: a scalar or a nested flow collection.
    private mutating func flowNode() throws(Unread) -> YAMLNode {
        switch try peek() {
        case .openBrace: return try flowMapping()
        case .openBracket: return try flowSequence()
        default: return try flowScalar(asKey: false)
        }
    }

    /// A scalar inside a flow collection: quoted, or plain up to a flow indicator (or, for a key,
    /// up to its `:`).
    private mutating func flowScalar(asKey: Bool) throws(Unread) -> YAMLNode {
        let start = position
        switch bytes[start] {
        case .quote, .apostrophe: return try quoted()
        default:
            guard canStartPlain(at: start, inFlow: true) else { throw Unread() }
            let (end, stop) = scanPlain(from: start, inFlow: true)
            guard stop == (asKey ? .colon : .flowIndicator) else { throw Unread() }
            position = end
            return scalar(start..<end, isQuoted: false, at: start)
        }
    }

    /// The byte at `position` inside a flow collection; a collection that goes on past its line is
    /// left to LibYAML.
    private func peek() throws(Unread) -> UInt8 {
        guard position < bytes.count, bytes[position] != .newline else { throw Unread() }
        return bytes[position]
    }
}
