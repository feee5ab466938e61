extension CommonYAMLReader {
    /// A flow mapping that ends on its line, from its `{`. Every key has a value, and no comma
    /// trails; anything else is left to LibYAML.
    mutating func flowMapping() throws(Unread) -> YAMLNode {
        try enterCollection()
        let start = location(of: position)
        position += 1
        var children: [YAMLNode] = []
        skipSpaces()
        if try peek() == .closeBrace {
            position += 1
        } else {
            while true {
                let keyStart = position
                let key = try flowScalar(asKey: true)
                skipSpaces()
                guard try peek() == .colon, position - keyStart <= Self.longestKey else { throw Unread() }
                position += 1
                skipSpaces()
                let next = try peek()
                guard next != .comma && next != .closeBrace else { throw Unread() }
                children.append(key)
                children.append(try flowNode())
                guard try flowEntryEnds(at: .closeBrace) else { break }
            }
        }
        depth -= 1
        return YAMLNode(kind: .mapping(YAMLComposer.pairs(of: children, diagnostics: &diagnostics)), location: start)
    }

    /// A flow sequence that ends on its line, from its `[`. An entry that is a pair (`[a: b]`) and
    /// a trailing comma are left to LibYAML.
    mutating func flowSequence() throws(Unread) -> YAMLNode {
        try enterCollection()
        let start = location(of: position)
        position += 1
        var items: [YAMLNode] = []
        skipSpaces()
        if try peek() == .closeBracket {
            position += 1
        } else {
            while true {
                items.append(try flowNode())
                guard try flowEntryEnds(at: .closeBracket) else { break }
            }
        }
        depth -= 1
        return YAMLNode(kind: .sequence(items), location: start)
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
        case .quote: return try doubleQuoted()
        case .apostrophe: return try singleQuoted()
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
