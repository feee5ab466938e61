/// Reads the `models` section: objects with `fields`, `enum`s and `oneOf` sums.
struct ModelParser {
    static let modelKeys = ["description", "fields", "enum", "oneOf", "discriminator", "unknown", "deprecated", "additionalFields"]
    /// The keys that say what kind of model it is; a model has exactly one.
    static let kindKeys = ["fields", "enum", "oneOf"]
    static let fieldKeys = ["type", "key", "description", "default", "format", "deprecated"]

    var reader: NodeReader

    mutating func parse(_ pair: YAMLNode.Pair, file: String) -> ModelDecl? {
        let name = pair.name
        let what = "model '\(name)'"
        guard let pairs = reader.mapping(pair.value, what, allowed: Self.modelKeys) else { return nil }
        var model = ModelDecl(name: name, location: pair.key.location, kind: .object([]), file: file)
        let kinds = Self.kindKeys.filter { pair.value[$0] != nil }
        let hasUnknownKey = pairs.contains { !Self.modelKeys.contains($0.name) && !$0.name.hasPrefix("x-") }
        if kinds.count != 1 {
            // A misspelt `fields` is already reported as an unknown key.
            if !kinds.isEmpty || !hasUnknownKey {
                let message = kinds.count > 1 ? "must have only one of 'fields', 'enum' and 'oneOf'" : "must have either 'fields', 'enum' or 'oneOf'"
                reader.diagnostics.error("\(what) \(message)", at: pair.key.location)
            }
            return nil
        }
        var allowsUnknown = false
        for entry in pairs {
            switch entry.name {
            case "description": model.description = reader.description(entry.value, what)
            case "deprecated": model.deprecated = deprecation(entry.value, what)
            case "fields": model.kind = .object(fields(entry.value, of: what))
            case "enum": model.kind = .enumeration(enumeration(entry.value, of: what))
            case "oneOf": model.kind = .sum(sum(entry.value, in: pair.value, of: what))
            case "unknown":
                allowsUnknown = reader.bool(entry.value, "unknown of \(what)") ?? false
                if kinds == ["fields"] {
                    reader.diagnostics.error("unknown of \(what) applies to an enum or a oneOf, not to fields", at: entry.key.location)
                }
            case "discriminator" where kinds != ["oneOf"]:
                reader.diagnostics.error("discriminator of \(what) needs a oneOf", at: entry.key.location)
            case "additionalFields": model.additionalFields = additionalFields(entry.value, of: what)
            default: break
            }
        }
        switch model.kind {
        case .enumeration(var enumeration):
            enumeration.allowsUnknown = allowsUnknown
            model.kind = .enumeration(enumeration)
        case .sum(var sum):
            sum.allowsUnknown = allowsUnknown
            model.kind = .sum(sum)
        case .object: break
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
                element.pairs == nil
                    ? reader.string(element, "each case of \(what)", lenient: true).map { EnumDecl.Case(name: $0, rawValue: $0, location: element.location) }
                    : namedCase(element, of: what)
            }
            // A case written as a mapping that could not be read is reported on its own.
            if cases.isEmpty, !elements.contains(where: { $0.pairs != nil }) {
                reader.diagnostics.error("enum of \(what) must list at least one case", at: node.location)
            }
            return EnumDecl(rawType: .string, cases: cases)
        }
        if let pairs = node.pairs {
            let cases = pairs.compactMap { intCase($0, of: what) }
            if pairs.isEmpty { reader.diagnostics.error("enum of \(what) must list at least one case", at: node.location) }
            return EnumDecl(rawType: .int, cases: cases)
        }
        reader.diagnostics.error("enum of \(what) must be a list of names or a mapping of names to numbers, found \(node.kindDescription)", at: node.location)
        return EnumDecl(rawType: .string, cases: [])
    }

    /// `created: 1` or `created: { value: 1, description: … }` in an Int enum.
    private mutating func intCase(_ pair: YAMLNode.Pair, of what: String) -> EnumDecl.Case? {
        var node = pair.value
        var description: String?
        if pair.value.pairs != nil {
            guard reader.mapping(pair.value, "case '\(pair.name)' of \(what)", allowed: ["value", "description"], required: ["value"]) != nil,
                  let value = pair.value["value"] else { return nil }
            node = value
            description = pair.value["description"].flatMap { reader.description($0, "case '\(pair.name)' of \(what)") }
        }
        guard case .int(let text) = node.scalarValue else {
            reader.diagnostics.error("raw value of case '\(pair.name)' of \(what) must be a whole number, found \(node.kindDescription)", at: node.location)
            return nil
        }
        guard let value = Int(text) else {
            reader.diagnostics.error("raw value of case '\(pair.name)' of \(what) must fit an Int, found \(text)", at: node.location)
            return nil
        }
        // The number, not its spelling: `+3` is not a Swift literal, and `01` and `1` (or `-0` and
        // `0`) are the same raw value, which the duplicate check must see.
        return EnumDecl.Case(name: pair.name, rawValue: String(value), location: pair.key.location, description: description)
    }

    static let caseKeys = ["value", "name", "description"]

    /// `{ value: "-created_at", name: createdAtDescending, description: Newest first. }` in a String enum.
    private mutating func namedCase(_ node: YAMLNode, of what: String) -> EnumDecl.Case? {
        guard reader.mapping(node, "case of \(what)", allowed: Self.caseKeys, required: ["value"]) != nil,
              let valueNode = node["value"], let value = reader.string(valueNode, "value of a case of \(what)", lenient: true) else { return nil }
        var enumCase = EnumDecl.Case(name: value, rawValue: value, location: valueNode.location)
        if let nameNode = node["name"] {
            guard let name = reader.nonEmptyString(nameNode, "name of case '\(value)' of \(what)") else { return nil }
            enumCase.name = name
            enumCase.hasExplicitName = true
            enumCase.location = nameNode.location
        }
        enumCase.description = node["description"].flatMap { reader.description($0, "case '\(value)' of \(what)") }
        return enumCase
    }
}
