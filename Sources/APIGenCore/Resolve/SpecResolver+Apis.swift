/// API checks: names, paths and params, bodies, responses and mocks.
extension SpecResolver {
    /// Members of every generated API type that a parameter may not shadow. `body` joins them when the
    /// API takes a whole body (``apiMemberNames(wholeBody:)``).
    static let apiMemberNames: Set<String> = ["request", "parser", "mock", "mockJSON", "apiName"]

    /// The member names a parameter of an API may not take: `body` only when the API has a whole body.
    static func apiMemberNames(wholeBody: Bool) -> Set<String> {
        wholeBody ? apiMemberNames.union(["body"]) : apiMemberNames
    }

    /// - Parameter refusedModels: The names of models declared but refused (a name too long, a
    ///   clash): known, so that their uses are not reported as unknown types too.
    mutating func resolveApis(_ decls: [ApiDecl], models: [String: ModelDecl], refusedModels: Set<String> = [], serviceEnvelope: EnvelopeDecl?, service: String) -> [ResolvedApi] {
        var seen = [String: SourceLocation](minimumCapacity: decls.count)
        var stems = [String: String](minimumCapacity: decls.count)
        var fileStems = [String: String](minimumCapacity: decls.count)  // lowercased → as written: file systems that ignore case
        let knownModels = Set(models.keys).union(refusedModels)
        let modelTypeNames = Set(ConcurrentMap.map(Array(knownModels), Naming.typeName).compactMap { $0 })
        // Each API's type name stem, on all cores.
        let typeNameStems = ConcurrentMap.map(Array(decls.indices)) { Naming.typeName(decls[$0].className?.value ?? decls[$0].name) }
        var named: [(index: Int, stem: String)] = []  // indices: copying each declaration cost more than checking it
        named.reserveCapacity(decls.count)
        // First the names, in declaration order (which of two clashing APIs is reported depends on it),
        for (index, decl) in decls.enumerated() {
            if let first = seen.addIfAbsent(decl.name, decl.location) {
                diagnostics.error("api '\(decl.name)' is already defined at \(first)", at: decl.location)
                continue
            }
            let stemSource = decl.className?.value ?? decl.name
            let stemLocation = decl.className?.location ?? decl.location
            guard let stem = typeNameStems[index] else {
                diagnostics.error("api name '\(stemSource)' has no letters or digits to make a Swift name from", at: stemLocation)
                continue
            }
            guard checkedFileName(stem, "Api.swift", of: decl.className == nil ? "api name" : "className of api '\(decl.name)'", at: stemLocation) else { continue }
            if let other = stems[stem] {
                diagnostics.error("api '\(decl.name)' and api '\(other)' both become the Swift type \(stem)Api", at: stemLocation)
                continue
            }
            if let other = fileStems.addIfAbsent(stem.lowercased(), stem) {
                diagnostics.error("api '\(decl.name)' would be written to \(stem)Api.swift, which macOS and Windows do not tell from \(other)Api.swift; rename one of them", at: stemLocation)
                continue
            }
            stems[stem] = decl.name
            named.append((index, stem))
        }
        // Each API's own checks need only the names settled above: they run on all cores.
        let serviceType = service + "Service"
        return onAllCores(named) { resolver, item in
            let (decl, stem) = (decls[item.index], item.stem)
            resolver.checkGeneratedTypeNames(decl, stem: stem, modelTypeNames: modelTypeNames)
            var api = resolver.resolveApi(decl, stem: stem, models: models, knownModels: knownModels, serviceEnvelope: serviceEnvelope, serviceType: serviceType)
            api.statuses = resolver.resolvedStatuses(decl, response: api.response, stem: stem, knownModels: knownModels, modelTypeNames: modelTypeNames)
            api.mockJSON = decl.mock.flatMap { resolver.mock(for: $0, response: Self.mockedResponse(of: api), api: decl.name, models: models) }
            return api
        }
    }

    /// The types an API generates must not be models' or the generated code's own.
    private mutating func checkGeneratedTypeNames(_ decl: ApiDecl, stem: String, modelTypeNames: Set<String>) {
        let stemLocation = decl.className?.location ?? decl.location
        // `<Stem>Response` holds an inline response, or the body and the headers read beside it.
        let hasInlineResponse = if case .inline = decl.response { true } else { false }
        let generated = hasInlineResponse || !decl.responseHeaders.isEmpty ? ["Api", "Parser", "Response"] : ["Api", "Parser"]
        for suffix in generated where modelTypeNames.contains(stem + suffix) {
            diagnostics.error("api '\(decl.name)' generates \(stem + suffix), which is also a model name", at: stemLocation)
        }
        for suffix in hasInlineResponse ? ["Api", "Parser", "Response"] : ["Api", "Parser"] where Naming.reservedTypeNames.contains(stem + suffix) {
            let what = decl.className.map { "className '\($0.value)' of api '\(decl.name)'" } ?? "api name '\(decl.name)'"
            diagnostics.error("\(what) would generate the type \(stem + suffix), which shadows the type of that name the generated code uses; rename it", at: stemLocation)
        }
    }

