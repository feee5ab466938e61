import Foundation

/// The view model of `<Name>Api.swift`: the API, its parser and its inline response.
enum ApiViewModel {
    static func make(_ api: ResolvedApi, service: ResolvedService, types: SwiftTypeRenderer) -> RenderJob {
        let decl = api.decl
        let apiType = api.stem + "Api"
        let parserType = api.stem + "Parser"
        let serviceType = service.name + "Service"
        var imports = ImportSet(foundation: false, interactive: true)

        var properties: [ViewModel] = []
        var initParameters: [String] = []
        var parameterDocs: [ViewModel] = []
        var adds: [String] = []
        for param in api.params {
            imports.add(param.decl.type, using: types)
            let type = types.swift(param.decl.type)
            let shape = param.decl.shape
            var docLines = SwiftLiteral.docLines(param.decl.description ?? defaultDescription(of: param))
            if let defaultLiteral = shape.defaultLiteral { docLines += ["", "\(SwiftLiteral.docCode(defaultLiteral)) unless given."] }
            // A deprecated param is computed over private storage, which the init and the request use.
            let deprecation = shape.deprecated.map(StructViewModel.deprecationAttribute)
            let stored = deprecation == nil ? param.swiftName : "_" + Naming.bare(param.swiftName)
            properties.append([
                "name": .text(param.swiftName), "stored": .text(stored), "type": .text(type), "docLines": .texts(docLines),
                "deprecation": .text(or: deprecation),
            ])
            initParameters.append(Layout.initParameter(name: param.swiftName, type: type, isOptional: param.decl.type.isOptional, defaultLiteral: shape.defaultLiteral))
            parameterDocs.append(["name": .text(Naming.bare(param.swiftName)), "summary": .text(docLines.first ?? "")])
            let secret = param.decl.isSecret ? ", secret: true" : ""
            let value = shape.dateFormat.map { String.concatenating("FormattedDate(", stored, ", format: ", $0.swift, ")") } ?? stored
            adds.append(.concatenating(
                "request.add(", value, ", as: ", SwiftLiteral.string(param.decl.key), ", in: .", param.location.rawValue, secret, wireArguments(param), ")"
            ))
        }
        if let body = api.wholeBody {
            imports.add(body, using: types)
            let type = types.swift(body)
            properties.append(["name": "body", "stored": "body", "type": .text(type), "docLines": ["The request body."], "deprecation": false])
            initParameters.append(Layout.initParameter(name: "body", type: type, isOptional: body.isOptional))
            parameterDocs.append(["name": "body", "summary": "The request body."])
            adds.append("request.setBody(body)")
        }
        addTransferMembers(api, types: types, properties: &properties, initParameters: &initParameters, parameterDocs: &parameterDocs, adds: &adds)

        var requestArguments = [
            "service: \(serviceType).configuration",
            "apiName: Self.apiName",
            "method: .\(decl.method.lowercased())",
            "path: \(SwiftLiteral.string(decl.path))",
        ]
        if case .form = decl.body { requestArguments.append("bodyEncoding: .form") }
        if case .multipart = decl.body { requestArguments.append("bodyEncoding: .multipart") }
        let options = optionArguments(decl)
        if !options.isEmpty { requestArguments.append("options: RequestOptions(" + options.joined(separator: ", ") + ")") }
        requestArguments += constantArguments(decl)

        let envelope = envelopeExpression(api, serviceType: serviceType)
        let responseParsing = parsing(api, envelope: envelope, types: types, imports: &imports)
        let statusParsing = withStatuses(responseParsing, api: api, envelope: envelope, types: types, imports: &imports)
        let parsing = withHeaders(statusParsing, api: api, types: types, imports: &imports)
        if case .binary = api.response, parsing.standard == nil { imports.foundation = true }
        // The method and path as sent, constant query items included; said once when the spec
        // gives no description.
        let constants = decl.constantQuery.map { item in item.value.map { item.name + "=" + $0 } ?? item.name }
        let route = SwiftLiteral.docCode(decl.method + " " + decl.path + (constants.isEmpty ? "" : "?" + constants.joined(separator: "&")))
        let summary = decl.description.map { SwiftLiteral.docLines($0) + ["", route] } ?? ["Calls " + route + "."]
        return RenderJob(template: "api", path: "\(service.name)/Apis/\(apiType).swift", context: [
            "source": .text(Layout.source(decl.file)),
            "imports": .texts(imports.lines),
            "docLines": .texts(summary),
            "deprecation": .text(or: decl.deprecated.map(StructViewModel.deprecationAttribute)),
            "apiType": .text(apiType),
            "apiNameLiteral": .text(SwiftLiteral.string(decl.name)),
            "parserType": .text(parserType),
            "parserArguments": .text(parsing.standard?.arguments ?? ""),
            "parserAlias": .text(or: parsing.standard?.type),
            "outputType": .text(parsing.outputType),
            "properties": .objects(properties),
            "hasProperties": .bool(!properties.isEmpty),
            "initSignature": .text(Layout.parameterList(initParameters, indent: "    ")),
            "parameterDocs": .objects(parameterDocs),
            "requestArguments": .objects(Layout.arguments(requestArguments)),
            "adds": .texts(adds),
            "hasAdds": .bool(!adds.isEmpty),
            "mockLiteral": .text(or: api.mockJSON.map(SwiftLiteral.raw)),
            "parseExpression": .text(parsing.expression),
            "hasEnvelope": .bool(parsing.usesEnvelope),
            "acceptedMediaTypes": parsing.acceptedMediaTypes.map(TemplateValue.text) ?? false,
            "response": parsing.response.map(TemplateValue.object) ?? false,
            "headersResponse": parsing.headersResponse.map(TemplateValue.object) ?? false,
            "mockBody": parsing.mockBody.map { TemplateValue.object(["type": .text($0.type), "wrap": .text($0.wrap), "docLines": .texts([$0.doc])]) } ?? false,
            "hasStatuses": .bool(!api.statuses.isEmpty),
            "bodyFunction": parsing.bodyFunction.map(TemplateValue.object) ?? false,
            "outputEnum": parsing.outputEnum.map(TemplateValue.object) ?? false,
            "failureEnum": parsing.failureEnum.map(TemplateValue.object) ?? false,
        ])
    }

