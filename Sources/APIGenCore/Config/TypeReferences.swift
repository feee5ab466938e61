/// The type names an API or a model mentions, for keeping the models a filtered subset still uses.
enum TypeReferences {
    static func names(of api: ApiDecl) -> [String] {
        var types = api.params.map(\.type) + api.responseHeaders.map(\.type)
        if case .whole(let type, _) = api.body { types.append(type) }
        types += responseTypes(api.response)
        for status in api.responses { types += responseTypes(status.body) }
        return types.map(\.name) + api.paramsFrom.map(\.value)
    }

    static func names(of model: ModelDecl) -> [String] {
        var types: [TypeRef] = []
        switch model.kind {
        case .object(let fields): types = fields.map(\.type)
        case .enumeration: break
        case .sum(let sum): types = sum.members.map(\.type)
        }
        if let additional = model.additionalFields { types.append(additional.valueType) }
        var names = types.map(\.name)
        if case .sum(let sum) = model.kind, let discriminator = sum.discriminator { names += discriminator.mapping.map(\.model.value) }
        return names
    }

    private static func responseTypes(_ response: ResponseDecl) -> [TypeRef] {
        switch response {
        case .type(let type, _): [type]
        case .inline(let fields, _, _): fields.map(\.type)
        case .stream(let stream): stream.type.map { [$0] } ?? []
        case .none, .text, .binary, .file: []
        }
    }
}
