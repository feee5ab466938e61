// Written by scripts/embed-templates.py from Templates/. Do not edit: edit the template and run the script.

/// The default templates, embedded so the `apigen` binary works from any folder and after being copied.
enum EmbeddedTemplates {
    /// Template name (file name without `.mustache`) → template text.
    static let all: [String: String] = [
        "api": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! One API: its Api, its Parser and its inline response.
    Keys: source, imports, docLines, deprecation, apiType, parserType, parserAlias (the runtime parser the parser is, when one does it all),
    parserArguments, outputType, properties[] (name, stored, type, docLines, deprecation),
    hasProperties, initSignature, parameterDocs[] (name, summary), apiNameLiteral, requestArguments[] (text, comma), adds[], hasAdds,
    mockLiteral, mockBody (type, wrap, docLines), mockIf and mockEndIf (`#if DEBUG`, `#endif` or nothing), access and importAccess (every template), parseExpression, acceptedMediaTypes (only when not JSON), response (see struct.mustache),
    headersResponse (see headers-response.mustache), hasStatuses, bodyFunction (type, expression),
    outputEnum and failureEnum (see status-enum.mustache). }}
{{> header}}

{{#imports}}
{{.}}
{{/imports}}

{{#docLines}}
/// {{.}}
{{/docLines}}
{{#deprecation}}
{{.}}
{{/deprecation}}
nonisolated {{access}} struct {{apiType}}: Api {
    /// Parses the response into ``{{outputType}}``.
    {{access}} typealias Parser = {{parserType}}

    /// The API's name in the spec, as used in logs, errors and mock mode.
    {{access}} static var apiName: String { {{apiNameLiteral}} }
{{#hasProperties}}

{{/hasProperties}}
{{#properties}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
{{#deprecation}}
    {{.}}
    {{access}} var {{name}}: {{type}} {
        get { {{stored}} }
        set { {{stored}} = newValue }
    }
    private var {{stored}}: {{type}}
{{/deprecation}}
{{^deprecation}}
    {{access}} var {{name}}: {{type}}
{{/deprecation}}
{{/properties}}

    /// Creates the call; it is ready to execute.
{{#hasProperties}}
    ///
    /// - Parameters:
{{#parameterDocs}}
    ///   - {{name}}: {{summary}}
{{/parameterDocs}}
    {{access}} init{{initSignature}} {
{{#properties}}
        self.{{stored}} = {{name}}
{{/properties}}
    }
{{/hasProperties}}
{{^hasProperties}}
    {{access}} init() {}
{{/hasProperties}}

    /// The request, built from the parameters.
    {{access}} var request: ApiRequest {
{{#hasAdds}}
        var request = ApiRequest(
{{#requestArguments}}
            {{text}}{{comma}}
{{/requestArguments}}
        )
{{#adds}}
        {{.}}
{{/adds}}
        return request
{{/hasAdds}}
{{^hasAdds}}
        ApiRequest(
{{#requestArguments}}
            {{text}}{{comma}}
{{/requestArguments}}
        )
{{/hasAdds}}
    }

    /// The parser of the response.
    {{access}} var parser: {{parserType}} { {{parserType}}({{parserArguments}}) }
{{#mockLiteral}}

{{mockIf}}
    /// The spec's mock, answered in mock mode instead of calling the server.
    {{access}} static let mockJSON: String? = {{.}}
{{/mockLiteral}}
{{#mockBody}}

{{#docLines}}
    /// {{.}}
{{/docLines}}
    {{access}} var mock: {{outputType}}? {
        get throws(InteractiveError) {
            try mockBody(as: {{type}}.self).map { {{wrap}} }
        }
    }
{{/mockBody}}
{{#mockLiteral}}
{{mockEndIf}}
{{/mockLiteral}}
}

{{#parserAlias}}
/// Turns the response of ``{{apiType}}`` into ``{{outputType}}``{{#hasEnvelope}}, unwrapping the envelope{{/hasEnvelope}}.
{{access}} typealias {{parserType}} = {{.}}
{{/parserAlias}}
{{^parserAlias}}
/// Turns the response of ``{{apiType}}`` into ``{{outputType}}``.
nonisolated {{access}} struct {{parserType}}: ResponseParser {
    /// Creates the parser.
    {{access}} init() {}

{{^hasStatuses}}
    /// Checks the status{{#hasEnvelope}} and the envelope{{/hasEnvelope}}, then decodes the business object.
{{/hasStatuses}}
{{#hasStatuses}}
    /// Picks the declared response by status (exact code, then range, then default), then decodes its body.
{{/hasStatuses}}
    {{access}} func parse(_ response: HTTPResponse) throws(InteractiveError) -> {{outputType}} {
        {{parseExpression}}
    }
{{#bodyFunction}}

    /// The body the status selects; a declared failure throws its typed failure.
    private func body(of response: HTTPResponse) throws(InteractiveError) -> {{type}} {
        {{expression}}
    }
{{/bodyFunction}}
{{#acceptedMediaTypes}}

    /// What the response may be, sent as `Accept` unless the request sets one.
    {{access}} var acceptedMediaTypes: String { {{.}} }
{{/acceptedMediaTypes}}
}
{{/parserAlias}}
{{#response}}

{{> struct}}
{{/response}}
{{#headersResponse}}

{{> headers-response}}
{{/headersResponse}}
{{#outputEnum}}

{{> status-enum}}
{{/outputEnum}}
{{#failureEnum}}

{{> status-enum}}
{{/failureEnum}}

"""##,
        "enum": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! An enumeration model. Keys: source, imports, docLines, typeName, rawType, cases[] (declaration, docLines). }}
{{> header}}

{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} enum {{typeName}}: {{rawType}}, Codable, Sendable, Hashable, CaseIterable {
{{#cases}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    case {{declaration}}
{{/cases}}
}

"""##,
        "header": #"""
{{%CONTENT_TYPE:TEXT}}
// Generated by apigen from {{source}}. Do not edit: change the spec and run `apigen generate`.

"""#,
        "headers-response": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! An API's response with typed headers. Keys: typeName, docLines, members[] (name, type, docLines), initSignature. }}
{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} struct {{typeName}}: Sendable, Hashable {
{{#members}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    {{access}} var {{name}}: {{type}}
{{/members}}

    /// Creates a response from its parts.
    {{access}} init{{initSignature}} {
{{#members}}
        self.{{name}} = {{name}}
{{/members}}
    }
}

"""##,
        "model": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! A model with fields. Keys: source, imports, and those of struct.mustache. }}
{{> header}}

{{#imports}}
{{.}}
{{/imports}}

{{> struct}}

"""##,
        "oneOf": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! A oneOf model: an enum with a case per member.
    Keys: source, imports, docLines, typeName, indirect, members[] (docLines, caseName, caseMember (the name after a dot), type, tagLiteral, branch),
    tagged, tagKeyLiteral, tagDoc (the tag's key as a doc code span), memberList (Swift type names), unknown. }}
{{> header}}

{{#imports}}
{{.}}
{{/imports}}

{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} {{#indirect}}indirect {{/indirect}}enum {{typeName}}: Codable, Sendable, Hashable {
{{#members}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    case {{caseName}}({{type}})
{{/members}}
{{#tagged}}
{{#unknown}}
    /// A tag this client does not know, with the whole object as it was received (tag included),
    /// which encoding writes back unchanged.
    case unknown(tag: String, JSON)
{{/unknown}}

    private enum CodingKeys: String, CodingKey {
        case tag = {{tagKeyLiteral}}
    }

    /// Reads the {{tagDoc}} tag, then decodes the member it names from the same object.
    {{access}} init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let tag = try container.decode(String.self, forKey: .tag)
        switch tag {
{{#members}}
        case {{tagLiteral}}: self = .{{caseMember}}(try {{type}}(from: decoder))
{{/members}}
{{#unknown}}
        default: self = .unknown(tag: tag, try JSON(from: decoder))
{{/unknown}}
{{^unknown}}
        default: throw DecodingError.dataCorruptedError(forKey: .tag, in: container, debugDescription: "Unknown {{typeName}} tag '\(tag)'.")
{{/unknown}}
        }
    }

    /// Writes the member's fields and its {{tagDoc}} tag.
    {{access}} func encode(to encoder: any Encoder) throws {
        switch self {
{{#members}}
        case .{{caseMember}}(let value): try Self.encode(value, tag: {{tagLiteral}}, to: encoder)
{{/members}}
{{#unknown}}
        case .unknown(_, let object): try object.encode(to: encoder)
{{/unknown}}
        }
    }

    private static func encode(_ value: some Encodable, tag: String, to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tag, forKey: .tag)
    }
{{/tagged}}
{{^tagged}}
{{#unknown}}
    /// A value that matches no member, as it was received; encoding writes it back unchanged.
    case unknown(JSON)
{{/unknown}}

    /// Decodes the first member the value matches, in the order the spec lists them: {{memberList}}.
    {{access}} init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
{{#members}}
        {{branch}} let value = try? container.decode({{type}}.self) {
            self = .{{caseMember}}(value)
{{/members}}
        } else {
{{#unknown}}
            self = .unknown(try container.decode(JSON.self))
{{/unknown}}
{{^unknown}}
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "The value matches none of {{memberList}}.")
{{/unknown}}
        }
    }

    /// Encodes the member's value.
    {{access}} func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
{{#members}}
        case .{{caseMember}}(let value): try container.encode(value)
{{/members}}
{{#unknown}}
        case .unknown(let value): try container.encode(value)
{{/unknown}}
        }
    }
{{/tagged}}
}

"""##,
        "openEnum": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! An enumeration model with `unknown: true`: values the spec does not list decode into `unknown`.
    Keys: source, imports, docLines, typeName, rawType, cases[] (name, member (the name after a dot), rawLiteral, docLines), allCases. }}
{{> header}}

{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} enum {{typeName}}: RawRepresentable, Codable, Sendable, Hashable, CaseIterable {
{{#cases}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    case {{name}}
{{/cases}}
    /// A value the spec does not list, as it was received.
    case unknown({{rawType}})

    /// The values the spec lists; `unknown` is not among them.
    {{access}} static let allCases: [{{typeName}}] = [{{allCases}}]

    /// The case of a raw value: `unknown` for a value the spec does not list.
    {{access}} init(rawValue: {{rawType}}) {
        switch rawValue {
{{#cases}}
        case {{rawLiteral}}: self = .{{member}}
{{/cases}}
        default: self = .unknown(rawValue)
        }
    }

    /// The value on the wire.
    {{access}} var rawValue: {{rawType}} {
        switch self {
{{#cases}}
        case .{{member}}: {{rawLiteral}}
{{/cases}}
        case .unknown(let value): value
        }
    }

    /// Decodes any value of the raw type, listed or not.
    {{access}} init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode({{rawType}}.self))
    }

    /// Encodes the raw value.
    {{access}} func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

"""##,
        "service": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! The service. Keys: source, typeName, docLines, environments[] (declaration, docLines), configurationArguments[] (text, comma). }}
{{> header}}

{{importAccess}}import Interactive

{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} enum {{typeName}} {
    /// The environments the service can talk to.
    {{access}} enum Environment: String, Sendable, CaseIterable {
{{#environments}}
{{#docLines}}
        /// {{.}}
{{/docLines}}
        case {{declaration}}
{{/environments}}
    }

    /// The service's hosts and defaults: switch environment or set common headers here, from any thread.
    {{access}} static let configuration = ServiceConfiguration(
{{#configurationArguments}}
        {{text}}{{comma}}
{{/configurationArguments}}
    )

    /// Sends every later request of the service to `environment`.
    {{access}} static func switchEnvironment(to environment: Environment) throws(InteractiveError) {
        try configuration.switchEnvironment(to: environment.rawValue)
    }

    /// A copy of ``configuration`` switched to `environment`, for an executor of its own
    /// (`Executor(configurations: [copy])`) while the rest of the app keeps using ``configuration``.
    {{access}} static func configuration(in environment: Environment) throws(InteractiveError) -> ServiceConfiguration {
        try configuration.copy(in: environment.rawValue)
    }
}

"""##,
        "status-enum": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! An API's answers or declared failures by status. Keys: typeName, docLines, cases[] (docLines, declaration). }}
{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} enum {{typeName}}: Sendable, Hashable {
{{#cases}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
    case {{declaration}}
{{/cases}}
}

"""##,
        "struct": ##"""
{{%CONTENT_TYPE:TEXT}}
{{#docLines}}
/// {{.}}
{{/docLines}}
nonisolated {{access}} struct {{typeName}}: Codable, Sendable, Hashable {
{{^storesIndirectly}}
{{#fields}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
{{#computed}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}} var {{name}}: {{type}} {
        get { {{getter}} }
        {{mutator}}
    }
    private var {{stored}}: {{storedType}}
{{/computed}}
{{^computed}}
    {{access}} var {{name}}: {{type}}
{{/computed}}
{{/fields}}

    /// Creates a value from its fields.
{{#hasFields}}
    {{access}} init{{initSignature}} {
{{#fields}}
{{#computed}}
        self.{{stored}} = {{initialValue}}
{{/computed}}
{{^computed}}
        self.{{name}} = {{name}}
{{/computed}}
{{/fields}}
    }
{{/hasFields}}
{{^hasFields}}
    {{access}} init() {}
{{/hasFields}}
{{> structCoding}}
{{/storesIndirectly}}
{{#storesIndirectly}}
{{#fields}}
{{#docLines}}
    /// {{.}}
{{/docLines}}
{{#deprecation}}
    {{.}}
{{/deprecation}}
    {{access}} var {{name}}: {{type}} {
        get { _storage.value.{{name}} }
        set { _storage.value.{{name}} = newValue }
    }
{{/fields}}

    /// The fields, held by reference with copy-on-write: {{typeName}} contains itself, which a struct
    /// can only do indirectly.
    private var _storage: Indirect<_Storage>

    /// Creates a value from its fields.
    {{access}} init{{initSignature}} {
        _storage = Indirect(_Storage({{storageArguments}}))
    }
{{> structCoding}}

    nonisolated private struct _Storage: Sendable, Hashable {
{{#fields}}
        var {{name}}: {{type}}
{{/fields}}
    }
{{/storesIndirectly}}
}

"""##,
        "structCoding": ##"""
{{%CONTENT_TYPE:TEXT}}
{{! The Codable of a struct (inside struct.mustache). Keys: hasDefaults, decodeStatements[], encodeStatements[]. }}

    /// Decodes the value{{#hasDefaults}}; an absent key takes the field's default{{/hasDefaults}}.
    {{access}} init(from decoder: any Decoder) throws {
{{#decodeStatements}}
        {{.}}
{{/decodeStatements}}
    }

    /// Encodes the value.
    {{access}} func encode(to encoder: any Encoder) throws {
{{#encodeStatements}}
        {{.}}
{{/encodeStatements}}
    }

"""##,
    ]
}
