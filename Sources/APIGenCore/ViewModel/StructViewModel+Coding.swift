/// The `Codable` conformance of a generated struct, written out: keys are ``AnyCodingKey`` string
/// literals (no `CodingKeys` enum per struct), absent keys take the field's default, dates go in the
/// field's format, and members no field declares (`additionalFields`) are kept.
enum StructCoding {
    /// One member as the coding code sees it.
    struct Member {
        /// The Swift property name.
        var name: String
        /// The JSON key; `nil` for the additional-fields member.
        var key: String?
        /// What `encode(to:)` reads: the property, or its private storage when the property is
        /// deprecated or held indirectly.
        var accessor: String
        var type: TypeRef
        var swiftType: String
        var shape: ValueShape
    }

    /// The statements of `init(from:)`: the members decoded as the arguments of the memberwise init.
    static func decodeStatements(_ members: [Member], types: SwiftTypeRenderer) -> [String] {
        guard !members.isEmpty else { return ["_ = try decoder.container(keyedBy: AnyCodingKey.self)"] }
        let declared = declaredKeys(members)
        var statements = members.contains { $0.key != nil } ? ["let container = try decoder.container(keyedBy: AnyCodingKey.self)"] : []
        let arguments = members.map { "\(Naming.argumentLabel($0.name)): \(decodeExpression($0, declared: declared, types: types))" }
        let single = "self.init(" + arguments.joined(separator: ", ") + ")"
        // One line when it reads as one (at most 100 characters in the 8-space body), else one argument a line.
        if arguments.count <= 2, single.utf8.count <= 100 { return statements + [single] }
        statements.append("self.init(")
        for (index, argument) in arguments.enumerated() {
            statements.append("    " + argument + (index < arguments.count - 1 ? "," : ""))
        }
        statements.append(")")
        return statements
    }

    private static func decodeExpression(_ member: Member, declared: String, types: SwiftTypeRenderer) -> String {
        guard let key = member.key else {
            let value = member.type.unwrapped.dictionaryValue.map(types.swift) ?? "JSON"
            return "try ExtraFields.decode(\(value).self, from: decoder, declared: \(declared))"
        }
        let keyLiteral = SwiftLiteral.string(key)
        let format = member.shape.dateFormat.map { ", format: \($0.swift)" } ?? ""
        let arguments = "forKey: \(keyLiteral)\(format)"
        let wrapped = types.swift(member.type.unwrapped)
        switch (member.type.isOptional, member.shape.defaultLiteral) {
        case (false, nil): return "try container.decode(\(wrapped).self, \(arguments))"
        case (true, nil): return "try container.decodeIfPresent(\(wrapped).self, \(arguments))"
        case (false, let value?): return "try container.decodeIfPresent(\(wrapped).self, \(arguments)) ?? \(value)"
        case (true, let value?):
            // An absent key takes the default; an explicit `null` stays `nil`.
            return "try container.contains(\(keyLiteral)) ? container.decodeIfPresent(\(wrapped).self, \(arguments)) : \(value)"
        }
    }

    /// The statements of `encode(to:)`.
    static func encodeStatements(_ members: [Member]) -> [String] {
        var statements = members.contains { $0.key != nil } ? ["var container = encoder.container(keyedBy: AnyCodingKey.self)"] : []
        for member in members {
            guard let key = member.key else {
                statements.append("try ExtraFields.encode(self.\(member.accessor), to: encoder, declared: \(declaredKeys(members)))")
                continue
            }
            let format = member.shape.dateFormat.map { ", format: \($0.swift)" } ?? ""
            let method = member.type.isOptional ? "encodeIfPresent" : "encode"
            // `self.`: a member may be named like the parameter (`encoder`) or the local (`container`).
            statements.append("try container.\(method)(self.\(member.accessor), forKey: \(SwiftLiteral.string(key))\(format))")
        }
        return statements.isEmpty ? ["_ = encoder.container(keyedBy: AnyCodingKey.self)"] : statements
    }

    /// The declared fields' keys as a set literal, for `ExtraFields`.
    private static func declaredKeys(_ members: [Member]) -> String {
        "[" + members.compactMap { $0.key.map(SwiftLiteral.string) }.joined(separator: ", ") + "]"
    }
}

extension TypeRef {
    /// `T` of `[String: T]`.
    var dictionaryValue: TypeRef? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}
