/// The hand-written `Codable` of a struct that synthesized coding cannot express: defaults for absent
/// keys, dates in a format other than ISO 8601, and members not declared (`additionalFields`).
/// Structs without any of these keep the synthesized conformance.
enum StructCoding {
    /// One member as the coding code sees it.
    struct Member {
        /// The Swift property name.
        var name: String
        /// The `CodingKeys` case (the stored property's name), `nil` for the additional-fields member.
        var codingCase: String?
        /// What `encode(to:)` reads: the property, or its private storage when the property is deprecated.
        var accessor: String
        var type: TypeRef
        var swiftType: String
        var shape: ValueShape
    }

    /// Whether the struct needs hand-written coding.
    static func isNeeded(_ members: [Member]) -> Bool {
        members.contains { $0.codingCase == nil || $0.shape.defaultLiteral != nil || $0.shape.dateFormat != nil }
    }

    /// The arguments of `self.init(…)` in `init(from:)`.
    static func decodeArguments(_ members: [Member], types: SwiftTypeRenderer) -> [String] {
        members.map { member in
            let label = Naming.argumentLabel(member.name)
            guard let codingCase = member.codingCase else {
                let value = member.type.unwrapped.dictionaryValue.map(types.swift) ?? "JSON"
                return "\(label): try ExtraFields.decode(\(value).self, from: decoder, declared: CodingKeys.self)"
            }
            let format = member.shape.dateFormat.map { ", format: \($0.swift)" } ?? ""
            let key = "forKey: .\(codingCase)\(format)"
            let wrapped = types.swift(member.type.unwrapped)
            switch (member.type.isOptional, member.shape.defaultLiteral) {
            case (false, nil): return "\(label): try container.decode(\(wrapped).self, \(key))"
            case (true, nil): return "\(label): try container.decodeIfPresent(\(wrapped).self, \(key))"
            case (false, let value?): return "\(label): try container.decodeIfPresent(\(wrapped).self, \(key)) ?? \(value)"
            case (true, let value?):
                // An absent key takes the default; an explicit `null` stays `nil`.
                return "\(label): try container.contains(.\(codingCase)) ? container.decodeIfPresent(\(wrapped).self, \(key)) : \(value)"
            }
        }
    }

    /// The statements of `encode(to:)`.
    static func encodeStatements(_ members: [Member]) -> [String] {
        var statements = ["var container = encoder.container(keyedBy: CodingKeys.self)"]
        for member in members {
            guard let codingCase = member.codingCase else {
                statements.append("try ExtraFields.encode(self.\(member.accessor), to: encoder, declared: CodingKeys.self)")
                continue
            }
            let format = member.shape.dateFormat.map { ", format: \($0.swift)" } ?? ""
            let method = member.type.isOptional ? "encodeIfPresent" : "encode"
            // `self.`: a member may be named like the parameter (`encoder`) or the local (`container`).
            statements.append("try container.\(method)(self.\(member.accessor), forKey: .\(codingCase)\(format))")
        }
        return statements
    }
}

extension TypeRef {
    /// `T` of `[String: T]`.
    var dictionaryValue: TypeRef? {
        if case .dictionary(let value) = self { return value }
        return nil
    }
}
