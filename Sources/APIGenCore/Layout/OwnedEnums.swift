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
        guard !enumsByName.isEmpty else { return [:] }
        let lookup = enumsByName
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

    /// The enums (by piece index) whose names occur in `text` as whole identifiers, each once.
    private static func enumsNamed(in text: String, enums: [String: Int]) -> [Int] {
        var found: [Int] = []
        var text = text
        text.withUTF8 { bytes in
            var start: Int? = nil
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : 0x20
                // Letters, digits, `_` and every byte of a non-ASCII character continue an identifier.
                if byte >= 0x80 || byte.isASCIIIdentifierCharacter {
                    if start == nil { start = index }
                } else if let from = start {
                    start = nil
                    // Type names do not begin with a lower-case letter or a digit: skip those words cheaply.
                    let first = bytes[from]
                    guard first >= 0x80 || first == UInt8(ascii: "_") || first.isASCIIUpper else { continue }
                    let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<index]), as: UTF8.self)
                    if let enumIndex = enums[word], !found.contains(enumIndex) { found.append(enumIndex) }
                }
            }
        }
        return found
    }
}
