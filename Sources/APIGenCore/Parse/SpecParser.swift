import Foundation

/// Reads one file's ``YAMLNode`` tree into a ``SpecFile``, reporting every unknown, missing or
/// malformed key.
struct SpecParser {
    static let topKeys = ["service", "description", "environments", "defaultEnvironment", "defaults", "models", "apis"]
    static let defaultsKeys = ["timeout", "headers", "query", "envelope", "dates", "queryStyle", "formStyle"]
    static let envelopeKeys = ["code", "success", "message", "result", "sessionExpired"]

    var reader = NodeReader()

    /// Parses a file; returns `nil` when it is not even a mapping with a service name.
    mutating func parse(_ root: YAMLNode, path: String) -> SpecFile? {
        guard let pairs = reader.mapping(root, "the spec", allowed: Self.topKeys, required: ["service"]) else { return nil }
        // A missing or malformed service name is reported, and the rest of the file is still read so
        // that its own problems are reported in the same run.
        let serviceNode = root["service"]
        let written = serviceNode.flatMap { reader.string($0, "service") }
        let service = written ?? ""
        if let serviceNode, written?.isEmpty == true {
            reader.diagnostics.error("service must be named: a Swift type name such as Shop", at: serviceNode.location)
        } else if let serviceNode, !service.isEmpty, !Naming.isTypeName(service) {
            reader.diagnostics.error("service '\(service)' must be a Swift type name (letters, digits and _, starting with an uppercase letter)", at: serviceNode.location)
        }
        var file = SpecFile(path: path, service: service, serviceLocation: (serviceNode ?? root).location, environments: [], models: [], apis: [])
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
                reader.diagnostics.error("environment name '\(pair.name)' must be letters, digits and _, not starting with a digit", at: pair.key.location)
            }
            if URLCheck.hasControlCharacters(url) {
                reader.diagnostics.error("base URL of environment '\(pair.name)' must not contain line breaks or other control characters", at: pair.value.location)
            } else if !URLCheck.isAbsoluteHTTP(url) {
                let problem = URLCheck.hasQueryOrFragment(url) ? "must not have a query or fragment (put constant query items in `defaults: query`)" : "must be an absolute http:// or https:// URL"
                reader.diagnostics.error("base URL '\(url)' of environment '\(pair.name)' \(problem)", at: pair.value.location)
            }
            return EnvironmentDecl(name: pair.name, baseURL: url, location: pair.key.location)
        }
    }

    private mutating func parseDefaults(_ node: YAMLNode) -> DefaultsDecl? {
        guard let pairs = reader.mapping(node, "defaults", allowed: Self.defaultsKeys) else { return nil }
        var defaults = DefaultsDecl(headers: [], query: [], location: node.location, node: node)
        for pair in pairs {
            switch pair.name {
            case "timeout": defaults.timeout = reader.positiveNumber(pair.value, "timeout")
            case "headers": defaults.headers = reader.stringMap(pair.value, "header")
            case "query": defaults.query = reader.stringMap(pair.value, "query parameter")
            case "envelope": defaults.envelope = parseEnvelope(pair.value)
            case "dates":
                if let text = reader.nonEmptyString(pair.value, "dates") { defaults.dates = Located(value: text, location: pair.value.location) }
            case "queryStyle": defaults.queryStyle = reader.styleDefault(pair.value, "queryStyle")
            case "formStyle": defaults.formStyle = reader.styleDefault(pair.value, "formStyle")
            default: break
            }
        }
        checkHeaders(node["headers"]?.pairs ?? [])
        for pair in node["query"]?.pairs ?? [] where pair.name.isEmpty {
            reader.diagnostics.error("query parameter names must not be empty", at: pair.key.location)
        }
        return defaults
    }

    mutating func parseEnvelope(_ node: YAMLNode) -> EnvelopeDecl? {
        guard let pairs = reader.mapping(node, "envelope", allowed: Self.envelopeKeys, required: ["code", "success", "result"]) else { return nil }
        var envelope = EnvelopeDecl(code: "", success: [], message: nil, result: "", sessionExpired: [])
        for pair in pairs {
            switch pair.name {
            case "code": envelope.code = reader.nonEmptyString(pair.value, "envelope code key") ?? ""
            case "success":
                let codes = reader.scalarList(pair.value, "envelope success codes")
                if codes?.isEmpty == true {
                    reader.diagnostics.error("envelope success codes must list at least one code", at: pair.value.location)
                }
                envelope.success = codes ?? []
            case "message": envelope.message = reader.nonEmptyString(pair.value, "envelope message key")
            case "result": envelope.result = reader.nonEmptyString(pair.value, "envelope result key") ?? ""
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
package enum URLCheck {
    /// Whether text holds a line break or another control character (C0, DEL, C1, the line and
    /// paragraph separators). Such text can be neither a URL nor a path, and would end the doc
    /// comment it is shown in.
    package static func hasControlCharacters(_ text: String) -> Bool {
        // Printable ASCII (nearly every path and URL) has none; only other text needs the scalars' categories.
        if QuotedText.allUTF8(of: text, satisfy: { $0 >= 0x20 && $0 < 0x7F }) { return false }
        return text.unicodeScalars.contains { scalar in
            scalar.properties.generalCategory == .control || scalar.value == 0x2028 || scalar.value == 0x2029
        }
    }

    /// Whether text would be a base URL but for its query or fragment.
    static func hasQueryOrFragment(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", components.host?.isEmpty == false else { return false }
        return components.query != nil || components.fragment != nil
    }

    /// Whether text is an `http` or `https` URL with a host and without a query or fragment.
    package static func isAbsoluteHTTP(_ text: String) -> Bool {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty else { return false }
        return components.query == nil && components.fragment == nil
    }
}

extension SpecParser {
    /// Each default header's name and value, where it is written; names repeated in another case.
    private mutating func checkHeaders(_ pairs: [YAMLNode.Pair]) {
        var seen: [String: String] = [:]
        for pair in pairs {
            if !HeaderCheck.isToken(pair.name) {
                reader.diagnostics.error("header name '\(pair.name)' \(HeaderCheck.tokenRule)", at: pair.key.location)
            } else if let first = seen[pair.name.lowercased()] {
                reader.diagnostics.error("header '\(pair.name)' repeats '\(first)': header names ignore case", at: pair.key.location)
            } else {
                seen[pair.name.lowercased()] = pair.name
            }
            if case .string(let value) = pair.value.scalarValue, !HeaderCheck.isValidValue(value) {
                reader.diagnostics.error("value of header '\(pair.name)' must not contain line breaks", at: pair.value.location)
            }
        }
    }
}

/// HTTP's rules for the header names and values the generator writes into code.
package enum HeaderCheck {
    private static let token = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    /// What ``isToken(_:)`` requires, for messages.
    static let tokenRule = "must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)"

    /// Whether `name` is an HTTP token, as header names must be.
    package static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy(token.contains)
    }

    /// Whether a header value has no line break (which would start a header of its own) or NUL.
    static func isValidValue(_ value: String) -> Bool {
        // Scalars, not Characters: "\r\n" is one Character that equals neither "\r" nor "\n".
        !value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" })
    }
}
