/// The specs as checked and resolved, in plain public values: what tools that read specs (such as
/// `apigen export openapi`) see. Types are spec type expressions (`[Item]?`, `[String: Int]`).
public struct SpecDescription: Sendable {
    /// A service.
    public struct Service: Sendable {
        /// The service's name (`service:`), a Swift type name.
        public var name: String
        /// The spec's `description:`.
        public var description: String?
        /// The environments and their base URLs, in the spec's order.
        public var environments: [(name: String, url: String)]
        /// `defaults.headers`: sent with every API of the service.
        public var headers: [(String, String)]
        /// `defaults.query`: query items sent with every API of the service.
        public var query: [(String, String)]
        /// Whether the service wraps results in an envelope (`{code, message, result}`).
        public var envelope: Envelope?
        /// The models, in the spec's order.
        public var models: [Model]
        /// The APIs, in the spec's order.
        public var apis: [Api]
        /// What OpenAPI has no words for, in the spec's own keys (`defaultEnvironment`, `defaults`):
        /// `apigen export openapi` writes it as the document's `x-apigen`.
        public var keptAsWritten: [(key: String, value: SpecValue)]
        /// The environment a client starts in.
        public var defaultEnvironment: String = ""
        /// `defaults.dates`: `iso8601`, `epochSeconds`, `epochMillis`, `date` or a pattern.
        public var dates: String = "iso8601"
    }

    /// The keys of a service's response envelope.
    public struct Envelope: Sendable {
        /// The key of the status code.
        public var code: String
        /// The key of the message, if there is one.
        public var message: String?
        /// The key of the business object.
        public var result: String
        /// The codes that mean success, as written (`100`, `"ok"`).
        public var success: [String] = []
        /// The codes that mean the session has expired.
        public var sessionExpired: [String] = []
    }

    /// A model: fields, an enum or a sum.
    public struct Model: Sendable {
        /// What a model is.
        public enum Kind: Sendable {
            /// Fields, and the value type of `additionalFields` when the model has it.
            case object([Field], additional: String?)
            /// Cases as (value, Swift name, description); `isInteger` for Int raw values.
            case enumeration([(value: String, name: String, description: String?)], isInteger: Bool, open: Bool)
            /// Member types, Swift case names and descriptions; the discriminator and its tag → member mapping.
            case sum([(type: String, name: String, description: String?)], discriminator: String?, mapping: [(tag: String, model: String)], open: Bool)
        }

        /// The model's spec name.
        public var name: String
        /// The spec's `description:`.
        public var description: String?
        /// The deprecation message (empty for a bare `deprecated: true`), or `nil`.
        public var deprecated: String?
        /// Fields, cases or members.
        public var kind: Kind
        /// The `additionalFields` member's Swift name and description, when the model has one.
        public var additionalFields: (name: String, description: String?)?
    }

    /// A field or param value's shape.
    public struct Field: Sendable {
        /// The spec name.
        public var name: String
        /// The wire key (`key:`, or the name).
        public var key: String
        /// The spec type expression (`[Item]?`).
        public var type: String
        /// The spec's `description:`.
        public var description: String?
        /// The `default:` as written.
        public var defaultValue: SpecValue?
        /// A date's `format:` (`epochSeconds`, a pattern), as written.
        public var format: String?
        /// The deprecation message (empty for a bare `deprecated: true`), or `nil`.
        public var deprecated: String?
    }

    /// A param: a field with its place and wire style.
    public struct Param: Sendable {
        /// The param's name, type and shape.
        public var field: Field
        /// `path`, `query`, `header` or `body`.
        public var location: String
        /// The wire style of a query or form param (`form`, `deepObject`…), when not the default.
        public var style: String?
        /// Whether a list or map is exploded into one item per value, when the spec says.
        public var explode: Bool?
        /// Whether reserved characters are sent unescaped in the query.
        public var allowReserved: Bool
        /// `secret: true`: the value is kept out of logs and journals.
        public var secret: Bool
    }

    /// What a response carries.
    public enum Body: Sendable {
        /// No body.
        case none
        /// JSON of a spec type expression.
        case type(String)
        /// JSON of an inline object with these fields.
        case fields([Field])
        /// Text.
        case text
        /// Bytes.
        case binary
    }

    /// An API.
    public struct Api: Sendable {
        /// The API's spec name.
        public var name: String
        /// The spec's `description:`.
        public var description: String?
        /// The HTTP method, upper-cased.
        public var method: String
        /// The path with `{name}` placeholders (NEI's `:name` written so).
        public var path: String
        /// The params, in the spec's order.
        public var params: [Param]
        /// `json`, `form`, or `whole` with ``wholeBody``.
        public var bodyEncoding: String
        /// The type of a whole body (`body: { type: Item }`).
        public var wholeBody: String?
        /// The 2xx answer's body.
        public var response: Body
        /// The response's description.
        public var responseDescription: String?
        /// The typed response headers.
        public var responseHeaders: [Field]
        /// Other statuses: `404`, `4XX`, `default`; `success` when the status counts as success.
        public var responses: [(status: String, body: Body, description: String?, success: Bool)]
        /// The mock as canonical JSON text.
        public var mockJSON: String?
        /// The deprecation message (empty for a bare `deprecated: true`), or `nil`.
        public var deprecated: String?
        /// `tags:` as (name, value) pairs.
        public var tags: [(String, String)]
        /// Query items always sent (`?rename`: a flag without a value).
        public var constantQuery: [(String, String?)]
        /// Headers always sent.
        public var constantHeaders: [(String, String)]
        /// Whether results are wrapped in the service's envelope.
        public var usesEnvelope: Bool
        /// What OpenAPI has no words for, in the spec's own keys (client behaviour such as `cache`
        /// and `retry`, constants, raw bodies, downloads and streams, the mock behind an envelope):
        /// `apigen export openapi` writes it as the operation's `x-apigen`.
        public var keptAsWritten: [(key: String, value: SpecValue)]
        /// The envelope in effect: the service's, the API's own, or `nil` with `envelope: false`.
        public var envelope: Envelope? = nil
        /// The Swift type-name stem (`className`, or the name as a type name): the API is `<swiftName>Api`.
        public var swiftName = ""
        /// `body: { format, contentType }`: a raw body's format (`text`, `binary`) and content type.
        public var rawBody: (format: String, contentType: String)? = nil
        /// `format: file`: the response body is written to a file as it arrives.
        public var download: Bool = false
        /// `stream:`: the response is a stream (`sse`, `jsonLines`, `bytes`) of events of a type.
        public var stream: (format: String, type: String?)? = nil
        /// How the client treats the API, as the spec says: `timeout`, `cache`, `retry`,
        /// `idempotent`, `freezable`, `priority`, `encrypt`, as (name, value) pairs.
        public var behaviour: [(name: String, value: String)] = []
        /// Whether ``response`` answers every 2xx status; `false` when `responses` declares the
        /// 2xx statuses itself (`201`, `204`) and `response` is not written: those are the answers.
        public var answersEvery2xx = true
    }

    /// The services the specs declare.
    public var services: [Service]
}

/// A value written in a spec (a default, a mock, a setting), mappings in the spec's order.
public indirect enum SpecValue: Sendable, Hashable {
    /// A mapping's key and value.
    public struct Member: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value.
        public var value: SpecValue

        /// A member.
        public init(_ key: String, _ value: SpecValue) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    case integer(String)
    case number(String)
    case string(String)
    case array([SpecValue])
    case object([Member])

    /// The value of a mapping's key.
    public subscript(key: String) -> SpecValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}
