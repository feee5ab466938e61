import Foundation

/// Reads one file's ``YAMLNode`` tree into a ``SpecFile``, reporting every unknown, missing or
/// malformed key.
struct SpecParser {
    static let topKeys = ["service", "description", "environments", "defaultEnvironment", "defaults", "models", "apis"]
    static let defaultsKeys = ["timeout", "headers", "query", "envelope"]
    static let envelopeKeys = ["code", "success", "message", "result", "sessionExpired"]

    var reader = NodeReader()

    /// Parses a file; returns `nil` when it is not even a mapping with a service name.
    mutating func parse(_ root: YAMLNode, path: String) -> SpecFile? {
        guard let pairs = reader.mapping(root, "the spec", allowed: Self.topKeys, required: ["service"]) else { return nil }
        guard let serviceNode = root["service"], let service = reader.string(serviceNode, "service") else { return nil }
        if !Naming.isTypeName(service) {
            reader.diagnostics.error("service '\(service)' must be a Swift type name (letters, digits and _, starting with an uppercase letter)", at: serviceNode.location)
        }
        var file = SpecFile(path: path, service: service, serviceLocation: serviceNode.location, environments: [], models: [], apis: [])
        for pair in pairs {
            let value = pair.value
            switch pair.name {
            case "description": file.description = reader.description(value, "service \(service)")
            case "environments":
                file.environmentsLocation = pair.key.location
                file.environments = parseEnvironments(value)
            case "defaultEnvironment":
                if let name = reader.string(value, "defaultEnvironment") { file.defaultEnvironment = Located(value: name, location: value.location) }
            case "defaults": file.defaults = parseDefaults(value)
            case "models": file.models = parseModels(value, path: path)
            case "apis": file.apis = parseApis(value, path: path)
            default: break
            }
        }
        return file
    }

    private mutating func parseEnvironments(_ node: YAMLNode) -> [EnvironmentDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("environments must be a mapping of names to base URLs, found \(node.kindDescription)", at: node.location)
            return []
        }
        if pairs.isEmpty {
            reader.diagnostics.error("environments must name at least one base URL", at: node.location)
        }
        return pairs.compactMap { pair in
            guard let url = reader.string(pair.value, "base URL of environment '\(pair.name)'") else { return nil }
            if !Naming.isIdentifierLike(pair.name) {
                reader.diagnostics.error("environment name '\(pair.name)' must be letters, digits and _", at: pair.key.location)
            }
            if !URLCheck.isAbsoluteHTTP(url) {
                reader.diagnostics.error("base URL '\(url)' of environment '\(pair.name)' must be an absolute http:// or https:// URL", at: pair.value.location)
            }
            return EnvironmentDecl(name: pair.name, baseURL: url, location: pair.key.location)
        }
    }

    private mutating func parseDefaults(_ node: YAMLNode) -> DefaultsDecl? {
        guard let pairs = reader.mapping(node, "defaults", allowed: Self.defaultsKeys) else { return nil }
        var defaults = DefaultsDecl(headers: [], query: [], location: node.location)
        for pair in pairs {
            switch pair.name {
            case "timeout": defaults.timeout = reader.positiveNumber(pair.value, "timeout")
            case "headers": defaults.headers = reader.stringMap(pair.value, "header")
            case "query": defaults.query = reader.stringMap(pair.value, "query parameter")
            case "envelope": defaults.envelope = parseEnvelope(pair.value)
            default: break
            }
        }
        for (name, value) in defaults.headers where !HeaderCheck.isValid(name: name, value: value) {
            reader.diagnostics.error("header '\(name)' must be a token name and a value without line breaks", at: node["headers"]?.location ?? node.location)
        }
        return defaults
    }

    mutating func parseEnvelope(_ node: YAMLNode) -> EnvelopeDecl? {
        guard let pairs = reader.mapping(node, "envelope", allowed: Self.envelopeKeys, required: ["code", "success", "result"]) else { return nil }
        var envelope = EnvelopeDecl(code: "", success: [], message: nil, result: "", sessionExpired: [])
        for pair in pairs {
            switch pair.name {
            case "code": envelope.code = reader.string(pair.value, "envelope code key") ?? ""
            case "success":
                envelope.success = reader.scalarList(pair.value, "envelope success codes") ?? []
                if envelope.success.isEmpty, pair.value.elements != nil {
                    reader.diagnostics.error("envelope success codes must list at least one code", at: pair.value.location)
                }
            case "message": envelope.message = reader.string(pair.value, "envelope message key")
            case "result": envelope.result = reader.string(pair.value, "envelope result key") ?? ""
            case "sessionExpired": envelope.sessionExpired = reader.scalarList(pair.value, "envelope sessionExpired codes") ?? []
            default: break
            }
        }
        guard !envelope.code.isEmpty, !envelope.success.isEmpty, !envelope.result.isEmpty else { return nil }
        return envelope
    }

    private mutating func parseModels(_ node: YAMLNode, path: String) -> [ModelDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("models must be a mapping of model names to definitions, found \(node.kindDescription)", at: node.location)
            return []
        }
        var parser = ModelParser(reader: reader)
        defer { reader = parser.reader }
        return pairs.compactMap { parser.parse($0, file: path) }
    }

    private mutating func parseApis(_ node: YAMLNode, path: String) -> [ApiDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("apis must be a mapping of API names to definitions, found \(node.kindDescription)", at: node.location)
            return []
        }
        var parser = ApiParser(specParser: self)
        defer { reader = parser.specParser.reader }
        return pairs.compactMap { parser.parse($0, file: path) }
    }
}

/// Checks base URLs.
enum URLCheck {
    static func isAbsoluteHTTP(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return false }
        return components.query == nil && components.fragment == nil
    }
}

/// Checks header names and values the generator writes into code.
enum HeaderCheck {
    static func isValid(name: String, value: String) -> Bool {
        let token = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        return !name.isEmpty && name.allSatisfy(token.contains) && !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
    }
}
