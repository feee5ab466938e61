/// Reads `oneOf` models and their `discriminator`.
extension ModelParser {
    static let memberKeys = ["type", "name", "description"]
    static let discriminatorKeys = ["propertyName", "mapping"]

    /// `oneOf: [A, B]` with members written as types or as `{ type, name, description }`; `model` is
    /// the model's mapping, where the `discriminator` sits beside `oneOf`.
    mutating func sum(_ node: YAMLNode, in model: YAMLNode, of what: String) -> SumDecl {
        var sum = SumDecl(members: [], location: node.location)
        if let elements = node.elements {
            sum.members = elements.compactMap { member($0, of: what) }
            if elements.isEmpty { reader.diagnostics.error("oneOf of \(what) must list at least one type", at: node.location) }
        } else {
            reader.diagnostics.error("oneOf of \(what) must be a list of types, found \(node.kindDescription)", at: node.location)
        }
        if let discriminatorNode = model["discriminator"] {
            sum.discriminator = discriminator(discriminatorNode, of: what)
        }
        return sum
    }

    private mutating func member(_ node: YAMLNode, of what: String) -> SumDecl.Member? {
        guard node.pairs != nil else {
            return reader.type(node, "each type of the oneOf of \(what)").map { SumDecl.Member(type: $0, typeLocation: node.location) }
        }
        guard reader.mapping(node, "member of the oneOf of \(what)", allowed: Self.memberKeys, required: ["type"]) != nil,
              let typeNode = node["type"], let type = reader.type(typeNode, "type of a member of \(what)") else { return nil }
        var member = SumDecl.Member(type: type, typeLocation: typeNode.location)
        if let nameNode = node["name"], let name = reader.nonEmptyString(nameNode, "name of member '\(type)' of \(what)") {
            member.name = Located(value: name, location: nameNode.location)
        }
        member.description = node["description"].flatMap { reader.description($0, "member '\(type)' of \(what)") }
        return member
    }

    /// `discriminator: type` or `discriminator: { propertyName: type, mapping: { tag: Model } }`.
    private mutating func discriminator(_ node: YAMLNode, of what: String) -> SumDecl.Discriminator? {
        if node.pairs == nil {
            return reader.nonEmptyString(node, "discriminator of \(what)").map { SumDecl.Discriminator(propertyName: $0, location: node.location, mapping: []) }
        }
        guard reader.mapping(node, "discriminator of \(what)", allowed: Self.discriminatorKeys, required: ["propertyName"]) != nil,
              let nameNode = node["propertyName"],
              let propertyName = reader.nonEmptyString(nameNode, "propertyName of the discriminator of \(what)") else { return nil }
        var discriminator = SumDecl.Discriminator(propertyName: propertyName, location: nameNode.location, mapping: [])
        if let mappingNode = node["mapping"] {
            guard let pairs = mappingNode.pairs else {
                reader.diagnostics.error("mapping of the discriminator of \(what) must map tag values to model names, found \(mappingNode.kindDescription)", at: mappingNode.location)
                return discriminator
            }
            for pair in pairs {
                guard let model = reader.string(pair.value, "model of tag '\(pair.name)' of \(what)") else { continue }
                discriminator.mapping.append((pair.name, Located(value: model, location: pair.value.location)))
            }
        }
        return discriminator
    }
}
