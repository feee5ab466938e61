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
    ///
    /// Each line is appended into one string with room for it: these builders run for every member
    /// of every model, and intermediate strings were most of their cost.
    static func decodeStatements(_ members: [Member], types: SwiftTypeRenderer) -> [String] {
        guard !members.isEmpty else { return ["_ = try decoder.container(keyedBy: AnyCodingKey.self)"] }
        // Only the additional-fields member needs the declared keys.
        let declared = members.contains { $0.key == nil } ? declaredKeys(members) : ""
        var statements = members.contains { $0.key != nil } ? ["let container = try decoder.container(keyedBy: AnyCodingKey.self)"] : []
        let arguments = members.map { decodeArgument($0, declared: declared, types: types) }
        // One line when it reads as one (at most 100 characters in the 8-space body), else one argument a line.
        if arguments.count <= 2 {
            let single = "self.init(" + arguments.joined(separator: ", ") + ")"
            if single.utf8.count <= 100 { return statements + [single] }
        }
        statements.reserveCapacity(statements.count + arguments.count + 2)
        statements.append("self.init(")
        for (index, argument) in arguments.enumerated() {
            var line = "    "
            line.reserveCapacity(argument.utf8.count + 5)
            line += argument
            if index < arguments.count - 1 { line += "," }
            statements.append(line)
        }
        statements.append(")")
        return statements
    }

    /// `label: try container.decode(Type.self, forKey: "key")` and its variants.
    private static func decodeArgument(_ member: Member, declared: String, types: SwiftTypeRenderer) -> String {
        var text = Naming.argumentLabel(member.name)
        guard let key = member.key else {
            let value = member.type.unwrapped.dictionaryValue.map(types.swift) ?? "JSON"
            return text + ": try ExtraFields.decode(\(value).self, from: decoder, declared: \(declared))"
        }
        let keyLiteral = SwiftLiteral.string(key)
        let wrapped = types.swift(member.type.unwrapped)
        let defaultLiteral = member.shape.defaultLiteral
        text.reserveCapacity(text.utf8.count + 2 * keyLiteral.utf8.count + wrapped.utf8.count + (defaultLiteral?.utf8.count ?? 0) + 96)
        switch (member.type.isOptional, defaultLiteral) {
        case (false, nil): text += ": try container.decode("
        case (true, _?):
            // An absent key takes the default; an explicit `null` stays `nil`.
            text += ": try container.contains("
            text += keyLiteral
            text += ") ? container.decodeIfPresent("
        default: text += ": try container.decodeIfPresent("
        }
        text += wrapped
        text += ".self"
        appendKeyArguments(keyLiteral, of: member, to: &text)
        if let defaultLiteral {
            text += member.type.isOptional ? " : " : " ?? "
            text += defaultLiteral
        }
        return text
    }

    /// The statements of `encode(to:)`.
    static func encodeStatements(_ members: [Member]) -> [String] {
        var statements = members.contains { $0.key != nil } ? ["var container = encoder.container(keyedBy: AnyCodingKey.self)"] : []
        statements.reserveCapacity(members.count + 1)
        for member in members {
            guard let key = member.key else {
                statements.append("try ExtraFields.encode(self.\(member.accessor), to: encoder, declared: \(declaredKeys(members)))")
                continue
            }
            let keyLiteral = SwiftLiteral.string(key)
            var line = member.type.isOptional ? "try container.encodeIfPresent(self." : "try container.encode(self."
            line.reserveCapacity(member.accessor.utf8.count + keyLiteral.utf8.count + 80)
            // `self.`: a member may be named like the parameter (`encoder`) or the local (`container`).
            line += member.accessor
            appendKeyArguments(keyLiteral, of: member, to: &line)
            statements.append(line)
        }
        return statements.isEmpty ? ["_ = encoder.container(keyedBy: AnyCodingKey.self)"] : statements
    }

    /// Appends `, forKey: "key")`, with `, format: …` before the `)` for a member with a date format.
    private static func appendKeyArguments(_ keyLiteral: String, of member: Member, to text: inout String) {
        text += ", forKey: "
        text += keyLiteral
        if let format = member.shape.dateFormat {
            text += ", format: "
            text += format.swift
        }
        text += ")"
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
