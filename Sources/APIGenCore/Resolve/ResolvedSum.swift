/// A `oneOf` model with its Swift case names and, when tagged, each member's tag.
struct ResolvedSum: Sendable {
    struct Member: Sendable {
        var decl: SumDecl.Member
        /// The Swift case name (backticked when it is a keyword).
        var caseName: String
        /// The discriminator value that selects this member (tagged sums only).
        var tag: String?
    }

    var members: [Member]
    /// The JSON key of the tag; `nil` for an untagged sum.
    var propertyName: String?
    var allowsUnknown: Bool
    /// Whether the enum is on a cycle of models, so that its cases are `indirect`.
    var isIndirect = false
}

extension SumDecl {
    /// The tag of each member, in member order: the discriminator's mapping, else the member model's
    /// spec name (as OpenAPI does). `models` finds a model by spec or Swift name.
    func tags(models: [String: ModelDecl]) -> [String?] {
        guard let discriminator else { return members.map { _ in nil } }
        return members.map { member in
            guard case .named(let name) = member.type, let model = models[name] else { return nil }
            let mapped = discriminator.mapping.first { models[$0.model.value]?.name == model.name }
            return mapped?.tag ?? model.name
        }
    }
}
