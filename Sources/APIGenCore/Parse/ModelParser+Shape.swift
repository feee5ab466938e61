/// Reads the format-2 keys of fields and params (`default`, `format`, `deprecated`) and a model's
/// `additionalFields`.
extension ModelParser {
    /// One of `default`, `format`, `deprecated` into `shape`.
    mutating func shape(_ entry: YAMLNode.Pair, into shape: ValueShape, of what: String) -> ValueShape {
        var shape = shape
        switch entry.name {
        case "default": shape.defaultNode = entry.value
        case "format":
            if let text = reader.nonEmptyString(entry.value, "format of \(what)") { shape.format = Located(value: text, location: entry.value.location) }
        default: shape.deprecated = deprecation(entry.value, what)
        }
        return shape
    }

    /// `additionalFields: Type` or `{ type, name, description }`.
    mutating func additionalFields(_ node: YAMLNode, of what: String) -> AdditionalFieldsDecl? {
        let subject = "additionalFields of \(what)"
        if node.pairs == nil {
            guard let type = reader.type(node, "type of \(subject)") else { return nil }
            return AdditionalFieldsDecl(name: "additionalFields", valueType: type, typeLocation: node.location, location: node.location)
        }
        guard let entries = reader.mapping(node, subject, allowed: ["type", "name", "description"], required: ["type"]),
              let typeNode = node["type"], let type = reader.type(typeNode, "type of \(subject)") else { return nil }
        var decl = AdditionalFieldsDecl(name: "additionalFields", valueType: type, typeLocation: typeNode.location, location: node.location)
        for entry in entries {
            switch entry.name {
            case "name": decl.name = reader.nonEmptyString(entry.value, "name of \(subject)") ?? decl.name
            case "description": decl.description = reader.description(entry.value, subject)
            default: break
            }
        }
        return decl
    }
}
