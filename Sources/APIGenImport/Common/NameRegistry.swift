import APIGenCore

/// Hands out Swift-safe names that are unique in one scope, and says when a name had to change.
struct NameRegistry {
    /// Names taken so far, compared as Swift compares them.
    private(set) var taken: Set<String> = []

    /// What a type name the generated code uses (`Error`, `Response`, `Data`) is tried with before
    /// a number: the service's name (`Error` → `PetsError`, not `Error2`).
    var reservedNamePrefix = ""

    init(reserved: Set<String> = []) {
        taken = reserved
    }

    /// Marks a name as taken.
    mutating func reserve(_ name: String) {
        taken.insert(name)
    }

    /// The longest type name kept whole, in UTF-8 bytes: each is a file name (`<Name>Api.swift`,
    /// `<Name>Response`…), and file systems allow 255 bytes.
    static let typeNameLimit = 120

    /// A name cut to ``typeNameLimit`` bytes, at a character's end.
    private static func shortened(_ name: String) -> String {
        guard name.utf8.count > typeNameLimit else { return name }
        var result = ""
        for character in name {
            guard result.utf8.count + character.utf8.count <= typeNameLimit else { break }
            result.append(character)
        }
        return result
    }

    /// Why the type name made from `source` had to change, for the warning: it starts with what no
    /// type name can (`403Response` makes `_403Response`), it makes none, or it is taken (`taken`
    /// says by what: `is taken`, `or one of its types is taken`).
    static func renameReason(of source: String, taken: String = "is taken") -> String {
        guard let swiftName = SpecNaming.typeName(source) else { return "it makes no Swift name" }
        if swiftName.utf8.count > typeNameLimit { return "it is longer than \(typeNameLimit) bytes, too long for a file name" }
        if swiftName.unicodeScalars.first == "_" { return "a type name cannot start with '\(source.prefix(1))'" }
        return "'\(swiftName)' \(taken)"
    }

    /// Marks a type name as taken, in any case (see ``typeName(for:fallback:derived:isType:)``).
    mutating func reserveType(_ name: String) {
        taken.insert(Self.typeKey(name))
    }

    /// Whether a name is free.
    func isFree(_ name: String) -> Bool {
        !taken.contains(name)
    }

    /// A type name made from `source` (`list-pets` → `ListPets`) that is neither taken nor
    /// reserved by the generated code, and whose `derived` names (`<Name>Api`…) are free too;
    /// `fallback` when the source makes no name. Taken at once.
    ///
    /// An API's own name is not a type (`Cookies` makes `CookiesApi`, `CookiesParser`…), so with
    /// `isType: false` it only has to differ from other APIs' names: a model may share it.
    ///
    /// Type names are compared without case, as the generator compares them: each is a file name
    /// (`Pet.swift`, `ListPetsApi.swift`), and macOS and Windows do not tell `PetID.swift` from
    /// `PetId.swift`.
    mutating func typeName(for source: String, fallback: String, derived: [String] = [], isType: Bool = true) -> String {
        var base = SpecNaming.typeName(source) ?? fallback
        // `_2` → `Model2`, as the generator names `Model_2`, so that another schema's `Model2` is seen taken.
        if base.unicodeScalars.first == "_" { base = SpecNaming.typeName(fallback + base) ?? fallback + base }
        base = Self.shortened(base)
        var candidate = base
        if SpecNaming.isReservedTypeName(base), !reservedNamePrefix.isEmpty, isTypeNameFree(Self.shortened(reservedNamePrefix + base), derived: derived, isType: isType) {
            candidate = Self.shortened(reservedNamePrefix + base)
        }
        var number = 2
        while !isTypeNameFree(candidate, derived: derived, isType: isType) {
            candidate = base + String(number)
            number += 1
        }
        taken.insert(isType ? Self.typeKey(candidate) : Self.apiKey(candidate))
        for suffix in derived { taken.insert(Self.typeKey(candidate + suffix)) }
        return candidate
    }

    /// How a type name is kept in ``taken``: without case.
    private static func typeKey(_ name: String) -> String { name.lowercased() }

    /// How an API's own name is kept apart from type names in ``taken``.
    private static func apiKey(_ name: String) -> String { "api " + typeKey(name) }

    private func isTypeNameFree(_ name: String, derived: [String], isType: Bool) -> Bool {
        let own = isType ? [name] : []
        if !isType, taken.contains(Self.apiKey(name)) { return false }
        return (own + derived.map { name + $0 }).allSatisfy { !taken.contains(Self.typeKey($0)) && !SpecNaming.isReservedTypeName($0) }
    }

    /// A member name for `source` (`pet_id` → `petId`) that is free in this scope: the source
    /// itself when the generator makes a free name of it, else a made-up one. Returns the spec name
    /// to write and whether it differs from the source (then the source must be written as `key`).
    mutating func memberName(for source: String, fallback: String) -> (name: String, renamed: Bool) {
        if let member = SpecNaming.memberName(source), !taken.contains(member) {
            taken.insert(member)
            return (source, false)
        }
        var base = SpecNaming.memberName(source) ?? fallback
        if base.hasPrefix("_") { base = fallback + base }
        var candidate = base
        var number = 2
        while taken.contains(SpecNaming.memberName(candidate) ?? candidate) {
            candidate = base + String(number)
            number += 1
        }
        taken.insert(SpecNaming.memberName(candidate) ?? candidate)
        return (candidate, true)
    }
}
