/// Turns spec names into valid, idiomatic Swift names; the spec's own text stays the wire key.
enum Naming {
    /// Swift keywords that need backticks when used as a name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
        "true", "try", "Type", "Protocol", "some", "any", "async", "consume", "copy", "borrowing", "consuming",
        "each", "repeat", "sending", "nonisolated", "isolated",
    ]

    /// Type names the generated code relies on; a model or API may not take them.
    static var reservedTypeNames: Set<String> { ReservedTypeNames.all }

    /// A name Swift accepts as a type name as written, starting with an uppercase or caseless letter:
    /// `Shop`, `Café`, `商店`.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.first, first.isUppercase || (first.isLetter && !first.isLowercase) else { return false }
        return isIdentifierLike(name)
    }

    /// A name Swift accepts as an identifier as written (`^[A-Za-z_][A-Za-z0-9_]*$`, widened to the
    /// Unicode letters and marks Swift allows).
    static func isIdentifierLike(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, IdentifierScalars.isHead(first) else { return false }
        return name.unicodeScalars.allSatisfy(IdentifierScalars.isCharacter)
    }

    /// Splits a name into words at separators and at lower→upper case changes kept as written.
    private static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if IdentifierScalars.isCharacter(scalar), scalar != "_" {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `nick_name` → `nickName`, `nick-name` → `nickName`, `URL` → `url`, `2fa` → `_2fa`, `名称` → `名称`;
    /// keywords are wrapped in backticks. `nil` when nothing usable is left.
    static func propertyName(_ name: String) -> String? {
        guard let result = ASCIIPath.propertyName(name) ?? unicodePropertyName(name) else { return nil }
        guard SpecialNames.mayContain(result) else { return result }
        // Backticks do not help these: `self` would still mean the instance inside an initializer.
        if renamed.contains(result) { return result + "_" }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// A quick test before the keyword sets are searched: the first letters and lengths of the
    /// ``keywords`` and ``renamed`` names, so that most names (`field0`, `userId`) pass without being
    /// hashed twice.
    private enum SpecialNames {
        /// Bit `length` of entry `byte` is set when a special name starts with that ASCII byte and
        /// has that many bytes (every special name is ASCII and shorter than 64 bytes).
        static let firstBytesAndLengths: [UInt64] = {
            var table = [UInt64](repeating: 0, count: 128)
            for name in keywords.union(renamed) {
                let bytes = Array(name.utf8)
                table[Int(bytes[0])] |= 1 << UInt64(bytes.count)
            }
            return table
        }()

        static func mayContain(_ name: String) -> Bool {
            let length = name.utf8.count
            guard let first = name.utf8.first, first < 0x80, length < 64 else { return false }
            return firstBytesAndLengths[Int(first)] & (1 << UInt64(length)) != 0
        }
    }

    /// ``propertyName(_:)`` before keywords are looked at, for any Unicode name.
    static func unicodePropertyName(_ name: String) -> String? {
        let parts = words(name)
        guard let first = parts.first else { return nil }
        var result = lowercasedLead(first)
        for part in parts.dropFirst() { result += uppercasedFirst(part) }
        if let lead = result.unicodeScalars.first, !IdentifierScalars.isHead(lead) { result = "_" + result }
        return result
    }

    /// Names that stay special even in backticks, so they get a trailing underscore instead.
    /// `hashValue` would replace the value's synthesized hashing (and is a deprecated requirement).
    static let renamed: Set<String> = ["self", "super", "hashValue"]

    /// `user id` → `UserId`, `item-detail` → `ItemDetail`; `nil` when nothing usable is left.
    static func typeName(_ name: String) -> String? {
        ASCIIPath.typeName(name) ?? unicodeTypeName(name)
    }

    /// ``typeName(_:)`` for any Unicode name.
    static func unicodeTypeName(_ name: String) -> String? {
        let parts = words(name)
        guard !parts.isEmpty else { return nil }
        var result = parts.map(uppercasedFirst).joined()
        if let lead = result.unicodeScalars.first, !IdentifierScalars.isHead(lead) { result = "_" + result }
        return result
    }

    /// A name as the label of an argument in a call: bare, as Swift wants every keyword there but
    /// `inout` (a bare `let` or `var` label draws "does not need to be escaped").
    static func argumentLabel(_ name: String) -> String {
        let bare = bare(name)
        return bare == "inout" ? "`inout`" : bare
    }

    /// A member's name as written after a dot (`.default`, `case .class:`): Swift takes keywords there
    /// bare, but for the few that mean something else after a dot (`.init`, `.self`, `.Type`).
    static func afterDot(_ name: String) -> String {
        let bare = bare(name)
        return ["init", "self", "Type", "Protocol", "dynamicType"].contains(bare) ? name : bare
    }

    /// A name without backticks, for building other names and for comparisons.
    static func bare(_ name: String) -> String {
        name.utf8.first == UInt8(ascii: "`") ? String(name.dropFirst().dropLast()) : name
    }

    private static func uppercasedFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Lowercases a leading acronym: `URLString` → `urlString`, `ID` → `id`, `Name` → `name`,
    /// `SHA256` → `sha256`, `URLs` → `urls`.
    private static func lowercasedLead(_ word: String) -> String {
        let characters = Array(word)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return word }
        // The last capital starts the next word only when lowercase follows it (not a digit), and
        // not when that lowercase is an acronym's plural: URLs → urls.
        let isPlural = upperRun > 1 && upperRun < characters.count && characters[upperRun] == "s"
            && (upperRun + 1 == characters.count || !characters[upperRun + 1].isLowercase)
        if upperRun == characters.count || upperRun == 1 || !characters[upperRun].isLowercase || isPlural {
            return String(characters[..<upperRun]).lowercased() + String(characters[upperRun...])
        }
        // Keep the last capital of an acronym as the start of the next word: URLString → urlString.
        return String(characters[..<(upperRun - 1)]).lowercased() + String(characters[(upperRun - 1)...])
    }
}
