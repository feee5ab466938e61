/// Checks of spec format 2's wire details: constant query items and headers, parameter styles and
/// `allowReserved`, response headers.
extension SpecResolver {
    /// Spec types a response header may have (besides `String`/`Int` enums and optionals of either).
    static let headerTypes: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "URL"]

    /// Checks the API's constants and params' styles, and resolves its response headers.
    mutating func checkedWire(_ decl: ApiDecl, params: [ResolvedParam], stem: String, knownModels: Set<String>, models: [String: ModelDecl]) -> [ResolvedResponseHeader] {
        let what = "api '\(decl.name)'"
        checkConstantQuery(decl, params: params, api: what)
        checkConstantHeaders(decl, params: params, api: what)
        for param in params { checkStyle(param, decl: decl, api: what) }
        return checkedResponseHeaders(decl, stem: stem, knownModels: knownModels, models: models, api: what)
    }

    private mutating func checkConstantQuery(_ decl: ApiDecl, params: [ResolvedParam], api: String) {
        var seen: Set<String> = []
        for item in decl.constantQuery {
            if !seen.insert(item.name).inserted {
                diagnostics.error("query item '\(item.name)' of \(api) is given twice", at: item.location)
            }
            if let param = params.first(where: { $0.location == .query && $0.decl.key == item.name }) {
                diagnostics.error("constant query item '\(item.name)' of \(api) is also sent by param '\(param.decl.name)'", at: item.location)
            }
        }
    }

    private mutating func checkConstantHeaders(_ decl: ApiDecl, params: [ResolvedParam], api: String) {
        var seen: [String: String] = [:]
        for header in decl.constantHeaders + (decl.accept.map { [$0] } ?? []) {
            let lowered = header.name.lowercased()
            if !HeaderCheck.isToken(header.name) {
                diagnostics.error("header name '\(header.name)' of \(api) \(HeaderCheck.tokenRule)", at: header.location)
            } else if let first = seen[lowered] {
                let what = header.name == "Accept" && decl.accept?.location == header.location ? "accept" : "header '\(header.name)'"
                diagnostics.error("\(what) of \(api) repeats header '\(first)': header names ignore case", at: header.location)
            }
            seen[lowered] = header.name
            if let value = header.value, !HeaderCheck.isValidValue(value) {
                diagnostics.error("value of header '\(header.name)' of \(api) must not contain line breaks", at: header.location)
            }
            if let param = params.first(where: { $0.location == .header && $0.decl.key.lowercased() == lowered }) {
                diagnostics.error("constant header '\(header.name)' of \(api) is also sent by param '\(param.decl.name)'", at: header.location)
            }
        }
    }

    private mutating func checkStyle(_ param: ResolvedParam, decl: ApiDecl, api: String) {
        let name = param.decl.name
        if let style = param.decl.style, !Self.takesStyle(param, decl) {
            let place = switch (param.location, decl.body) {
            case (.body, .multipart): "in a multipart body, as a part of its own"
            case (.body, _): "in a JSON body"
            default: "in: \(param.location.rawValue)"
            }
            diagnostics.error("style of param '\(name)' of \(api) applies to query and form params; this one goes \(place)", at: style.location)
        }
        if let reserved = param.decl.allowReserved, reserved.value, param.location != .path {
            diagnostics.error("allowReserved of param '\(name)' of \(api) applies to path params; this one goes in: \(param.location.rawValue)", at: reserved.location)
        }
    }

    /// Whether a param is written as form text, where a style has meaning.
    static func takesStyle(_ param: ResolvedParam, _ decl: ApiDecl) -> Bool {
        switch param.location {
        case .query: true
        case .body: if case .form = decl.body { true } else { false }
        case .path, .header: false
        }
    }

    private mutating func checkedResponseHeaders(
        _ decl: ApiDecl, stem: String, knownModels: Set<String>, models: [String: ModelDecl], api: String
    ) -> [ResolvedResponseHeader] {
        guard !decl.responseHeaders.isEmpty else { return [] }
        if case .inline = decl.response, models[stem + "Body"] != nil {
            diagnostics.error("\(api) generates \(stem)Body for its response body, which is also a model name", at: decl.location)
        }
        var names: [String: String] = [:], keys: [String: String] = [:]
        var resolved: [ResolvedResponseHeader] = []
        for header in decl.responseHeaders {
            let owner = "response header '\(header.name)' of \(api)"
            checkType(header.type, knownModels: knownModels, at: header.typeLocation)
            if !Self.isHeaderType(header.type, knownModels: knownModels, models: models) {
                diagnostics.error("\(owner) has type \(header.type); a header holds String, a number, Bool, Decimal, Date, URL or an enum, or an optional of one", at: header.typeLocation)
            }
            if !HeaderCheck.isToken(header.key) {
                diagnostics.error("header name '\(header.key)' of \(owner) \(HeaderCheck.tokenRule)", at: header.location)
            } else if let other = keys[header.key.lowercased()] {
                diagnostics.error("response headers '\(other)' and '\(header.name)' of \(api) both read header '\(header.key)'", at: header.location)
            }
            keys[header.key.lowercased()] = header.name
            guard let swiftName = Naming.propertyName(header.name) else {
                diagnostics.error("\(owner) has no letters or digits to make a Swift name from", at: header.location)
                continue
            }
            let bare = Naming.bare(swiftName)
            if bare == "body" {
                diagnostics.error("\(owner) clashes with the member 'body' of the response; rename it and keep the header with key: \(header.key)", at: header.location)
            } else if let other = names[bare] {
                diagnostics.error("response headers '\(other)' and '\(header.name)' of \(api) both become the Swift name \(bare)", at: header.location)
            }
            names[bare] = header.name
            resolved.append(ResolvedResponseHeader(decl: header, swiftName: swiftName))
        }
        let required = decl.responseHeaders.filter { !$0.type.isOptional }.map { "'\($0.name)'" }
        if let mock = decl.mock, !required.isEmpty {
            diagnostics.error("\(api) has a mock but requires response header\(required.count == 1 ? "" : "s") \(required.joined(separator: ", ")); a mock gives the body only, so make \(required.count == 1 ? "it" : "them") optional or drop the mock", at: mock.location)
        }
        return resolved
    }

    /// Whether a header's text can become this type; unknown names are reported by `checkType`.
    static func isHeaderType(_ type: TypeRef, knownModels: Set<String>, models: [String: ModelDecl]) -> Bool {
        guard case .named(let name) = type.unwrapped else { return false }
        if headerTypes.contains(name) { return true }
        if BuiltinType.isBuiltin(name) { return false }
        guard let model = models[name] else { return !knownModels.contains(name) }
        if case .enumeration = model.kind { return true }
        return false
    }

    /// Gives each query and form param without a style of its own the service's default.
    static func applyStyleDefaults(_ apis: [ResolvedApi], defaults: DefaultsDecl?) -> [ResolvedApi] {
        guard let defaults, defaults.queryStyle != nil || defaults.formStyle != nil else { return apis }
        return apis.map { api in
            var api = api
            for index in api.params.indices where api.params[index].decl.style == nil && takesStyle(api.params[index], api.decl) {
                api.params[index].style = api.params[index].location == .query ? defaults.queryStyle : defaults.formStyle
            }
            return api
        }
    }
}
