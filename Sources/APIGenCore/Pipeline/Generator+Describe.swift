public import Foundation

extension Generator {
    /// Checks the configuration and the specs under `specs` and describes what the specs resolve
    /// to, as `generate` reads them: the configuration (``GenerationOptions/configuration``, else
    /// `apigen.yaml` in the spec folder) sets the date format of a service that chooses none, and
    /// its errors are reported; its subset, Swift names and Swift types shape only the code, and
    /// are checked but not applied. `nil` with the diagnostics when there is an error.
    public static func describe(specs: URL, options: GenerationOptions = GenerationOptions()) -> (Outcome, SpecDescription?) {
        var diagnostics = Diagnostics()
        let services = resolve(read(specs: specs, options: options, diagnostics: &diagnostics), reshaping: false, diagnostics: &diagnostics)
        let outcome = Outcome(diagnostics: diagnostics.sorted, files: [])
        guard !outcome.hasErrors else { return (outcome, nil) }
        return (outcome, SpecDescription(services: services.map(Self.describe)))
    }

    /// Checks spec texts and describes what they resolve to, as ``describe(specs:)`` does files.
    public static func describe(texts: [SpecText]) -> (Outcome, SpecDescription?) {
        var diagnostics = Diagnostics()
        let services = resolve(sources: texts.map { SpecSource(relativePath: $0.path, displayPath: $0.path, text: $0.text) }, diagnostics: &diagnostics)
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
            apis: service.apis.map { describe($0, service: service) },
            keptAsWritten: keptAsWritten(service),
            defaultEnvironment: service.defaultEnvironment,
            dates: name(of: service.dates)
        )
    }

    private static func keptAsWritten(_ service: ResolvedService) -> [(key: String, value: SpecValue)] {
        var kept: [(key: String, value: SpecValue)] = []
        if service.defaultEnvironment != service.environments.first?.name {
            kept.append(("defaultEnvironment", .string(service.defaultEnvironment)))
        }
        if let defaults = service.defaultsNode { kept.append(("defaults", value(defaults))) }
        return kept
    }

    /// An API's keys that OpenAPI cannot say, as written; constants from `query`, `headers` and the
    /// path's `?flag` part alike; the mock when it hides behind an envelope.
    private static func keptAsWritten(_ api: ResolvedApi) -> [(key: String, value: SpecValue)] {
        var kept: [(key: String, value: SpecValue)] = []
        for pair in api.decl.keptAsWritten {
            switch pair.name {
            case "body" where pair.value.pairs?.contains(where: { $0.name == "format" }) != true: continue
            case "response":
                switch api.response {
                case .file, .stream: break
                default: continue
                }
            case "deprecated" where pair.value.scalarValue == .bool(true): continue
            default: break
            }
            kept.append((pair.name, value(pair.value)))
        }
        if !api.decl.constantQuery.isEmpty {
            kept.append(("query", .object(api.decl.constantQuery.map { SpecValue.Member($0.name, $0.value.map(SpecValue.string) ?? .null) })))
        }
        if !api.decl.constantHeaders.isEmpty {
            kept.append(("headers", .object(api.decl.constantHeaders.map { SpecValue.Member($0.name, .string($0.value ?? "")) })))
        }
        // A mock OpenAPI cannot hold as the answer's example: behind an envelope, or of a text,
        // binary, download or stream answer (the importer reads examples of JSON answers only).
        let answersJSON = switch api.response {
        case .json, .inline: true
        default: false
        }
        if let mock = api.decl.mock, api.envelope != nil || !answersJSON { kept.append(("mock", value(mock))) }
        return kept.sorted { $0.key < $1.key }
    }

    private static func describe(_ envelope: EnvelopeDecl) -> SpecDescription.Envelope {
        SpecDescription.Envelope(
            code: envelope.code, message: envelope.message, result: envelope.result,
            success: envelope.success, sessionExpired: envelope.sessionExpired
        )
    }

    /// A date format as the spec writes it.
    private static func name(of format: DateFormatSpec) -> String {
        switch format {
        case .iso8601: "iso8601"
        case .epochSeconds: "epochSeconds"
        case .epochMillis: "epochMillis"
        case .date: "date"
        case .pattern(let pattern): pattern
        }
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
                zip(decl.members, names).map { ($0.type.description, Naming.bare($1), $0.description) },
                discriminator: decl.discriminator?.propertyName,
                mapping: decl.discriminator?.mapping.map { ($0.tag, $0.model.value) } ?? [],
                open: decl.allowsUnknown
            )
        }
        return SpecDescription.Model(
            name: model.decl.name, description: model.decl.description, deprecated: model.decl.deprecated, kind: kind,
            additionalFields: model.decl.additionalFields.map { ($0.name, $0.description) }
        )
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
        // `iso8601` written out overrides a service default: it is kept so.
        case nil, .iso8601?: return shape.format?.value
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
        let others = api.statuses.filter { !$0.isMainResponse }.map { ($0.status.text, body($0.body), $0.description, $0.isSuccess) }
        if let main = api.statuses.first(where: \.isMainResponse), main.description != nil { responseDescription = main.description }
        return SpecDescription.Api(
            name: api.decl.name,
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
            keptAsWritten: keptAsWritten(api),
            envelope: api.envelope.map(describe),
            swiftName: api.stem,
            rawBody: rawBody(of: api.decl),
            download: isDownload(api.response),
            stream: stream(of: api.response),
            behaviour: behaviour(of: api.decl),
            answersEvery2xx: api.statuses.isEmpty || api.statuses.contains(where: \.isMainResponse)
        )
    }

    private static func rawBody(of api: ApiDecl) -> (format: String, contentType: String)? {
        guard case .raw(let raw) = api.body else { return nil }
        return (raw.format.rawValue, raw.effectiveContentType)
    }

    private static func isDownload(_ response: ResolvedResponse) -> Bool {
        if case .file = response { return true }
        return false
    }

    private static func stream(of response: ResolvedResponse) -> (format: String, type: String?)? {
        guard case .stream(let stream) = response else { return nil }
        return (stream.format.rawValue, stream.type?.description)
    }

    /// What the spec says about how the client treats an API, in the spec's words.
    private static func behaviour(of api: ApiDecl) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        if let timeout = api.timeout { items.append(("timeout", seconds(timeout))) }
        if let cache = api.cache {
            items.append(("cache", "ttl " + seconds(cache.ttl) + (cache.vary.isEmpty ? "" : ", vary " + cache.vary.joined(separator: ", "))))
        }
        if let retry = api.retry {
            var text = "max \(retry.max)"
            if let backoff = retry.backoff { text += ", backoff " + seconds(backoff) }
            if let maxBackoff = retry.maxBackoff { text += ", maxBackoff " + seconds(maxBackoff) }
            items.append(("retry", text))
        }
        if let idempotent = api.idempotent { items.append(("idempotent", String(idempotent))) }
        if api.freezable { items.append(("freezable", "true")) }
        if let priority = api.priority { items.append(("priority", priority)) }
        if api.encrypt { items.append(("encrypt", "true")) }
        return items
    }

    /// `5 s`, `0.5 s`.
    private static func seconds(_ value: Double) -> String {
        (value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)) + " s"
    }

    private static func value(_ node: YAMLNode) -> SpecValue {
        switch node.kind {
        case .sequence(let elements): return .array(elements.map(value))
        case .mapping(let pairs): return .object(pairs.map { SpecValue.Member($0.name, value($0.value)) })
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
