extension CommonYAMLReader {
    /// What ends a plain scalar on its line.
    enum PlainEnd {
        case lineEnd
        /// A `#` after a space.
        case comment
        /// A `:` followed by a space, a line break or the end: a key's end.
        case colon
        /// `,`, `[`, `]`, `{` or `}` inside a flow collection.
        case flowIndicator
        /// A `:` inside a flow collection followed by anything else, which LibYAML reads in ways
        /// of its own.
        case unread
    }

    /// The key of a mapping entry at `position`, with its `:` read, or `nil` with nothing read when
    /// the line holds something else there (a scalar without `:`, a flow collection).
    mutating func key() throws(Unread) -> YAMLNode? {
        let start = position
        let node: YAMLNode
        switch bytes[start] {
        case .quote, .apostrophe:
            node = try quoted()
        case .openBrace, .openBracket:
            return nil
        default:
            guard canStartPlain(at: start, inFlow: false) else { throw Unread() }
            let (end, stop) = scanPlain(from: start, inFlow: false)
            guard stop == .colon else { return nil }
            node = scalar(start..<end, isQuoted: false, at: start)
            position = end
        }
        skipSpaces()
        guard position < bytes.count, bytes[position] == .colon, isBlankOrEnd(position + 1) else {
            position = start
            return nil
        }
        guard position - start <= Self.longestKey else { throw Unread() }
        position += 1
        return node
    }

    /// A scalar or flow collection that starts at `position` and ends on its line, in block
    /// context (a mapping's value, a sequence's entry).
    mutating func inlineNode() throws(Unread) -> YAMLNode {
        switch bytes[position] {
        case .quote, .apostrophe: return try quoted()
        case .openBrace: return try flowMapping()
        case .openBracket: return try flowSequence()
        default:
            let start = position
            guard canStartPlain(at: start, inFlow: false) else { throw Unread() }
            let (end, stop) = scanPlain(from: start, inFlow: false)
            // `a: b: c` is an error, and a plain scalar may go on over the next lines: LibYAML's.
            guard stop == .lineEnd || stop == .comment else { throw Unread() }
            position = end
            return scalar(start..<end, isQuoted: false, at: start)
        }
    }

    /// Whether a plain scalar can start at `index`: not with an indicator, except a `-` followed by
    /// a character that is not blank (`-1`; inside a flow collection, nor a flow indicator). A
    /// scalar that LibYAML reads specially (`?x`, `:x`) is left to it.
    func canStartPlain(at index: Int, inFlow: Bool) -> Bool {
        switch bytes[index] {
        case .dash:
            guard !isBlankOrEnd(index + 1) else { return false }
            return !inFlow || !Self.isFlowIndicator(bytes[index + 1])
        case .space, .newline, .colon, .comma, .openBracket, .closeBracket, .openBrace, .closeBrace, .hash, .apostrophe, .quote, .percent,
             UInt8(ascii: "?"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: ">"),
             UInt8(ascii: "@"), UInt8(ascii: "`"):
            return false
        default:
            return true
        }
    }

    /// Finds the end of a plain scalar on its line: the end of its text (trailing spaces left out)
    /// and what stopped it.
    func scanPlain(from start: Int, inFlow: Bool) -> (end: Int, stop: PlainEnd) {
        var index = start
        var end = start
        while index < bytes.count {
            switch bytes[index] {
            case .newline:
                return (end, .lineEnd)
            case .space:
                index += 1
                continue
            case .hash where bytes[index - 1] == .space:
                return (end, .comment)
            case .colon:
                if isBlankOrEnd(index + 1) { return (end, .colon) }
                if inFlow { return (end, .unread) }
            case _ where inFlow && Self.isFlowIndicator(bytes[index]):
                return (end, .flowIndicator)
            default:
                break
            }
            index += 1
            end = index
        }
        return (end, .lineEnd)
    }

