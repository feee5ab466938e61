/// A service after every file that names it has been merged and checked: ready to render.
struct ResolvedService: Sendable {
    var name: String
    var description: String?
    /// The spec files that declare the service's settings (environments, defaults).
    var settingsFile: String
    var environments: [EnvironmentDecl]
    var defaultEnvironment: String
    var timeout: Double?
    var headers: [(String, String)]
    var query: [(String, String)]
    var envelope: EnvelopeDecl?
    var models: [ResolvedModel]
    var apis: [ResolvedApi]
    /// The `defaults` mapping as written, for `apigen export openapi`.
    var defaultsNode: YAMLNode?
    /// `defaults.dates`: how dates are written unless a field or param says otherwise.
    var dates: DateFormatSpec = .iso8601
}

/// A model with its Swift names.
struct ResolvedModel: Sendable {
    var decl: ModelDecl
    var swiftName: String
    /// Swift property names, parallel to the fields (objects only).
    var fieldNames: [String]
    /// Swift case names, parallel to the cases (enums only).
    var caseNames: [String]
    /// The members with their case names and tags (`oneOf` models only).
    var sum: ResolvedSum? = nil
    /// Whether the model contains itself by value through optional fields, so that its fields are
    /// held by reference (a struct cannot contain itself directly).
    var storesIndirectly = false
    /// The Swift name of the `additionalFields` member, if the model has one.
    var additionalFieldsName: String?
}

/// A parameter with its final location and Swift name.
struct ResolvedParam: Sendable {
    var decl: ParamDecl
    var swiftName: String
    var location: ParamLocation
    /// The param's style, or the service's default for its place (query or form params only).
    var style: StyleDecl?
}

/// A response header with its Swift member name.
struct ResolvedResponseHeader: Sendable {
    var decl: FieldDecl
    var swiftName: String
}

/// What the API's parser produces.
enum ResolvedResponse: Sendable {
    case none
    case json(TypeRef)
    case inline([FieldDecl], fieldNames: [String], description: String?)
    case text
    case binary
    case file
    case stream(StreamDecl)
}

/// An API with everything resolved.
struct ResolvedApi: Sendable {
    var decl: ApiDecl
    /// The type-name stem: `className` or the API name, as a Swift type name.
    var stem: String
    var params: [ResolvedParam]
    var wholeBody: TypeRef?
    var response: ResolvedResponse
    var envelope: EnvelopeDecl?
    /// The mock as canonical JSON text.
    var mockJSON: String?
    /// The response headers read into typed members; none for most APIs.
    var responseHeaders: [ResolvedResponseHeader] = []
    /// The statuses the parser tells apart, most specific first (exact codes, ranges, `default`),
    /// with `response:` as a `2XX` entry; empty for an API without `responses:`.
    var statuses: [ResolvedStatus] = []
}

/// One status an API's parser tells apart: an entry of `responses:`, or `response:` as `2XX`.
struct ResolvedStatus: Sendable {
    var status: StatusKey
    /// An answer (a case of the output) rather than a failure (a case of `<Stem>Failure`).
    var isSuccess: Bool
    /// `.none`, `.json`, `.text` or `.binary`; `.inline` only for `response:`.
    var body: ResolvedResponse
    /// The Swift case name: `notFound`, `clientError`, `success` for `response:`.
    var caseName: String
    var description: String?
    /// Whether this is the API's `response:`.
    var isMainResponse: Bool

    /// Whether the status carries a body.
    var hasBody: Bool {
        if case .none = body { return false }
        return true
    }
}

extension Sequence {
    /// A value of each element by its spec name and by its Swift type name (`Type Holder` and
    /// `TypeHolder`), in order; the first element to take a name keeps it. (A loop: building the
    /// pairs first copied every value twice.)
    func byNames<Value>(spec: (Element) -> String, swift: (Element) -> String?, _ value: (Element) -> Value) -> [String: Value] {
        var byName: [String: Value] = [:]
        byName.reserveCapacity(underestimatedCount * 2)
        for element in self {
            byName.addIfAbsent(spec(element), value(element))
            if let swiftName = swift(element) { byName.addIfAbsent(swiftName, value(element)) }
        }
        return byName
    }
}

extension [ResolvedModel] {
    /// A value of each model by spec name and by Swift type name; the first model to take a name
    /// keeps it. (By index: iterating copied every model.)
    func byNames<Value>(_ value: (ResolvedModel) -> Value) -> [String: Value] {
        indices.byNames(spec: { self[$0].decl.name }, swift: { self[$0].swiftName }) { value(self[$0]) }
    }
}

extension ResolvedService {
    /// Calls `visit` with every value the service declares a type for — the fields of its models
    /// and of inline responses, its APIs' params and typed response headers — as
    /// `(what, type, shape, typeLocation)`, `what` naming it in a message (`field 'id' of model 'Item'`).
    func forEachValue(_ visit: (_ what: String, _ type: TypeRef, _ shape: ValueShape, _ typeLocation: SourceLocation) -> Void) {
        func fields(_ fields: [FieldDecl], of owner: String) {
            for field in fields { visit("field '\(field.name)' of \(owner)", field.type, field.shape, field.typeLocation) }
        }
        for model in models {
            if case .object(let declared) = model.decl.kind { fields(declared, of: "model '\(model.decl.name)'") }
        }
        for api in apis {
            for param in api.params { visit("param '\(param.decl.name)' of api '\(api.decl.name)'", param.decl.type, param.decl.shape, param.decl.typeLocation) }
            if case .inline(let declared, _, _) = api.response { fields(declared, of: "the response of api '\(api.decl.name)'") }
            for header in api.responseHeaders {
                visit("response header '\(header.decl.name)' of api '\(api.decl.name)'", header.decl.type, header.decl.shape, header.decl.typeLocation)
            }
        }
    }
}
