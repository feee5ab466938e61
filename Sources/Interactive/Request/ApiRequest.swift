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
        /// `multipart/form-data`: text fields, JSON parts and files (``UploadFile``), files streamed from disk.
        case multipart
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
        /// How a query or form value writes arrays and objects; `nil`: arrays repeat the key and
        /// objects travel as JSON text.
        public var style: ParameterStyle?
        /// Whether a path value keeps `/` and the other reserved characters (OpenAPI `allowReserved`).
        public var allowsReserved = false
        /// Whether ``value`` is `nil` (an optional, possibly nested), as seen when it was added.
        var isNone = false
        /// ``value`` flattened when it was added, for the common scalars (see ``ParameterValue/flatten(_:)``).
        var flattened: ParameterValue?
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
    /// Query items the API always sends, after the service's common ones and replacing any of the
    /// same name; a `nil` value is a bare flag (`?changecreator`).
    public var constantQuery: [(String, String?)]
    /// Headers the API always sends, replacing the service's common headers of the same name; an
    /// `Accept` here wins over the default one.
    public var constantHeaders: HTTPHeaders
    /// A raw body (text or bytes, from memory or a file) and its `Content-Type`; see ``setBody(_:contentType:)``.
    public internal(set) var rawBody: (source: BodySource, contentType: String)?
    /// Set to write the response body to a file as it arrives (the spec's `response: { format: file }`).
    public var download: DownloadRequest?
    /// Set to receive the response body in chunks as it arrives (the spec's `response: { stream: … }`).
    public var streamsResponse = false

    /// Creates a request description.
    public init(
        service: ServiceConfiguration,
        apiName: String,
        method: HTTPMethod,
        path: String,
        bodyEncoding: BodyEncoding = .json,
        options: RequestOptions = RequestOptions(),
        constantQuery: [(String, String?)] = [],
        constantHeaders: HTTPHeaders = HTTPHeaders()
    ) {
        self.service = service
        self.apiName = apiName
        self.method = method
        self.path = path
        self.bodyEncoding = bodyEncoding
        self.options = options
        self.constantQuery = constantQuery
        self.constantHeaders = constantHeaders
    }

    /// Adds a parameter. A `nil` optional is left out of the request (and, being absent, is not
    /// listed in ``RequestOptions/secretKeys`` even when secret).
    ///
    /// - Parameters:
    ///   - style: How a query or form value writes arrays and objects; `nil`: arrays repeat the key
    ///     and objects travel as JSON text.
    ///   - allowReserved: Whether a path value keeps `/` and the other reserved characters.
    public mutating func add(
        _ value: some Encodable & Sendable, as key: String, in location: Location, secret: Bool = false,
        style: ParameterStyle? = nil, allowReserved: Bool = false
    ) {
        let (isNone, flattened) = ParameterValue.flatten(value)
        append(Parameter(key: key, location: location, value: value, isSecret: secret, style: style, allowsReserved: allowReserved,
                         isNone: isNone, flattened: flattened))
    }

    /// Adds an optional parameter; `nil` is left out of the request, as for ``add(_:as:in:secret:style:allowReserved:)``.
    ///
    /// The same as that method for an optional value, told apart from a `nil` without looking the
    /// value's type up at run time.
    public mutating func add<Wrapped: Encodable & Sendable>(
        _ value: Wrapped?, as key: String, in location: Location, secret: Bool = false,
        style: ParameterStyle? = nil, allowReserved: Bool = false
    ) {
        let (isNone, flattened) = value.map { ParameterValue.flatten($0) } ?? (true, nil)
        append(Parameter(key: key, location: location, value: value, isSecret: secret, style: style, allowsReserved: allowReserved,
                         isNone: isNone, flattened: flattened))
    }

    /// Whether a parameter with a value goes in the query under `key`.
    private func sendsQueryItem(_ key: String) -> Bool {
        parameters.contains { $0.location == .query && $0.key == key && !$0.isNone }
    }

    private mutating func append(_ parameter: Parameter) {
        parameters.append(parameter)
        if parameter.isSecret, !parameter.isNone { options.secretKeys.insert(parameter.key) }
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
        var query = FormWriter(literalBrackets: false)
        // The service's query items give way to the API's own of the same key, as its headers do.
        for (key, value) in snapshot.query where !constantQuery.contains(where: { $0.0 == key }) && !sendsQueryItem(key) {
            query.append(key, value)
        }
        for (key, value) in constantQuery { query.append(key, value) }
        var headers = snapshot.headers
        for field in constantHeaders { headers.set(field.value, for: field.name) }
        var bodyMembers: [Parameter] = []
        // A list, not a dictionary: a path has a placeholder or two.
        var pathValues: [(name: String, value: String)] = []
        var pathLists: [(name: String, elements: [String])] = []
        var reservedPathNames: Set<String> = []

        for parameter in parameters {
            if parameter.isNone { continue }
            switch parameter.location {
            case .path:
                let flat = try parameter.flat()
                if case .array(let elements) = flat {
                    pathLists.removeAll { $0.name == parameter.key }
                    pathLists.append((parameter.key, elements.map(\.singleText)))
                    if parameter.allowsReserved { reservedPathNames.insert(parameter.key) }
                    continue
                }
                let text = flat.singleText
                if let index = pathValues.firstIndex(where: { $0.name == parameter.key }) {
                    pathValues[index].value = text
                } else {
                    pathValues.append((parameter.key, text))
                }
                if parameter.allowsReserved { reservedPathNames.insert(parameter.key) }
            case .query:
                if parameter.isSecret {
                    throw .invalidRequest("secret parameter \"\(parameter.key)\" must not be sent in a query string")
                }
                query.append(try parameter.flat(), as: parameter.key, style: parameter.style)
            case .header:
                headers.set(try parameter.flat().singleText, for: parameter.key)
            case .body:
                bodyMembers.append(parameter)
            }
        }
        if !headers.contains("Accept") { headers.set(accepting, for: "Accept") }
        // One check of every header, the service's common ones, the parameters and `Accept` alike.
        for field in headers { try HeaderCheck.validate(name: field.name, value: field.value) }

        let expandedPath = try PathTemplate.expand(path, values: pathValues, lists: pathLists, reserved: reservedPathNames)
        let url = try URLBuilder.make(base: base, path: expandedPath, encodedQuery: query.text)
        var request = HTTPRequest(
            apiName: apiName,
            method: method,
            url: url,
            headers: headers,
            timeout: options.timeout ?? snapshot.timeout,
            options: options
        )
        request.options.secretKeys.formUnion(try Self.explodedSecretKeys(parameters))
        request.download = download
        request.streamsResponse = streamsResponse
        if let rawBody {
            try request.setRawBody(rawBody.source, contentType: rawBody.contentType)
        } else if let body {
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
            case .multipart:
                try request.setMultipartBody(bodyMembers)
            }
        }
        return request
    }
}

extension ApiRequest.Parameter {
    /// The value flattened for a path, query or header.
    func flat() throws(InteractiveError) -> ParameterValue {
        if let flattened { return flattened }
        return try ParameterValue.make(value)
    }
}

extension ApiRequest {
    /// The member names a secret object sends as keys of their own (style form, exploded), so that
    /// logs mask them like the parameter's own key.
    static func explodedSecretKeys(_ parameters: [Parameter]) throws(InteractiveError) -> Set<String> {
        var keys: Set<String> = []
        for parameter in parameters where parameter.isSecret && parameter.style == .form(explode: true) {
            if case .object(let members) = try ParameterValue.make(parameter.value) { keys.formUnion(members.map(\.0)) }
        }
        return keys
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