    /// "Sent as the `X-Trace-Id` header." and the like.
    private static func defaultDescription(of param: ResolvedParam) -> String {
        let key = param.decl.key
        return switch param.location {
        case .path: .concatenating("Substituted for ", SwiftLiteral.docCode(.concatenating("{", key, "}")), " in the path.")
        case .query: .concatenating("Sent as the ", SwiftLiteral.docCode(key), " query parameter.")
        case .header: .concatenating("Sent as the ", SwiftLiteral.docCode(key), " header.")
        case .body: .concatenating("Sent as ", SwiftLiteral.docCode(key), " in the body.")
        }
    }

    /// `RequestOptions` arguments for the spec's per-API settings, in declaration order.
    private static func optionArguments(_ decl: ApiDecl) -> [String] {
        var options: [String] = []
        if let timeout = decl.timeout { options.append("timeout: \(SwiftLiteral.duration(seconds: timeout))") }
        if let cache = decl.cache {
            let vary = cache.vary.isEmpty ? "" : ", varyHeaders: \(SwiftLiteral.stringArray(cache.vary))"
            options.append("cache: .init(ttl: \(SwiftLiteral.number(cache.ttl))\(vary))")
        }
        if let retry = decl.retry {
            var arguments = ["max: \(retry.max)"]
            if let backoff = retry.backoff { arguments.append("backoff: \(SwiftLiteral.number(backoff))") }
            if let maxBackoff = retry.maxBackoff { arguments.append("maxBackoff: \(SwiftLiteral.number(maxBackoff))") }
            options.append("retry: .init(" + arguments.joined(separator: ", ") + ")")
        }
        if decl.encrypt { options.append("encrypt: true") }
        if let idempotent = decl.idempotent { options.append("idempotent: \(idempotent)") }
        if decl.freezable { options.append("freezable: true") }
        if let priority = decl.priority, priority != "normal" { options.append("priority: .\(priority)") }
        if !decl.tags.isEmpty {
            options.append("tags: [" + decl.tags.map { "\(SwiftLiteral.string($0.0)): \(SwiftLiteral.string($0.1))" }.joined(separator: ", ") + "]")
        }
        return options
    }

