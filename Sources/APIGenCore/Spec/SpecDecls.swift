/// What one spec file declares, read and checked key by key but not yet resolved across files.
struct SpecFile: Sendable {
    var path: String
    var service: String
    var serviceLocation: SourceLocation
    var description: String?
    var environments: [EnvironmentDecl]
    var environmentsLocation: SourceLocation?
    var defaultEnvironment: Located<String>?
    var defaults: DefaultsDecl?
    var models: [ModelDecl]
    var apis: [ApiDecl]
}

/// A value and where it was written.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var location: SourceLocation
}

/// `debug: http://127.0.0.1:8085/api`
struct EnvironmentDecl: Sendable {
    var name: String
    var baseURL: String
    var location: SourceLocation
}

/// The service's `defaults`.
struct DefaultsDecl: Sendable {
    var timeout: Double?
    var headers: [(String, String)]
    var query: [(String, String)]
    var envelope: EnvelopeDecl?
    /// `dates:`: how dates are written unless a field or param says otherwise.
    var dates: Located<String>?
    var location: SourceLocation
    /// How query params write arrays and objects unless they say otherwise.
    var queryStyle: StyleDecl?
    /// How form body params write arrays and objects unless they say otherwise.
    var formStyle: StyleDecl?
    /// The `defaults` mapping as written, for `apigen export openapi`'s `x-apigen`.
    var node: YAMLNode?
}

/// `{code, success, message, result, sessionExpired}`
struct EnvelopeDecl: Sendable, Hashable {
    var code: String
    var success: [String]
    var message: String?
    var result: String
    var sessionExpired: [String]
}

/// An API's choice about the service's envelope.
enum EnvelopeChoice: Sendable {
    /// Use the service's envelope, if any.
    case inherit
    /// `envelope: false`
    case none
    /// An envelope of its own.
    case custom(EnvelopeDecl)
}

/// A model: an object with fields, an enumeration, or one of several types.
struct ModelDecl: Sendable {
    enum Kind: Sendable {
        case object([FieldDecl])
        case enumeration(EnumDecl)
        case sum(SumDecl)
    }

    var name: String
    var location: SourceLocation
    var description: String?
    var deprecated: String?
    var kind: Kind
    /// `additionalFields:`: a member that holds the keys the fields do not declare.
    var additionalFields: AdditionalFieldsDecl?
    var file: String
}

/// A field of a model or of an inline response.
struct FieldDecl: Sendable {
    var name: String
    var key: String
    var type: TypeRef
    var typeLocation: SourceLocation
    var description: String?
    var location: SourceLocation
    /// `default:`, `format:` and `deprecated:`, and what Resolve makes of them.
    var shape = ValueShape()
}

/// `enum: [a, b]` or `enum: {a: 1, b: 2}`.
struct EnumDecl: Sendable {
    enum RawType: String, Sendable {
        case string = "String"
        case int = "Int"
    }

    struct Case: Sendable {
        /// The name the Swift case is made from: `name:` when given, else the raw value.
        var name: String
        var rawValue: String
        var location: SourceLocation
        /// Doc comment of the case.
        var description: String? = nil
        /// Whether `name:` was written, so a clash can suggest it only when it was not.
        var hasExplicitName = false
    }

    var rawType: RawType
    var cases: [Case]
    /// `unknown: true`: values the spec does not list decode into `unknown(RawValue)`.
    var allowsUnknown = false
}

/// Where a parameter travels, as the spec says.
enum ParamLocation: String, Sendable, CaseIterable {
    case path, query, header, body
}

/// A parameter of an API.
struct ParamDecl: Sendable {
    var name: String
    var key: String
    var type: TypeRef
    var typeLocation: SourceLocation
    var location: SourceLocation
    var explicitLocation: Located<ParamLocation>?
    var isSecret: Bool
    var description: String?
    /// `default:`, `format:` and `deprecated:`, and what Resolve makes of them.
    var shape = ValueShape()
    /// `style`/`explode`: how a query or form value writes arrays and objects.
    var style: StyleDecl?
    /// `allowReserved: true`: a path value keeps `/`.
    var allowReserved: Located<Bool>?
}

/// How parameters in the body are encoded, or a model that is the whole body.
enum BodyDecl: Sendable {
    case json
    case form
    case whole(TypeRef, SourceLocation)
    /// `body: multipart`: `multipart/form-data` of the body params.
    case multipart
    /// `body: { format: text | binary, contentType }`: the whole body as it is.
    case raw(RawBodyDecl)
}

/// What an API answers.
enum ResponseDecl: Sendable {
    /// No body.
    case none
    /// A JSON value of a type.
    case type(TypeRef, SourceLocation)
    /// An inline object that becomes `<Name>Response`.
    case inline(fields: [FieldDecl], description: String?, location: SourceLocation)
    /// The raw body as text.
    case text
    /// The raw body as bytes.
    case binary
    /// `format: file`: the body written to a file as it arrives.
    case file
    /// `stream: sse | jsonLines | bytes`: events as they arrive.
    case stream(StreamDecl)
}

/// One API.
struct ApiDecl: Sendable {
    var name: String
    var location: SourceLocation
    var description: String?
    var method: String
    var methodLocation: SourceLocation
    var path: String
    var pathLocation: SourceLocation
    var body: BodyDecl
    var params: [ParamDecl]
    /// `paramsFrom:`: models whose fields become params.
    var paramsFrom: [Located<String>] = []
    var response: ResponseDecl
    var mock: YAMLNode?
    var timeout: Double?
    var cache: CacheDecl?
    var retry: RetryDecl?
    var envelope: EnvelopeChoice
    var envelopeLocation: SourceLocation?
    var className: Located<String>?
    var deprecated: String?
    var encrypt: Bool
    var idempotent: Bool?
    var freezable: Bool
    var priority: String?
    var tags: [(String, String)]
    var file: String
    /// Query items sent with every call: `query:` and a path's `?flag` or `?a=b`.
    var constantQuery: [ConstantDecl] = []
    /// Headers sent with every call: `headers:`.
    var constantHeaders: [ConstantDecl] = []
    /// `accept:`, the API's own `Accept` header.
    var accept: ConstantDecl?
    /// The response's `headers:`, read into typed members; a field's `key` is the header's name.
    var responseHeaders: [FieldDecl] = []
    /// Where `response:` is written, if it is.
    var responseLocation: SourceLocation?
    /// `responses:`: bodies of further statuses, in the spec's order.
    var responses: [StatusResponseDecl] = []
    /// The keys OpenAPI has no words for (``ApiParser/keptAsWritten``), as written: `apigen export
    /// openapi` carries them in `x-apigen` so that importing the export loses nothing.
    var keptAsWritten: [YAMLNode.Pair] = []
}

/// `cache: {ttl, vary}`
struct CacheDecl: Sendable {
    var ttl: Double
    var vary: [String]
}

/// `retry: {max, backoff, maxBackoff}`
struct RetryDecl: Sendable {
    var max: Int
    var backoff: Double?
    var maxBackoff: Double?
}
