/// Reads the `apis` section.
struct ApiParser {
    static let apiKeys = [
        "description", "method", "path", "body", "encrypt", "params", "response", "mock", "timeout",
        "cache", "retry", "envelope", "className", "deprecated", "idempotent", "freezable", "priority",
        "paramsFrom", "query", "headers", "accept", "responses",
    ]
    static let paramKeys = ["type", "in", "key", "secret", "description", "default", "format", "deprecated", "style", "explode", "allowReserved"]
    static let responseKeys = ["fields", "description", "type", "format", "headers", "stream", "idleTimeout"]
    /// Keys kept as written for `apigen export openapi` (client behaviour, raw bodies, downloads and
    /// streams, deprecation messages: what OpenAPI cannot say).
    static let keptAsWritten: Set<String> = [
        "timeout", "cache", "retry", "encrypt", "idempotent", "freezable", "priority", "envelope", "className",
        "deprecated", "accept", "body", "response",
    ]
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]
    static let priorities = ["low", "normal", "high"]

    var specParser: SpecParser

    var reader: NodeReader {
        get { specParser.reader }
        _modify { yield &specParser.reader }
    }

    mutating func parse(_ pair: YAMLNode.Pair, file: String) -> ApiDecl? {
        let name = pair.name
        let what = "api '\(name)'"
        guard let pairs = reader.mapping(pair.value, what, allowed: Self.apiKeys, required: ["path"]) else { return nil }
        var api = ApiDecl(
            name: name, location: pair.key.location, method: "GET", methodLocation: pair.key.location,
            path: "", pathLocation: pair.key.location, body: .json, params: [], response: .none,
            envelope: .inherit, encrypt: false, freezable: false, tags: [], file: file
        )
        for entry in pairs {
            let value = entry.value
            switch entry.name {
            case "description": api.description = reader.description(value, what)
            case "method":
                api.methodLocation = value.location
                if let method = reader.string(value, "method of \(what)") {
                    api.method = method.uppercased()
                    if !Self.methods.contains(api.method) {
                        reader.diagnostics.error("invalid method '\(method)' in \(what); expected one of \(Self.methods.joined(separator: ", "))", at: value.location)
                    }
                }
            case "path":
                api.pathLocation = value.location
                let path = reader.nonEmptyString(value, "path of \(what)", hint: "; it starts with '/'") ?? ""
                (api.path, api.constantQuery) = pathSugar(path, at: value.location, of: what, query: api.constantQuery)
            case "body": api.body = body(value, of: what)
            case "params": api.params = params(value, of: what)
            case "paramsFrom": api.paramsFrom = paramsFrom(value, of: what)
            case "response":
                api.responseLocation = value.location
                api.response = response(value, of: what)
                if let headers = value["headers"], value.pairs != nil { api.responseHeaders = responseHeaders(headers, of: what) }
            case "responses": api.responses = responses(value, of: what)
            case "query": api.constantQuery = constantQuery(value, of: what, adding: api.constantQuery)
            case "headers": api.constantHeaders = constantHeaders(value, of: what)
            case "accept": api.accept = accept(value, of: what)
            case "mock": api.mock = value
            case "timeout": api.timeout = reader.positiveNumber(value, "timeout of \(what)")
            case "cache": api.cache = cache(value, of: what)
            case "retry": api.retry = retry(value, of: what)
            case "envelope":
                api.envelopeLocation = value.location
                api.envelope = envelope(value)
            case "className":
                if let className = reader.nonEmptyString(value, "className of \(what)") {
                    api.className = Located(value: className, location: value.location)
                }
            case "deprecated":
                var models = ModelParser(reader: reader)
                api.deprecated = models.deprecation(value, what)
                reader = models.reader
            case "encrypt": api.encrypt = reader.bool(value, "encrypt of \(what)") ?? false
            case "idempotent": api.idempotent = reader.bool(value, "idempotent of \(what)")
            case "freezable": api.freezable = reader.bool(value, "freezable of \(what)") ?? false
            case "priority":
                if let priority = reader.string(value, "priority of \(what)") {
                    if Self.priorities.contains(priority) {
                        api.priority = priority
                    } else {
                        reader.diagnostics.error("invalid priority '\(priority)' in \(what); expected low, normal or high\(Suggestion.hint(for: priority, in: Self.priorities))", at: value.location)
                    }
                }
            default:
                if entry.name.hasPrefix("x-"), let text = reader.string(value, "\(entry.name) of \(what)", lenient: true) {
                    api.tags.append((String(entry.name.dropFirst(2)), text))
                }
            }
        }
        api.keptAsWritten = pairs.filter { Self.keptAsWritten.contains($0.name) }
        return api
    }

    private mutating func body(_ node: YAMLNode, of what: String) -> BodyDecl {
        if node.pairs != nil {
            if node["format"] != nil { return rawBody(node, of: what) }
            guard reader.mapping(node, "body of \(what)", allowed: ["type"], required: ["type"]) != nil,
                  let typeNode = node["type"], let type = reader.type(typeNode, "body type of \(what)") else { return .json }
            return .whole(type, typeNode.location)
        }
        switch reader.string(node, "body of \(what)") {
        case "json": return .json
        case "form": return .form
        case "multipart": return .multipart
        case let other?:
            reader.diagnostics.error("invalid body '\(other)' in \(what); expected json, form, multipart, {type: Model} or {format: text|binary}\(Suggestion.hint(for: other, in: ["json", "form", "multipart"]))", at: node.location)
            return .json
        case nil: return .json
        }
    }

    private mutating func params(_ node: YAMLNode, of what: String) -> [ParamDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("params of \(what) must be a mapping of names to types, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { param($0, of: what) }
    }

    private mutating func param(_ pair: YAMLNode.Pair, of owner: String) -> ParamDecl? {
        // Built only when a message needs it: most params have none.
        func what() -> String { "param '\(pair.name)' of \(owner)" }
        if pair.value.pairs == nil {
            guard let type = reader.type(pair.value, "type of \(what())") else { return nil }
            return ParamDecl(name: pair.name, key: pair.name, type: type, typeLocation: pair.value.location, location: pair.key.location, isSecret: false)
        }
        guard let entries = reader.mapping(pair.value, what(), allowed: Self.paramKeys, required: ["type"]) else { return nil }
        guard let typeNode = pair.value["type"], let type = reader.type(typeNode, "type of \(what())") else { return nil }
        var param = ParamDecl(name: pair.name, key: pair.name, type: type, typeLocation: typeNode.location, location: pair.key.location, isSecret: false)
        for entry in entries {
            switch entry.name {
            case "in":
                guard let text = reader.string(entry.value, "in of \(what())") else { continue }
                if let location = ParamLocation(rawValue: text) {
                    param.explicitLocation = Located(value: location, location: entry.value.location)
                } else {
                    let names = ParamLocation.allCases.map(\.rawValue)
                    reader.diagnostics.error("invalid location '\(text)' for \(what()); expected path, query, header or body\(Suggestion.hint(for: text, in: names))", at: entry.value.location)
                }
            case "key": param.key = reader.string(entry.value, "key of \(what())", lenient: true) ?? pair.name
            case "secret": param.isSecret = reader.bool(entry.value, "secret of \(what())") ?? false
            case "description": param.description = reader.description(entry.value, what())
            case "default", "format", "deprecated":
                var models = ModelParser(reader: reader)
                param.shape = models.shape(entry, into: param.shape, of: what())
                reader = models.reader
            case "allowReserved":
                if let flag = reader.bool(entry.value, "allowReserved of \(what())") { param.allowReserved = Located(value: flag, location: entry.value.location) }
            default: break
            }
        }
        if pair.value["style"] != nil || pair.value["explode"] != nil { param.style = style(pair.value, what()) }
        return param
    }

    /// `paramsFrom: Filter` or `paramsFrom: [Filter, Paging]`.
    private mutating func paramsFrom(_ node: YAMLNode, of what: String) -> [Located<String>] {
        (node.elements ?? [node]).compactMap { element in
            reader.nonEmptyString(element, "paramsFrom of \(what)").map { Located(value: $0, location: element.location) }
        }
    }

    private mutating func response(_ node: YAMLNode, of what: String) -> ResponseDecl {
        guard node.pairs != nil else {
            // `empty`, as in `responses:` (`204: empty`): no body, as when `response` is left out.
            if Self.isEmptyBody(node) { return .none }
            guard let type = reader.type(node, "response of \(what)") else { return .none }
            return .type(type, node.location)
        }
        guard let pairs = reader.mapping(node, "response of \(what)", allowed: Self.responseKeys) else { return .none }
        let present = Set(pairs.map(\.name))
        if present.contains("stream") || present.contains("idleTimeout") { return streamResponse(node, present: present, of: what) }
        let shapes = present.intersection(["fields", "type", "format"])
        if shapes.isEmpty, present.contains("headers") { return .none }  // headers only, no body
        guard shapes.count == 1, let shape = shapes.first else {
            reader.diagnostics.error("response of \(what) must have exactly one of 'fields', 'type' or 'format'", at: node.location)
            return .none
        }
        switch shape {
        case "fields":
            var models = ModelParser(reader: reader)
            let fields = models.fields(node["fields"] ?? node, of: "the response of \(what)")
            reader = models.reader
            let description = node["description"].flatMap { reader.description($0, "the response of \(what)") }
            return .inline(fields: fields, description: description, location: node.location)
        case "type":
            guard let typeNode = node["type"], let type = reader.type(typeNode, "response type of \(what)") else { return .none }
            return .type(type, typeNode.location)
        default:
            guard let formatNode = node["format"], let format = reader.string(formatNode, "response format of \(what)") else { return .none }
            switch format {
            case "text": return .text
            case "binary": return .binary
            case "file": return .file
            case "json": return .type(.named("JSON"), formatNode.location)
            default:
                reader.diagnostics.error("invalid response format '\(format)' in \(what); expected json, text, binary or file\(Suggestion.hint(for: format, in: ["json", "text", "binary", "file"]))", at: formatNode.location)
                return .none
            }
        }
    }

    private mutating func cache(_ node: YAMLNode, of what: String) -> CacheDecl? {
        guard let pairs = reader.mapping(node, "cache of \(what)", allowed: ["ttl", "vary"], required: ["ttl"]) else { return nil }
        var cache = CacheDecl(ttl: 0, vary: [])
        for pair in pairs {
            switch pair.name {
            case "ttl": cache.ttl = reader.positiveNumber(pair.value, "cache ttl of \(what)", atMost: 366 * 86_400) ?? 0
            case "vary":
                cache.vary = reader.scalarList(pair.value, "cache vary headers of \(what)") ?? []
                for name in cache.vary where !HeaderCheck.isToken(name) {
                    reader.diagnostics.error("cache vary header '\(name)' of \(what) \(HeaderCheck.tokenRule)", at: pair.value.location)
                }
            default: break
            }
        }
        return cache.ttl > 0 ? cache : nil
    }

    private mutating func retry(_ node: YAMLNode, of what: String) -> RetryDecl? {
        guard let pairs = reader.mapping(node, "retry of \(what)", allowed: ["max", "backoff", "maxBackoff"], required: ["max"]) else { return nil }
        var retry = RetryDecl(max: 0)
        for pair in pairs {
            switch pair.name {
            case "max": retry.max = reader.integer(pair.value, "retry max of \(what)", in: 0...100) ?? 0
            case "backoff": retry.backoff = reader.positiveNumber(pair.value, "retry backoff of \(what)")
            case "maxBackoff": retry.maxBackoff = reader.positiveNumber(pair.value, "retry maxBackoff of \(what)")
            default: break
            }
        }
        return retry
    }

    private mutating func envelope(_ node: YAMLNode) -> EnvelopeChoice {
        if case .bool(let flag) = node.scalarValue {
            return flag ? .inherit : .none
        }
        return specParser.parseEnvelope(node).map(EnvelopeChoice.custom) ?? .inherit
    }
}
