/// The specs as checked and resolved, in plain public values: what tools that read specs (such as
/// `apigen export openapi`) see. Types are spec type expressions (`[Item]?`, `[String: Int]`).
public struct SpecDescription: Sendable {
    /// A service.
    public struct Service: Sendable {
        public var name: String
        public var description: String?
        public var environments: [(name: String, url: String)]
        public var headers: [(String, String)]
        public var query: [(String, String)]
        /// Whether the service wraps results in an envelope (`{code, message, result}`).
        public var envelope: Envelope?
        public var models: [Model]
        public var apis: [Api]
    }

    /// The keys of a service's response envelope.
    public struct Envelope: Sendable {
        public var code: String
        public var message: String?
        public var result: String
        /// The codes that mean success, as written (`100`, `"ok"`).
        public var success: [String] = []
        /// The codes that mean the session has expired.
        public var sessionExpired: [String] = []
    }

    /// A model: fields, an enum or a sum.
    public struct Model: Sendable {
        public enum Kind: Sendable {
            case object([Field], additional: String?)
            /// Cases as (value, Swift name, description); `isInteger` for Int raw values.
            case enumeration([(value: String, name: String, description: String?)], isInteger: Bool, open: Bool)
            /// Member types and Swift case names; the discriminator and its tag → member mapping.
            case sum([(type: String, name: String)], discriminator: String?, mapping: [(tag: String, model: String)], open: Bool)
        }

        public var name: String
        public var description: String?
        public var deprecated: String?
        public var kind: Kind
    }

    /// A field or param value's shape.
    public struct Field: Sendable {
        /// The spec name and the wire key.
        public var name: String
        public var key: String
        public var type: String
        public var description: String?
        public var defaultValue: SpecValue?
        public var format: String?
        public var deprecated: String?
    }

    /// A param: a field with its place and wire style.
    public struct Param: Sendable {
        public var field: Field
        /// `path`, `query`, `header` or `body`.
        public var location: String
        public var style: String?
        public var explode: Bool?
        public var allowReserved: Bool
        /// `secret: true`: the value is never logged.
        public var secret = false
    }

    /// What a response carries.
    public enum Body: Sendable {
        case none
        case type(String)
        case fields([Field])
        case text
        case binary
    }

    /// An API.
    public struct Api: Sendable {
        public var name: String
        public var description: String?
        public var method: String
        /// The path with `{name}` placeholders (NEI's `:name` written so).
        public var path: String
        public var params: [Param]
        /// `json`, `form`, or `whole` with ``wholeBody``.
        public var bodyEncoding: String
        public var wholeBody: String?
        public var response: Body
        public var responseDescription: String?
        public var responseHeaders: [Field]
        /// Other statuses: `404`, `4XX`, `default`.
        public var responses: [(status: String, body: Body, description: String?)]
        public var mockJSON: String?
        public var deprecated: String?
        public var tags: [(String, String)]
        public var constantQuery: [(String, String?)]
        public var constantHeaders: [(String, String)]
        /// Whether results are wrapped in the service's envelope.
        public var usesEnvelope: Bool
        /// The envelope in effect: the service's, the API's own, or `nil` with `envelope: false`.
        public var envelope: Envelope? = nil
        /// The API's key in the spec (``name`` is its `className` when it has one).
        public var specName = ""
    }

    public var services: [Service]
}

/// A JSON value written in a spec (a default).
public indirect enum SpecValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(String)
    case number(String)
    case string(String)
    case array([SpecValue])
    case object([String: SpecValue])
}