    private mutating func resolveApi(
        _ decl: ApiDecl, stem: String, models: [String: ModelDecl], knownModels: Set<String>, serviceEnvelope: EnvelopeDecl?, serviceType: String
    ) -> ResolvedApi {
        let what = "api '\(decl.name)'"
        let placeholders = checkedPlaceholders(decl)
        // GET and HEAD carry no body; DELETE may, but its params go to the query unless they say `in: body`.
        let allowsBody = !["GET", "HEAD"].contains(decl.method)
        let bodyByDefault = allowsBody && decl.method != "DELETE"
        var params: [ResolvedParam] = []
        var swiftNames: [String: String] = [:]
        var wireKeys: [String: String] = [:]
        let hasWholeBody = switch decl.body {
        case .whole, .raw: true
        default: false
        }
        let memberNames = Self.apiMemberNames(wholeBody: hasWholeBody)

        let declaredParams = decl.params + spreadParams(decl, models: models)
        // The placeholders a param in the path fills: another param of that name may go elsewhere
        // (`{vpc_id}` in the path and `vpc_id` in the body).
        var filled: Set<String> = []
        for param in declaredParams where param.explicitLocation.map({ $0.value == .path }) ?? true {
            filled.formUnion(placeholders.filter { $0 == param.name || $0 == param.key })
        }
        for var param in declaredParams {
            checkType(param.type, knownModels: knownModels, at: param.typeLocation)
            param.shape = resolvedShape(param.shape, type: param.type, what: "param '\(param.name)' of \(what)", models: models)
            let location = placement(of: param, placeholders: placeholders, filled: filled, allowsBody: allowsBody, bodyByDefault: bodyByDefault, api: what)
            guard let swiftName = Naming.propertyName(param.name) else {
                diagnostics.error("param name '\(param.name)' of \(what) has no letters or digits to make a Swift name from", at: param.location)
                continue
            }
            let bare = Naming.bare(swiftName)
            if memberNames.contains(bare) || bare == serviceType {
                diagnostics.error("param '\(param.name)' of \(what) clashes with the generated member '\(bare)'; rename it and keep the wire name with key: \(param.key)", at: param.location)
            } else if let other = swiftNames[bare] {
                diagnostics.error("params '\(other)' and '\(param.name)' of \(what) both become the Swift name \(bare)", at: param.location)
            }
            let wireKey = "\(location.rawValue):\(location == .header ? param.key.lowercased() : param.key)"
            if let other = wireKeys[wireKey] {
                diagnostics.error("params '\(other)' and '\(param.name)' of \(what) both send \(location.rawValue) '\(param.key)'", at: param.location)
            }
            swiftNames[bare] = param.name
            wireKeys[wireKey] = param.name
            if location == .path, param.type.isOptional {
                diagnostics.error("path param '\(param.name)' of \(what) cannot be optional", at: param.typeLocation)
            }
            if param.isSecret, location == .query || location == .path {
                let place = location == .query ? "in the query string" : "in the URL path"
                diagnostics.error("secret param '\(param.name)' of \(what) would be sent \(place); send it in: header or in a body", at: param.location)
            }
            if location == .header, !HeaderCheck.isToken(param.key) {
                diagnostics.error("header name '\(param.key)' of \(what) is not a valid HTTP token", at: param.location)
            }
            params.append(ResolvedParam(decl: param, swiftName: swiftName, location: location, style: param.style))
        }
        for placeholder in placeholders where !declaredParams.contains(where: { $0.name == placeholder || $0.key == placeholder }) {
            diagnostics.error("path placeholder '{\(placeholder)}' of \(what) has no param", at: decl.pathLocation)
        }

        var wholeBody: TypeRef?
        if case .whole(let type, let location) = decl.body {
            checkType(type, knownModels: knownModels, at: location)
            wholeBody = type
            if !allowsBody {
                diagnostics.error("\(what) uses \(decl.method), which carries no body", at: location)
            }
            if let bodyParam = params.first(where: { $0.location == .body }) {
                diagnostics.error("param '\(bodyParam.decl.name)' of \(what) cannot go in the body: the whole body is one \(type)", at: bodyParam.decl.location)
            }
        }

        checkTransfer(decl, params: params, allowsBody: allowsBody)

        let envelope: EnvelopeDecl? = switch decl.envelope {
        case .inherit: serviceEnvelope
        case .none: nil
        case .custom(let custom): custom
        }
        let response = resolveResponse(decl, knownModels: knownModels, models: models)
        let responseHeaders = checkedWire(decl, params: params, stem: stem, knownModels: knownModels, models: models)
        return ResolvedApi(
            decl: decl, stem: stem, params: params, wholeBody: wholeBody, response: response, envelope: envelope, mockJSON: nil,
            responseHeaders: responseHeaders)
    }