    static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == .comma || byte == .openBracket || byte == .closeBracket || byte == .openBrace || byte == .closeBrace
    }

    /// A single- or double-quoted scalar that ends on its line, from its opening quote: in double
    /// quotes a backslash starts an escape, in single quotes `''` is one quote.
    mutating func quoted() throws(Unread) -> YAMLNode {
        let start = position
        let quote = bytes[start]
        var index = start + 1
        var decoded: [UInt8] = []  // only when something was unescaped
        var hasEscapes = false
        var run = index
        while true {
            guard index < bytes.count else { throw Unread() }
            let byte = bytes[index]
            if byte == .newline { throw Unread() }
            if byte == .backslash && quote == .quote {
                hasEscapes = true
                decoded.append(contentsOf: bytes[run..<index])
                index = try unescape(at: index, into: &decoded)
                run = index
            } else if byte == quote && quote == .apostrophe && index + 1 < bytes.count && bytes[index + 1] == .apostrophe {
                hasEscapes = true
                decoded.append(contentsOf: bytes[run...index])
                index += 2
                run = index
            } else if byte == quote {
                position = index + 1
                guard hasEscapes else { return scalar(start + 1..<index, isQuoted: true, at: start) }
                decoded.append(contentsOf: bytes[run..<index])
                return YAMLNode(kind: .scalar(String(decoding: decoded, as: UTF8.self), isQuoted: true), location: location(of: start))
            } else {
                index += 1
            }
        }
    }

    /// Appends what the escape sequence at `index` (its backslash) stands for, as LibYAML reads it;
    /// returns the index after it. An escaped line break and any unknown or invalid escape are
    /// left to LibYAML.
    private func unescape(at index: Int, into decoded: inout [UInt8]) throws(Unread) -> Int {
        guard index + 1 < bytes.count else { throw Unread() }
        let digits: Int
        switch bytes[index + 1] {
        case UInt8(ascii: "0"): decoded.append(0x00); return index + 2
        case UInt8(ascii: "a"): decoded.append(0x07); return index + 2
        case UInt8(ascii: "b"): decoded.append(0x08); return index + 2
        case UInt8(ascii: "t"): decoded.append(0x09); return index + 2
        case UInt8(ascii: "n"): decoded.append(0x0A); return index + 2
        case UInt8(ascii: "v"): decoded.append(0x0B); return index + 2
        case UInt8(ascii: "f"): decoded.append(0x0C); return index + 2
        case UInt8(ascii: "r"): decoded.append(0x0D); return index + 2
        case UInt8(ascii: "e"): decoded.append(0x1B); return index + 2
        case .space, .quote, UInt8(ascii: "/"), .backslash: decoded.append(bytes[index + 1]); return index + 2
        case UInt8(ascii: "N"): decoded.append(contentsOf: [0xC2, 0x85]); return index + 2
        case UInt8(ascii: "_"): decoded.append(contentsOf: [0xC2, 0xA0]); return index + 2
        case UInt8(ascii: "L"): decoded.append(contentsOf: [0xE2, 0x80, 0xA8]); return index + 2
        case UInt8(ascii: "P"): decoded.append(contentsOf: [0xE2, 0x80, 0xA9]); return index + 2
        case UInt8(ascii: "x"): digits = 2
        case UInt8(ascii: "u"): digits = 4
        case UInt8(ascii: "U"): digits = 8
        default: throw Unread()
        }
        var value: UInt32 = 0
        var digit = index + 2
        while digit < index + 2 + digits {
            guard digit < bytes.count, let nibble = Self.hexValue(bytes[digit]) else { throw Unread() }
            value = value << 4 | nibble
            digit += 1
        }
        guard let scalar = Unicode.Scalar(value) else { throw Unread() }  // a surrogate, or past U+10FFFF
        UTF8.encode(scalar) { decoded.append($0) }
        return digit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A scalar of the bytes in `range`, placed at `start`.
    mutating func scalar(_ range: Range<Int>, isQuoted: Bool, at start: Int) -> YAMLNode {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        return YAMLNode(kind: .scalar(text, isQuoted: isQuoted), location: location(of: start))
    }
}
