/// The common well-formed type expressions in ASCII (`Item`, `Item?`, `[Item]`, `[String: [Int]?]?`), read on bytes
/// without the general parser's `Character` array, which costs ten times as much. Anything it does
/// not accept exactly as the general ``TypeParser`` would (a name starting with a digit or a dot, a
/// key that is not `String`, a doubled `?`, deep nesting, any error) is left to that parser, so both
/// give the same types and the same messages.
enum ASCIITypeParser {
    static func parse(_ text: String) -> TypeRef? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            guard let type = reader.type(depth: 0) else { return nil }
            reader.skipSpaces()
            return reader.index == bytes.count ? type : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        mutating func skipSpaces() {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        }

        mutating func type(depth: Int) -> TypeRef? {
            skipSpaces()
            guard index < bytes.count else { return nil }
            var type: TypeRef
            if bytes[index] == UInt8(ascii: "[") {
                guard depth < TypeParser.depthLimit else { return nil }
                index += 1
                guard let first = self.type(depth: depth + 1) else { return nil }
                skipSpaces()
                if index < bytes.count, bytes[index] == UInt8(ascii: ":") {
                    index += 1
                    guard first == .named("String"), let value = self.type(depth: depth + 1) else { return nil }
                    type = .dictionary(value)
                } else {
                    type = .array(first)
                }
                skipSpaces()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "]") else { return nil }
                index += 1
            } else {
                let start = index
                guard bytes[index].isASCIILetter || bytes[index] == UInt8(ascii: "_") else { return nil }
                while index < bytes.count, bytes[index].isASCIIIdentifierCharacter { index += 1 }
                type = .named(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
            }
            skipSpaces()
            if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
                index += 1
                type = .optional(type)
                skipSpaces()
                // A second `?` is an error the general parser words.
                if index < bytes.count, bytes[index] == UInt8(ascii: "?") { return nil }
            }
            return type
        }
    }
}
