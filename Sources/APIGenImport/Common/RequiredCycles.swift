import APIGenCore

extension ImportedService {
    /// Makes optional, one field at a time, the required fields that make a model require itself on
    /// every path (`A.b: B`, `B.a: A`): no finite JSON value of such a model exists, so the generator
    /// rejects it. Sources say so by mistake (a `parent` marked required); each field read as
    /// optional is a warning at its model.
    mutating func breakRequiredCycles(document: String, warnings: inout [ImportWarning]) {
        var index: [String: Int] = [:]
        for (number, model) in models.enumerated() { index[model.name] = index[model.name] ?? number }
        while true {
            let edges = models.map { model in model.requiredModelFields.compactMap { index[$0.type] } }
            let cycles = StronglyConnected.cycles(successors: edges)
            guard let (modelIndex, field) = firstFieldOnItsCycle(cycles, index: index) else { return }
            let model = models[modelIndex]
            models[modelIndex].makeOptional(field: field.name)
            let through = field.type == model.name ? "itself" : "'\(field.type)', through which '\(model.name)' requires itself on every path"
            let message = "field '\(field.name)' of '\(model.name)' is required and holds \(through): no finite value exists, so it is read as optional"
            warnings.append(ImportWarning(document: document, location: model.origin, message: message, kind: "cycle"))
        }
    }

    /// The first model, in source order, with a required field whose model lies on the same cycle.
    private func firstFieldOnItsCycle(_ cycles: [Int?], index: [String: Int]) -> (Int, (name: String, type: String))? {
        for (modelIndex, model) in models.enumerated() {
            guard let cycle = cycles[modelIndex] else { continue }
            if let field = model.requiredModelFields.first(where: { index[$0.type].flatMap { cycles[$0] } == cycle }) {
                return (modelIndex, field)
            }
        }
        return nil
    }
}

extension ImportedService.Item {
    /// The fields whose type is a bare name (`B`, not `B?`, `[B]` or `{String: B}`): required and
    /// held by value when the name is a model's.
    fileprivate var requiredModelFields: [(name: String, type: String)] {
        guard case .map(let fields)? = entries["fields"] else { return [] }
        return fields.compactMap { field in
            guard let type = field.value.typeText, !type.hasSuffix("?"), !type.hasPrefix("["), !type.hasPrefix("{") else { return nil }
            return (field.key, type)
        }
    }

    /// Writes a field's type with `?`.
    fileprivate mutating func makeOptional(field name: String) {
        guard let fieldsAt = entries.firstIndex(where: { $0.key == "fields" }), case .map(var fields) = entries[fieldsAt].value,
              let at = fields.firstIndex(where: { $0.key == name }) else { return }
        switch fields[at].value {
        case .text(let type):
            fields[at].value = .text(type + "?")
        case .map(var parts):
            guard let typeAt = parts.firstIndex(where: { $0.key == "type" }), case .text(let type) = parts[typeAt].value else { return }
            parts[typeAt].value = .text(type + "?")
            fields[at].value = .map(parts)
        default:
            return
        }
        entries[fieldsAt].value = .map(fields)
    }
}

extension SpecNode {
    /// A field's type as written: the text itself, or its mapping's `type`.
    fileprivate var typeText: String? {
        switch self {
        case .text(let type): type
        case .map(let parts): if case .text(let type)? = parts["type"] { type } else { nil }
        default: nil
        }
    }
}