    /// Where a parameter travels: as written, else the path if named there, else query or body by method.
    /// `filled` are the placeholders params in the path fill; a param named like one of them may
    /// say it goes elsewhere.
    private mutating func placement(
        of param: ParamDecl, placeholders: [String], filled: Set<String>, allowsBody: Bool, bodyByDefault: Bool, api: String
    ) -> ParamLocation {
        let named = placeholders.filter { $0 == param.name || $0 == param.key }
        let inPath = !named.isEmpty
        guard let explicit = param.explicitLocation else {
            if inPath { return .path }
            return bodyByDefault ? .body : .query
        }
        switch explicit.value {
        case .path where !inPath:
            diagnostics.error("param '\(param.name)' of \(api) is in: path but the path has no '{\(param.key)}'", at: explicit.location)
        case .body where !allowsBody:
            diagnostics.error("param '\(param.name)' of \(api) is in: body but the method carries no body", at: explicit.location)
        case .query, .header, .body:
            if inPath, !named.allSatisfy(filled.contains) {
                diagnostics.error("param '\(param.name)' of \(api) is named in the path but declared in: \(explicit.value.rawValue)", at: explicit.location)
            }
        default:
            break
        }
        return explicit.value
    }

    /// The `{name}` placeholders of the path, after checking its shape.
    private mutating func checkedPlaceholders(_ decl: ApiDecl) -> [String] {
        guard !decl.path.isEmpty else { return [] }  // a missing path is reported by the parser
        guard !URLCheck.hasControlCharacters(decl.path) else {
            diagnostics.error("path of api '\(decl.name)' must not contain line breaks or other control characters", at: decl.pathLocation)
            return []
        }
        guard decl.path.hasPrefix("/") else {
            diagnostics.error("path '\(decl.path)' of api '\(decl.name)' must start with '/'", at: decl.pathLocation)
            return []
        }
        if decl.path.utf8.contains(UInt8(ascii: "#")) {
            diagnostics.error("path '\(decl.path)' of api '\(decl.name)' must not contain '#': a fragment is never sent", at: decl.pathLocation)
        }
        var names: [String] = []
        var rest = Substring(decl.path)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{", let close = rest[open...].firstIndex(of: "}") else {
                diagnostics.error("path '\(decl.path)' of api '\(decl.name)' has an unbalanced '{' or '}'", at: decl.pathLocation)
                return names
            }
            let name = String(rest[rest.index(after: open)..<close])
            if name.isEmpty || name.utf8.contains(UInt8(ascii: "{")) {
                diagnostics.error("path '\(decl.path)' of api '\(decl.name)' has an empty or nested placeholder", at: decl.pathLocation)
                return names
            }
            // A placeholder may appear more than once (`/{lang}/docs/{lang}.html`): each place gets the same value.
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private mutating func resolveResponse(_ decl: ApiDecl, knownModels: Set<String>, models: [String: ModelDecl]) -> ResolvedResponse {
        switch decl.response {
        case .none: return .none
        case .text: return .text
        case .binary: return .binary
        case .file: return .file
        case .stream(let stream):
            if let type = stream.type { checkType(type, knownModels: knownModels, at: stream.typeLocation) }
            return .stream(stream)
        case .type(let type, let location):
            checkType(type, knownModels: knownModels, at: location)
            return .json(type)
        case .inline(let fields, let description, _):
            let names = checkedFields(fields, owner: "the response of api '\(decl.name)'", knownModels: knownModels)
            let resolved = resolvedFields(fields, owner: "the response of api '\(decl.name)'", models: models)
            return .inline(resolved, fieldNames: names, description: description)
        }
    }

    /// What a mock stands for: `response:`, or with `responses:` the first answer that has a body.
    static func mockedResponse(of api: ResolvedApi) -> ResolvedResponse {
        guard !api.statuses.isEmpty, !api.statuses.contains(where: { $0.isMainResponse && $0.hasBody }) else { return api.response }
        return api.statuses.first { $0.isSuccess && $0.hasBody }?.body ?? .none
    }

    private mutating func mock(for node: YAMLNode, response: ResolvedResponse, api: String, models: [String: ModelDecl]) -> String? {
        var checker = MockChecker(models: models)
        defer { diagnostics.append(contentsOf: checker.diagnostics) }
        switch response {
        case .none:
            checker.diagnostics.error("mock of api '\(api)' is given but the api has no response", at: node.location)
            return nil
        case .text: return checker.rawJSON(for: node, binary: false, api: api)
        case .binary, .file: return checker.rawJSON(for: node, binary: true, api: api)
        case .stream(let stream): return streamMock(node, stream: stream, checker: &checker, api: api)
        case .json(let type): return checker.json(for: node, as: type, api: api)
        case .inline(let fields, _, _):
            guard let pairs = node.pairs else {
                checker.diagnostics.error("mock of api '\(api)' must be a mapping, found \(node.kindDescription)", at: node.location)
                return nil
            }
            let before = checker.diagnostics.all.count
            let text = checker.object(pairs, fields: fields, owner: "the response", node: node, path: "", api: api)
            return checker.diagnostics.all.count == before ? text : nil
        }
    }
}
