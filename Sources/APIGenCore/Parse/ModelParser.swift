/// Reads the `models` section: objects with `fields`, and `enum`s.
struct ModelParser {
    static let modelKeys = ["description", "fields", "enum", "deprecated", "additionalFields"]
    static let fieldKeys = ["type", "key", "description", "default", "format", "deprecated"]

    var reader: NodeReader

    mutating func parse(_ pair: YAMLNode.Pair, file: String) -> ModelDecl? {
        let name = pair.name
        let what = "model '\(name)'"
        guard let pairs = reader.mapping(pair.value, what, allowed: Self.modelKeys) else { return nil }
        var model = ModelDecl(name: name, location: pair.key.location, kind: .object([]), file: file)
        let hasFields = pair.value["fields"] != nil
        let hasEnum = pair.value["enum"] != nil
        let hasUnknownKey = pairs.contains { !Self.modelKeys.contains($0.name) && !$0.name.hasPrefix("x-") }
        if hasFields == hasEnum {
            // A misspelt `fields` is already reported as an unknown key.
            if hasFields || !hasUnknownKey {
                reader.diagnostics.error("\(what) must have either 'fields' or 'enum'", at: pair.key.location)
            }
            return nil
        }
        for entry in pairs {
            switch entry.name {
            case "description": model.description = reader.description(entry.value, what)
            case "deprecated": model.deprecated = deprecation(entry.value, what)
            case "fields": model.kind = .object(fields(entry.value, of: what))
            case "enum": model.kind = .enumeration(enumeration(entry.value, of: what))
            case "additionalFields": model.additionalFields = additionalFields(entry.value, of: what)
            default: break
            }
        }
        return model
    }

    /// `deprecated: true` or `deprecated: message`.
    mutating func deprecation(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        switch node.scalarValue {
        case .bool(let flag): return flag ? "" : nil
        case .string(let message): return message
        default:
            reader.diagnostics.error("deprecated in \(what()) must be true or a message, found \(node.kindDescription)", at: node.location)
            return nil
        }
    }

    /// `name: Type` or `name: {type, key, description}` entries.
    mutating func fields(_ node: YAMLNode, of what: String) -> [FieldDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("fields of \(what) must be a mapping of names to types, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { field($0, of: what) }
    }

    private mutating func field(_ pair: YAMLNode.Pair, of owner: String) -> FieldDecl? {
        // Built only when a message needs it: most fields have none.
        func what() -> String { "field '\(pair.name)' of \(owner)" }
        if pair.value.pairs == nil {
            guard let type = reader.type(pair.value, "type of \(what())") else { return nil }
            return FieldDecl(name: pair.name, key: pair.name, type: type, typeLocation: pair.value.location, location: pair.key.location)
        }
        guard let entries = reader.mapping(pair.value, what(), allowed: Self.fieldKeys, required: ["type"]) else { return nil }
        guard let typeNode = pair.value["type"], let type = reader.type(typeNode, "type of \(what())") else { return nil }
        var field = FieldDecl(name: pair.name, key: pair.name, type: type, typeLocation: typeNode.location, location: pair.key.location)
        for entry in entries {
            switch entry.name {
            case "key": field.key = reader.string(entry.value, "key of \(what())", lenient: true) ?? pair.name
            case "description": field.description = reader.description(entry.value, what())
            case "default", "format", "deprecated": field.shape = shape(entry, into: field.shape, of: what())
            default: break
            }
        }
        return field
    }

    private mutating func enumeration(_ node: YAMLNode, of what: String) -> EnumDecl {
        if let elements = node.elements {
            let cases = elements.compactMap { element in
                reader.string(element, "each case of \(what)", lenient: true).map { EnumDecl.Case(name: $0, rawValue: $0, location: element.location) }
            }
            if cases.isEmpty { reader.diagnostics.error("enum of \(what) must list at least one case", at: node.location) }
            return EnumDecl(rawType: .string, cases: cases)
        }
        if let pairs = node.pairs {
            let cases = pairs.compactMap { pair -> EnumDecl.Case? in
                guard case .int(let text) = pair.value.scalarValue else {
                    reader.diagnostics.error("raw value of case '\(pair.name)' of \(what) must be a whole number, found \(pair.value.kindDescription)", at: pair.value.location)
                    return nil
                }
                guard Int(text) != nil else {
                    reader.diagnostics.error("raw value of case '\(pair.name)' of \(what) must fit an Int, found \(text)", at: pair.value.location)
                    return nil
                }
                // `+3` is not a Swift literal; `3` is.
                let literal = text.hasPrefix("+") ? String(text.dropFirst()) : text
                return EnumDecl.Case(name: pair.name, rawValue: literal, location: pair.key.location)
            }
            if pairs.isEmpty { reader.diagnostics.error("enum of \(what) must list at least one case", at: node.location) }
            return EnumDecl(rawType: .int, cases: cases)
        }
        reader.diagnostics.error("enum of \(what) must be a list of names or a mapping of names to numbers, found \(node.kindDescription)", at: node.location)
        return EnumDecl(rawType: .string, cases: [])
    }
}