    /// How an API's parser is written.
    struct Parsing {
        /// The business object's Swift type.
        var outputType: String
        /// The body of `parse(_:)`.
        var expression: String
        /// The inline response's view model, if the response is inline.
        var response: ViewModel?
        /// Whether the parser unwraps or checks an envelope.
        var usesEnvelope: Bool
        /// The parser's `acceptedMediaTypes`, when it is not the JSON default.
        var acceptedMediaTypes: String?
        /// The view model of `<Stem>Response` when the API reads response headers.
        var headersResponse: ViewModel?
        /// How the mock is built when it is not the output itself: the body's Swift type, the
        /// expression over `$0` that makes the output, and the doc comment.
        var mockBody: (type: String, wrap: String, doc: String)?
        /// The view model of `<Stem>Output`, when several statuses are answers.
        var outputEnum: ViewModel?
        /// The view model of `<Stem>Failure`.
        var failureEnum: ViewModel?
        /// `type` and `expression` of the parser's `body(of:)`, when headers are read beside a status switch.
        var bodyFunction: ViewModel?
        /// The runtime's parser that does all the parsing, and the arguments the API makes it with:
        /// the API's parser is then a `typealias` of it rather than a struct that forwards to it.
        var standard: (type: String, arguments: String)?
    }

    /// The parser's output type and parse expression, and the inline response's view model.
    private static func envelopeExpression(_ api: ResolvedApi, serviceType: String) -> String? {
        switch api.decl.envelope {
        case .inherit: api.envelope == nil ? nil : "\(serviceType).configuration.envelope"
        case .none: nil
        case .custom(let custom): EnvelopeLiteral.make(custom)
        }
    }

    private static func parsing(_ api: ResolvedApi, envelope: String?, types: SwiftTypeRenderer, imports: inout ImportSet) -> Parsing {
        let envelopeArgument = envelope.map { "envelope: \($0)" } ?? ""
        switch api.response {
        case .none:
            return Parsing(
                outputType: "EmptyResponse", expression: "try EmptyParser(\(envelopeArgument)).parse(response)", usesEnvelope: envelope != nil,
                standard: ("EmptyParser", envelopeArgument))
        case .text:
            return Parsing(
                outputType: "String", expression: "try TextParser().parse(response)", usesEnvelope: false,
                acceptedMediaTypes: "TextParser().acceptedMediaTypes", standard: ("TextParser", ""))
        case .binary:
            // `Data` is spelled only by a parser that does more than `BinaryParser` (see `make`).
            return Parsing(
                outputType: "Data", expression: "try BinaryParser().parse(response)", usesEnvelope: false,
                acceptedMediaTypes: "BinaryParser().acceptedMediaTypes", standard: ("BinaryParser", ""))
        case .file:
            return fileParsing(imports: &imports)
        case .stream(let stream):
            return streamParsing(stream, hasMock: api.mockJSON != nil, types: types, imports: &imports)
        case .json(let type):
            imports.add(type, using: types)
            let swiftType = types.swift(type)
            return Parsing(
                outputType: swiftType, expression: "try JSONParser<\(swiftType)>(\(envelopeArgument)).parse(response)", usesEnvelope: envelope != nil,
                standard: ("JSONParser<\(swiftType)>", envelopeArgument))
        case .inline(let fields, let fieldNames, let description):
            let typeName = api.stem + (api.responseHeaders.isEmpty ? "Response" : "Body")
            let fallback = api.responseHeaders.isEmpty ? "The response of ``\(api.stem)Api``." : "The body of the response of ``\(api.stem)Api``."
            let response = StructViewModel.make(
                typeName: typeName, description: description ?? fallback, deprecated: nil,
                fields: fields, fieldNames: fieldNames, types: types, imports: &imports
            )
            return Parsing(
                outputType: typeName, expression: "try JSONParser<\(typeName)>(\(envelopeArgument)).parse(response)",
                response: response, usesEnvelope: envelope != nil, standard: ("JSONParser<\(typeName)>", envelopeArgument))
        }
    }
}
