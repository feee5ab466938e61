public import Foundation

/// What an ``Api`` builds: the endpoint and its parameters, before the service's host and defaults
/// are applied. ``resolve(baseURL:accepting:)`` turns it into the ``HTTPRequest`` a transport sends.
///
/// Parameter values are kept as typed values and encoded only when the request is resolved, so
/// building an API never fails; resolving reports a bad value as ``InteractiveError/invalidRequest(_:)``.
public struct ApiRequest: Sendable {
    /// Where a parameter travels.
    public enum Location: String, Sendable, Hashable {
        /// Substituted into the path template's `{name}` placeholder, percent-encoded.
        case path
        /// A query item; arrays repeat the key.
        case query
        /// A header field.
        case header
        /// A member of the JSON object or form body.
        case body
    }

    /// How body parameters are encoded.
    public enum BodyEncoding: String, Sendable, Hashable {
        /// A JSON object, `application/json`.
        case json
        /// `application/x-www-form-urlencoded`.
        case form
    }

    /// One parameter of the request.
    public struct Parameter: Sendable {
        /// The name on the wire (query key, header name, JSON key, placeholder name).
        public var key: String
        /// Where it travels.
        public var location: Location
        /// The value; `nil` optionals are left out.
        public var value: any Encodable & Sendable
        /// Whether the value must never be logged or put in a query string.
        public var isSecret: Bool
    }

    /// The service whose environment, common parameters and default timeout apply.
    public var service: ServiceConfiguration
    /// The API's name, e.g. `Login`.
    public var apiName: String
    /// The request method.
    public var method: HTTPMethod
    /// The path template relative to the environment's base URL, e.g. `/items/{itemId}`.
    public var path: String
    /// How body parameters are encoded.
    public var bodyEncoding: BodyEncoding
    /// The spec's per-API settings.
    public var options: RequestOptions
    /// The parameters in the order they were added.
    public private(set) var parameters: [Parameter] = []
    /// A value sent as the whole JSON body, instead of an object made of body parameters.
    public private(set) var body: (any Encodable & Sendable)?

    /// Creates a request description.
    public init(
        service: ServiceConfiguration,
        apiName: String,
        method: HTTPMethod,
        path: String,
        bodyEncoding: BodyEncoding = .json,
        options: RequestOptions = RequestOptions()
    ) {
        self.service = service
        self.apiName = apiName
        self.method = method
        self.path = path
        self.bodyEncoding = bodyEncoding
        self.options = options
    }

    /// Adds a parameter. A `nil` optional is left out of the request (and, being absent, is not
    /// listed in ``RequestOptions/secretKeys`` even when secret).
    public mutating func add(_ value: some Encodable & Sendable, as key: String, in location: Location, secret: Bool = false) {
        parameters.append(Parameter(key: key, location: location, value: value, isSecret: secret))
        if secret, !OptionalCheck.isNil(value) { options.secretKeys.insert(key) }
    }

    /// Sends `value` as the whole JSON body.
    public mutating func setBody(_ value: some Encodable & Sendable) {
        body = value
    }

    /// Applies the service's current environment and defaults and encodes every parameter.
    ///
    /// - Parameters:
    ///   - baseURL: A base URL to use instead of the service's current environment.
    ///   - accepting: The `Accept` header value when neither a parameter nor the service sets one:
    ///     the parser's ``ResponseParser/acceptedMediaTypes`` (the ``Executor`` passes it).
    public func resolve(baseURL: URL? = nil, accepting: String = "application/json") throws(InteractiveError) -> HTTPRequest {
        let snapshot = service.snapshot()
        let base = baseURL?.absoluteString ?? snapshot.baseURL
        var query: [(String, String)] = snapshot.query
        var headers = snapshot.headers
        var bodyMembers: [Parameter] = []
        var pathValues: [String: String] = [:]

        for parameter in parameters {
            if OptionalCheck.isNil(parameter.value) { continue }
            switch parameter.location {
            case .path:
                pathValues[parameter.key] = try ParameterValue.make(parameter.value).singleText
            case .query:
                if parameter.isSecret {
                    throw .invalidRequest("secret parameter \"\(parameter.key)\" must not be sent in a query string")
                }
                for text in try ParameterValue.make(parameter.value).texts() { query.append((parameter.key, text)) }
            case .header:
                headers.set(try ParameterValue.make(parameter.value).singleText, for: parameter.key)
            case .body:
                bodyMembers.append(parameter)
            }
        }
        if !headers.contains("Accept") { headers.set(accepting, for: "Accept") }
        // One check of every header, the service's common ones, the parameters and `Accept` alike.
        for field in headers { try HeaderCheck.validate(name: field.name, value: field.value) }

        let expandedPath = try PathTemplate.expand(path, values: pathValues)
        let url = try URLBuilder.make(base: base, path: expandedPath, query: query)
        var request = HTTPRequest(
            apiName: apiName,
            method: method,
            url: url,
            headers: headers,
            timeout: options.timeout ?? snapshot.timeout,
            options: options
        )
        if let body {
            request.body = try BodyEncoder.json(body)
            request.headers.set("application/json", for: "Content-Type")
        } else if !bodyMembers.isEmpty {
            switch bodyEncoding {
            case .json:
                request.body = try BodyEncoder.jsonObject(bodyMembers)
                request.headers.set("application/json", for: "Content-Type")
            case .form:
                request.body = try BodyEncoder.form(bodyMembers)
                request.headers.set("application/x-www-form-urlencoded; charset=utf-8", for: "Content-Type")
            }
        }
        return request
    }
}

/// Detects `nil` inside an existential without knowing the wrapped type.
enum OptionalCheck {
    static func isNil(_ value: Any) -> Bool {
        (value as? any AnyOptionalMarker)?.isNone ?? false
    }
}

/// Implemented by `Optional` so ``OptionalCheck`` can see through existentials.
protocol AnyOptionalMarker { var isNone: Bool { get } }

extension Optional: AnyOptionalMarker {
    var isNone: Bool {
        switch self {
        case .none: true
        case .some(let wrapped): OptionalCheck.isNil(wrapped)
        }
    }
}
