/// A model's own enums, which the per-API layout writes into that model's file.
///
/// An enum model (of cases, or a sum type) is a model's own when exactly one other generated file
/// names it, that file is a model's from the same spec file, and the enum's name extends the
/// model's: `AccountBusinessType`, which only `Account` uses — how `apigen import` names an object's
/// inline enums, and how a careful spec names an enum that belongs to one model. The enum keeps its
/// name and code; only its file goes. Fewer, larger files compile for less: every compiler job of a
/// debug build parses every file of the module (docs/performance.md).
///
/// "Names it" is read from the generated text, identifier by identifier, so every kind of use counts
/// (a field, a param, a response, a doc link); a mention in a comment or a string keeps an enum in its
/// own file, never the other way round. An enum whose owner is itself moved stays where it is.
enum OwnedEnums {
    /// The owner of each piece that is a model's own enum: enum piece index → owner piece index.
    static func owners(in pieces: [RenderedPiece]) -> [Int: Int] {
        var enumsByName: [String: Int] = [:]
        for (index, piece) in pieces.enumerated() where piece.model?.isEnum == true {
            if let name = piece.model?.typeName { enumsByName[name] = index }
        }
        enumsByName = possiblyOwned(enumsByName, in: pieces)
        guard !enumsByName.isEmpty else { return [:] }
        let lookup = NameTable(enumsByName)
        let mentions = ConcurrentMap.map(Array(pieces.indices)) { index in
            Self.enumsNamed(in: pieces[index].file.contents, enums: lookup).filter { $0 != index }
        }
        // The one piece that names each enum, or nil once a second one does.
        var referrer: [Int: Int?] = [:]
        for (index, named) in mentions.enumerated() {
            for enumIndex in named {
                if let first = referrer[enumIndex] {
                    if first != index { referrer[enumIndex] = .some(nil) }
                } else {
                    referrer[enumIndex] = index
                }
            }
        }
        var candidates: [Int: Int] = [:]
        for (enumIndex, found) in referrer {
            guard let owner = found, let ownerModel = pieces[owner].model, let enumModel = pieces[enumIndex].model,
                  pieces[owner].specFile == pieces[enumIndex].specFile,
                  enumModel.typeName != ownerModel.typeName, enumModel.typeName.hasPrefix(ownerModel.typeName)
            else { continue }
            candidates[enumIndex] = owner
        }
        return candidates.filter { candidates[$0.value] == nil }
    }

    /// The enums that a model could own: those whose name extends the name of a model from the same
    /// spec file. Only their names are sought in the generated text; without any, no text is read.
    private static func possiblyOwned(_ enumsByName: [String: Int], in pieces: [RenderedPiece]) -> [String: Int] {
        var modelNames: [String?: Set<String>] = [:]  // spec file → the type names of its models
        for piece in pieces {
            if let model = piece.model { modelNames[piece.specFile, default: []].insert(model.typeName) }
        }
        let names = modelNames.mapValues(ModelNameLookup.init)
        return enumsByName.filter { name, index in
            names[pieces[index].specFile]?.hasProperPrefix(of: name) == true
        }
    }

    /// The type names of one spec file's models, for finding which of them begin an enum's name.
    private struct ModelNameLookup {
        /// Every name, compared as strings (Unicode's canonical equivalence, as `hasPrefix` does).
        let all: Set<String>
        /// The ASCII names, looked up by the bytes of a prefix.
        let ascii: NameTable
        /// The names that are not ASCII (a string such as `\u{212A}ey`, with the Kelvin sign, equals
        /// the ASCII `Key`).
        let others: Set<String>

        init(_ names: Set<String>) {
            let asciiNames = names.filter { QuotedText.allUTF8(of: $0) { $0 < 0x80 } }
            all = names
            ascii = NameTable(Dictionary(uniqueKeysWithValues: asciiNames.enumerated().map { ($1, $0) }))
            others = names.subtracting(asciiNames)
        }

