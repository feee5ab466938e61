public import Foundation

extension Generator {
    /// Checks the specs under `specs` and describes what they resolve to; `nil` with the
    /// diagnostics when there is an error.
    public static func describe(specs: URL) -> (Outcome, SpecDescription?) {
        var diagnostics = Diagnostics()
        let services = resolve(specs: specs, diagnostics: &diagnostics)
        let outcome = Outcome(diagnostics: diagnostics.sorted, files: [])
        guard !outcome.hasErrors else { return (outcome, nil) }
        return (outcome, SpecDescription(services: services.map(Self.describe)))
    }

    private static func describe(_ service: ResolvedService) -> SpecDescription.Service {
        SpecDescription.Service(
            name: service.name,
            description: service.description,
            environments: service.environments.map { ($0.name, $0.baseURL) },
            headers: service.headers,
            query: service.query,
            envelope: service.envelope.map(describe),
            models: service.models.map(describe),
            apis: service.apis.map { describe($0, service: service) }
        )
    }

    private static func describe(_ envelope: EnvelopeDecl) -> SpecDescription.Envelope {
        SpecDescription.Envelope(
            code: envelope.code, message: envelope.message, result: envelope.result,
            success: envelope.success, sessionExpired: envelope.sessionExpired
        )
    }

    private static func describe(_ model: ResolvedModel) -> SpecDescription.Model {
        let kind: SpecDescription.Model.Kind
        switch model.decl.kind {
        case .object(let fields):
            kind = .object(fields.map(describe), additional: model.decl.additionalFields.map { $0.valueType.description })
        case .enumeration(let decl):
            kind = .enumeration(zip(decl.cases, model.caseNames).map { ($0.rawValue, Naming.bare($1), $0.description) }, isInteger: decl.rawType == .int, open: decl.allowsUnknown)
        case .sum(let decl):
            let names = model.sum.map { $0.members.map(\.caseName) } ?? decl.members.map { $0.name?.value ?? $0.type.description }
            kind = .sum(
                zip(decl.members, names).map { ($0.type.description, Naming.bare($1)) },
                discriminator: decl.discriminator?.propertyName,
                mapping: decl.discriminator?.mapping.map { ($0.tag, $0.model.value) } ?? [],
                open: decl.allowsUnknown
            )
        }
        return SpecDescription.Model(name: model.decl.name, description: model.decl.description, deprecated: model.decl.deprecated, kind: kind)
    }

    private static func describe(_ field: FieldDecl) -> SpecDescription.Field {
        SpecDescription.Field(
            name: field.name, key: field.key, type: field.type.description, description: field.description,
            defaultValue: field.shape.defaultNode.map(value), format: formatName(field.shape), deprecated: field.shape.deprecated
        )
    }

    /// The date format in effect (explicit, or the service's default), `nil` for ISO 8601.
    private static func formatName(_ shape: ValueShape) -> String? {
        switch shape.dateFormat {
        case nil, .iso8601?: return shape.format?.value == "iso8601" ? nil : shape.format?.value
        case .epochSeconds?: return "epochSeconds"
        case .epochMillis?: return "epochMillis"
        case .date?: return "date"
        case .pattern(let pattern)?: return pattern
        }
    }

    private static func body(_ response: ResolvedResponse) -> SpecDescription.Body {
        switch response {
        case .none: .none
        case .json(let type): .type(type.description)
        case .inline(let fields, _, _): .fields(fields.map(describe))
        case .text: .text
        // A download is a binary body in OpenAPI; an event stream has no schema of its own there.
        case .binary, .file, .stream: .binary
        }
    }

    private static func describe(_ api: ResolvedApi, service: ResolvedService) -> SpecDescription.Api {
        let params = api.params.map { param in
            SpecDescription.Param(
                field: SpecDescription.Field(
                    name: param.decl.name, key: param.decl.key, type: param.decl.type.description, description: param.decl.description,
                    defaultValue: param.decl.shape.defaultNode.map(value), format: formatName(param.decl.shape), deprecated: param.decl.shape.deprecated
                ),
                location: param.location.rawValue,
                style: param.decl.style?.style.rawValue,
                explode: param.decl.style?.explode,
                allowReserved: param.decl.allowReserved?.value ?? false,
                secret: param.decl.isSecret
            )
        }
        let encoding: String
        switch api.decl.body {
        case .json: encoding = "json"
        case .form: encoding = "form"
        case .whole: encoding = "whole"
        case .multipart: encoding = "multipart"
        case .raw: encoding = "raw"
        }
        var responseDescription: String?
        if case .inline(_, _, let description) = api.response { responseDescription = description }
        let others = api.statuses.filter { !$0.isMainResponse }.map { ($0.status.text, body($0.body), $0.description) }
        if let main = api.statuses.first(where: \.isMainResponse), main.description != nil { responseDescription = main.description }
        return SpecDescription.Api(
            name: api.stem,
            description: api.decl.description,
            method: api.decl.method,
            path: api.decl.path,
            params: params,
            bodyEncoding: encoding,
            wholeBody: api.wholeBody?.description,
            response: body(api.response),
            responseDescription: responseDescription,
            responseHeaders: api.responseHeaders.map { describe($0.decl) },
            responses: others,
            mockJSON: api.mockJSON,
            deprecated: api.decl.deprecated,
            tags: api.decl.tags,
            constantQuery: api.decl.constantQuery.map { ($0.name, $0.value) },
            constantHeaders: api.decl.constantHeaders.map { ($0.name, $0.value ?? "") } + (api.decl.accept.map { [("Accept", $0.value ?? "")] } ?? []),
            usesEnvelope: api.envelope != nil,
            envelope: api.envelope.map(describe),
            specName: api.decl.name
        )
    }

    private static func value(_ node: YAMLNode) -> SpecValue {
        switch node.kind {
        case .sequence(let elements): return .array(elements.map(value))
        case .mapping(let pairs): return .object(Dictionary(pairs.map { ($0.name, value($0.value)) }, uniquingKeysWith: { first, _ in first }))
        case .scalar:
            switch node.scalarValue {
            case .null?, nil: return .null
            case .bool(let flag)?: return .bool(flag)
            case .int(let text)?: return .integer(text)
            case .float(let text)?: return .number(text)
            case .string(let text)?: return .string(text)
            }
        }
    }
}
