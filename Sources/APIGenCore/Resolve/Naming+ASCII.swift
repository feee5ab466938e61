extension Naming {
    /// ``Naming/propertyName(_:)`` and ``Naming/typeName(_:)`` for names written in ASCII, nearly every
    /// name in practice, on bytes: the same rules without the Unicode case tables and `Character`
    /// breaking that cost the general path about ten times as much. `nil` for other names.
    enum ASCIIPath {
        /// The words of an ASCII name as byte ranges (letters and digits; anything else separates), or
        /// `nil` when the name is not ASCII.
        private static func words(_ bytes: [UInt8]) -> [Range<Int>]? {
            var words: [Range<Int>] = []
            var start: Int?
            for (index, byte) in bytes.enumerated() {
                guard byte < 0x80 else { return nil }
                if byte.isASCIILetter || byte.isASCIIDigit {
                    if start == nil { start = index }
                } else if let begun = start {
                    words.append(begun..<index)
                    start = nil
                }
            }
            if let begun = start { words.append(begun..<bytes.count) }
            return words
        }

        /// The property name, before keywords are looked at: `.some(nil)` when nothing usable is left,
        /// `nil` when the name is not ASCII.
        static func propertyName(_ name: String) -> String?? {
            // One word that starts lowercase (most field names) is its own property name.
            if name.utf8.first?.isASCIILower == true, isOneWord(name) { return .some(name) }
            return joined(name, firstWord: appendLoweringLead)
        }

        /// The type name: `.some(nil)` when nothing usable is left, `nil` when the name is not ASCII.
        static func typeName(_ name: String) -> String?? {
            // One word that starts uppercase is its own type name.
            if name.utf8.first?.isASCIIUpper == true, isOneWord(name) { return .some(name) }
            return joined(name, firstWord: appendCapitalized)
        }

        /// Whether the name is ASCII letters and digits only: one word, which the rules keep as it is
        /// when its first letter already has the wanted case.
        private static func isOneWord(_ name: String) -> Bool {
            QuotedText.allUTF8(of: name) { $0.isASCIILetter || $0.isASCIIDigit }
        }

        /// The words joined, the first as `firstWord` writes it and the others capitalized, with `_`
        /// in front when the name would start with a digit.
        private static func joined(_ name: String, firstWord: (ArraySlice<UInt8>, inout [UInt8]) -> Void) -> String?? {
            let bytes = Array(name.utf8)
            guard let words = words(bytes) else { return nil }
            guard let first = words.first else { return .some(nil) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 1)
            if bytes[first.lowerBound].isASCIIDigit { result.append(UInt8(ascii: "_")) }
            firstWord(bytes[first], &result)
            for word in words.dropFirst() { appendCapitalized(bytes[word], to: &result) }
            return .some(String(decoding: result, as: UTF8.self))
        }

        /// Lowercases a leading acronym, keeping its last capital as the start of the next word when
        /// lowercase other than an acronym's plural follows: URLString → urlString, ID → id,
        /// Name → name, SHA256 → sha256, URLs → urls.
        private static func appendLoweringLead(_ word: ArraySlice<UInt8>, to result: inout [UInt8]) {
            var upperRun = 0
            for byte in word {
                guard byte.isASCIIUpper else { break }
                upperRun += 1
            }
            let next = word.startIndex + upperRun
            let isPlural = upperRun > 1 && next < word.endIndex && word[next] == UInt8(ascii: "s")
                && (next + 1 == word.endIndex || !word[next + 1].isASCIILower)
            let followedByLower = upperRun < word.count && word[next].isASCIILower && !isPlural
            let lowered = upperRun <= 1 || !followedByLower ? upperRun : upperRun - 1
            for (offset, byte) in word.enumerated() { result.append(offset < lowered ? byte | 0x20 : byte) }
        }

        private static func appendCapitalized(_ word: ArraySlice<UInt8>, to result: inout [UInt8]) {
            guard let head = word.first else { return }
            result.append(head.isASCIILower ? head & ~0x20 : head)
            result.append(contentsOf: word.dropFirst())
        }
    }
}