        /// Whether one of the names is a prefix of `name` that `hasPrefix` would accept: whole
        /// characters, neither empty nor the whole name. An ASCII name's prefixes are its bytes, each
        /// hashed as the previous one grows, so no string is made; other names take every prefix.
        func hasProperPrefix(of name: String) -> Bool {
            var name = name
            let inASCII = name.withUTF8 { bytes -> Bool? in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
                var hash = FNV1a64.offsetBasis
                for end in bytes.indices.dropLast() {
                    hash = FNV1a64.combine(hash, bytes[end])
                    if ascii.index(of: UnsafeBufferPointer(rebasing: bytes[...end]), hash: hash) != nil { return true }
                }
                return false
            }
            switch inASCII {
            case true?: return true
            // An ASCII name and ASCII model names are equal as strings only when their bytes are.
            case false?: return !others.isEmpty && name.indices.dropFirst().contains { others.contains(String(name[..<$0])) }
            case nil: return name.indices.dropFirst().contains { all.contains(String(name[..<$0])) }
            }
        }
    }

    /// The enums (by piece index) whose names occur in `text` as whole identifiers, each once.
    ///
    /// One pass over the bytes: a word that cannot begin a type name (a lower-case letter or a
    /// digit: keywords, members, labels) is skipped without hashing; the others are hashed as they
    /// are read and looked up by hash, then compared byte by byte. No string is made per word (this
    /// scan reads every generated byte; it was the largest single cost of `check`).
    private static func enumsNamed(in text: String, enums: NameTable) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            WordByte.table.withUnsafeBufferPointer { kinds in enumsNamed(in: bytes, kinds: kinds, enums: enums) }
        }
    }

    /// ``enumsNamed(in:enums:)`` over the text's bytes, with `kinds` the ``WordByte`` table.
    private static func enumsNamed(in bytes: UnsafeBufferPointer<UInt8>, kinds: UnsafeBufferPointer<WordByte>, enums: NameTable) -> [Int] {
        var found: [Int] = []
        let count = bytes.count
        var index = 0
        while index < count {
            let kind = kinds[Int(bytes[index])]
            if kind == .separator {
                index += 1
                continue
            }
            let start = index
            if kind == .continuing {
                index += 1
                while index < count, kinds[Int(bytes[index])] != .separator { index += 1 }
                continue
            }
            var hash = FNV1a64.offsetBasis
            while index < count, kinds[Int(bytes[index])] != .separator {
                hash = FNV1a64.combine(hash, bytes[index])
                index += 1
            }
            if let enumIndex = enums.index(of: UnsafeBufferPointer(rebasing: bytes[start..<index]), hash: hash), !found.contains(enumIndex) {
                found.append(enumIndex)
            }
        }
        return found
    }
}

/// What a byte is to the identifier scan.
private enum WordByte: UInt8 {
    /// Ends a word (spaces, punctuation).
    case separator
    /// Continues a word but cannot begin a type name: a lower-case letter or a digit.
    case continuing
    /// May begin a type name: an upper-case letter, `_`, or any byte of a non-ASCII character.
    case starting

    /// Every byte's kind, indexed by the byte.
    static let table: [WordByte] = (0...255).map { value in
        let byte = UInt8(value)
        if byte >= 0x80 || byte.isASCIIUpper || byte == UInt8(ascii: "_") { return .starting }
        return byte.isASCIIIdentifierCharacter ? .continuing : .separator
    }
}

/// Names looked up by the FNV-1a hash of their UTF-8 bytes, then by the bytes themselves: an
/// open-addressed table indexed by the hash's low bits, so a lookup hashes nothing more.
private struct NameTable: Sendable {
    private struct Entry: Sendable {
        var hash: UInt64
        var name: [UInt8]
        var index: Int
    }

    /// Slots of `entries` indices (`-1`: empty); a power of two at least twice the names.
    private var slots: [Int]
    private var entries: [Entry] = []
    private let mask: Int

    init(_ indices: [String: Int]) {
        var capacity = 16
        while capacity < indices.count * 2 { capacity *= 2 }
        mask = capacity - 1
        slots = Array(repeating: -1, count: capacity)
        for (name, index) in indices {
            let bytes = Array(name.utf8)
            let hash = FNV1a64.hash(bytes)
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entries.count
            entries.append(Entry(hash: hash, name: bytes, index: index))
        }
    }

    /// The index of the name spelled by `word`, whose hash is `hash`.
    func index(of word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        var entry = slots[slot]
        while entry >= 0 {
            if entries[entry].hash == hash, entries[entry].name.elementsEqual(word) { return entries[entry].index }
            slot = (slot + 1) & mask
            entry = slots[slot]
        }
        return nil
    }
}
