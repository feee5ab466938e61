/// The `Codable` conformance of a generated struct, written out: keys are ``AnyCodingKey`` string
/// literals (no `CodingKeys` enum per struct), absent keys take the field's default, dates go in the
/// field's format, and members no field declares (`additionalFields`) are kept.
enum StructCoding {
    /// One member as the coding code sees it.
    struct Member {
        /// The Swift property name.
        var name: String
        /// The JSON key as a Swift string literal (made once for both coders); `nil` for the
        /// additional-fields member.
        var keyLiteral: String?
        /// What `encode(to:)` reads: the property, or its private storage when the property is
        /// deprecated or held indirectly.
        var accessor: String
        var type: TypeRef
        /// The Swift spelling of `type` without its outermost `?`.
        var wrappedSwiftType: String
        var shape: ValueShape
    }

    /// The statements of `init(from:)`: the members decoded as the arguments of the memberwise init.
    ///
    /// Each line is put together from its pieces in one step (``Swift/String/concatenating(_:)-(String...)``):
    /// these builders run for every member of every model, and appending piece by piece was most of
    /// their cost.
    static func decodeStatements(_ members: [Member], types: SwiftTypeRenderer) -> [String] {
        guard !members.isEmpty else { return ["_ = try decoder.container(keyedBy: AnyCodingKey.self)"] }
        // Only the additional-fields member needs the declared keys.
        let declared = members.contains { $0.keyLiteral == nil } ? declaredKeys(members) : ""
        var statements = members.contains { $0.keyLiteral != nil } ? ["let container = try decoder.container(keyedBy: AnyCodingKey.self)"] : []
        let arguments = members.map { decodeArgument($0, declared: declared, types: types) }
        // One line when it reads as one (at most 100 characters in the 8-space body), else one argument a line.
        if arguments.count <= 2 {
            let single = "self.init(" + arguments.joined(separator: ", ") + ")"
            if single.utf8.count <= 100 { return statements + [single] }
        }
        statements.reserveCapacity(statements.count + arguments.count + 2)
        statements.append("self.init(")
        for (index, argument) in arguments.enumerated() {
            statements.append(.concatenating("    ", argument, index < arguments.count - 1 ? "," : ""))
        }
        statements.append(")")
        return statements
    }

    /// `label: try container.decode(Type.self, forKey: "key")` and its variants.
    private static func decodeArgument(_ member: Member, declared: String, types: SwiftTypeRenderer) -> String {
        let label = Naming.argumentLabel(member.name)
        guard let keyLiteral = member.keyLiteral else {
            let value = member.type.unwrapped.dictionaryValue.map(types.swift) ?? "JSON"
            return .concatenating(label, ": try ExtraFields.decode(", value, ".self, from: decoder, declared: ", declared, ")")
        }
        let defaultLiteral = member.shape.defaultLiteral
        let call = switch (member.type.isOptional, defaultLiteral) {
        case (false, nil): ": try container.decode("
        // An absent key takes the default; an explicit `null` stays `nil`.
        case (true, _?): String.concatenating(": try container.contains(", keyLiteral, ") ? container.decodeIfPresent(")
        default: ": try container.decodeIfPresent("
        }
        let (formatLabel, format) = formatArgument(of: member)
        return .concatenating(
            label, call, member.wrappedSwiftType, ".self, forKey: ", keyLiteral, formatLabel, format, ")",
            defaultLiteral == nil ? "" : member.type.isOptional ? " : " : " ?? ", defaultLiteral ?? ""
        )
    }

    /// The statements of `encode(to:)`.
    static func encodeStatements(_ members: [Member]) -> [String] {
        var statements = members.contains { $0.keyLiteral != nil } ? ["var container = encoder.container(keyedBy: AnyCodingKey.self)"] : []
        statements.reserveCapacity(members.count + 1)
        for member in members {
            guard let keyLiteral = member.keyLiteral else {
                statements.append(.concatenating("try ExtraFields.encode(self.", member.accessor, ", to: encoder, declared: ", declaredKeys(members), ")"))
                continue
            }
            // `self.`: a member may be named like the parameter (`encoder`) or the local (`container`).
            let (formatLabel, format) = formatArgument(of: member)
            statements.append(.concatenating(
                member.type.isOptional ? "try container.encodeIfPresent(self." : "try container.encode(self.", member.accessor,
                ", forKey: ", keyLiteral, formatLabel, format, ")"
            ))
        }
        return statements.isEmpty ? ["_ = encoder.container(keyedBy: AnyCodingKey.self)"] : statements
    }

    /// `(", format: ", "…")` for a member with a date format, which follows the key; empty texts otherwise.
    private static func formatArgument(of member: Member) -> (label: String, format: String) {
        guard let format = member.shape.dateFormat else { return ("", "") }
        return (", format: ", format.swift)
    }

    /// The declared fields' keys as a set literal, for `ExtraFields`.
    private static func declaredKeys(_ members: [Member]) -> String {
        "[" + members.compactMap(\.keyLiteral).joined(separator: ", ") + "]"
    }
}

extension TypeRef {
    /// `T` of `[String: T]`.
    var dictionaryValue: TypeRef? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}
