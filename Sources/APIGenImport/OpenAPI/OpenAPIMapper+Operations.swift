import APIGenCore
import Foundation
import OpenAPIKit

/// Paths and operations → APIs.
extension OpenAPIMapper {
    /// The generated types an API named N takes besides N itself: `NApi`, `NParser`, `NOutput` and
    /// `NFailure` (typed error statuses), and `NResponse` only where the API generates it (an inline
    /// answer, or headers read beside the body), `NBody` where both: a document naming its schemas
    /// `ItemGetResponse` keeps its operation `itemGet` as `ItemGet`.
    private func derivedSuffixes(of operation: OpenAPI.Operation, at pointer: JSONPointer) -> [String] {
        var suffixes = ["Api", "Parser", "Output", "Failure"]
        let responses = pointer.appending("responses")
        // The answer `mapPrimaryResponse` reads: inline fields come from a JSON object's properties.
        guard let status = primaryStatus(of: operation.responses, at: responses),
              let item = operation.responses.first(where: { $0.key.rawValue == status })?.value,
              let response = try? document.components.lookup(item) else { return suffixes }
        let hasHeaders = response.headers?.isEmpty == false
        var isInline = false
        if let (type, media) = media(of: response, at: responses.appending(status)), Self.isJSON(type),
           case .object(_, let context)? = media.schema?.value {
            isInline = !context.properties.isEmpty
        }
        if hasHeaders || isInline { suffixes.append("Response") }
        if hasHeaders && isInline { suffixes.append("Body") }
        return suffixes
    }

    private static let methods: [(OpenAPI.HttpMethod, String)] = [
        (.get, "GET"), (.put, "PUT"), (.post, "POST"), (.delete, "DELETE"), (.patch, "PATCH"), (.head, "HEAD"),
    ]

    mutating func mapPaths() {
        var files = SpecFileNames<String>()
        for (path, item) in inDocumentOrder(document.paths, at: JSONPointer(["paths"]), key: \.rawValue) {
            let pathPointer = JSONPointer(["paths", path.rawValue])
            guard let pathItem = item.b else {
                warn(pathPointer, "reference", "path item reference not followed: its operations are not imported")
                continue
            }
            notePathServers(pathItem, at: pathPointer)
            for endpoint in pathItem.endpoints {
                operationsIn += 1
                let pointer = pathPointer.appending(endpoint.method.rawValue.lowercased())
                guard let method = Self.methods.first(where: { $0.0 == endpoint.method })?.1 else {
                    warn(pointer, "method", "\(endpoint.method.rawValue) operations are not supported: not imported")
                    continue
                }
                let operation = endpoint.operation
                let tag = operation.tags?.first
                // Operations without a tag share one file, as tagged ones share their tag's.
                let file = files.file(for: tag ?? "", named: tag, fallback: "tag")
                mapOperation(operation, method: method, path: path.rawValue, pathItem: pathItem, pointer: pointer, file: file)
            }
            mapFurtherOperations(path: path.rawValue, pathItem: pathItem, pointer: pathPointer, files: &files)
        }
    }

    /// Warns of a path item's `servers` that differ from the document's (Box's upload host): its
    /// operations go to the service's environments. The document's own servers said again
    /// (Twilio's, on every path) lose nothing.
    private mutating func notePathServers(_ pathItem: OpenAPI.PathItem, at pointer: JSONPointer) {
        guard let servers = pathItem.servers, !servers.isEmpty, Self.urls(of: servers) != Self.urls(of: document.servers) else { return }
        warn(pointer.appending("servers"), "server", "servers of a path not imported: its operations use the service's environments")
    }

    /// Servers' URLs with their variables at their defaults, whatever their descriptions say.
    private static func urls(of servers: [OpenAPI.Server]) -> [String] {
        servers.map { server in
            server.variables.reduce(server.urlTemplate.absoluteString) { url, variable in
                url.replacingOccurrences(of: "{\(variable.key)}", with: variable.value.default)
            }
        }
    }

    /// The path item's `x-apigen-operations`: further APIs of one method and path that an apigen
    /// export keeps beside the one operation OpenAPI allows.
    private mutating func mapFurtherOperations(path: String, pathItem: OpenAPI.PathItem, pointer: JSONPointer, files: inout SpecFileNames<String>) {
        guard case .array(let items)? = raw.value(at: pointer.appending("x-apigen-operations")) else { return }
        for (index, item) in items.enumerated() {
            let here = pointer.appending("x-apigen-operations", String(index))
            operationsIn += 1
            guard case .object(let members) = item,
                  case .string(let methodName)? = members.first(where: { $0.key == "x-apigen-method" })?.value,
                  let method = Self.methods.first(where: { $0.1 == methodName.uppercased() })?.1,
                  // Decoded on its own: its dictionaries are put in document order by `inDocumentOrder`.
                  let operation = Self.decodeOperation(item) else {
                warn(here, "operation", "not an operation with an 'x-apigen-method': not imported")
                continue
            }
            var ownPath = path
            if case .string(let given)? = members.first(where: { $0.key == "x-apigen-path" })?.value { ownPath = given }
            let tag = operation.tags?.first
            let file = files.file(for: tag ?? "", named: tag, fallback: "tag")
            mapOperation(operation, method: method, path: ownPath, pathItem: pathItem, pointer: here, file: file)
        }
    }

    private mutating func mapOperation(_ operation: OpenAPI.Operation, method: String, path: String, pathItem: OpenAPI.PathItem, pointer: JSONPointer, file: String) {
        let source = operation.operationId ?? (method.lowercased() + " " + path)
        let name = typeNames.typeName(for: source, fallback: "Operation", derived: derivedSuffixes(of: operation, at: pointer), isType: false)
        if let id = operation.operationId, SpecNaming.typeName(id) != name {
            warn(pointer.appending("operationId"), "rename", "operationId '\(id)' named '\(name)': \(NameRegistry.renameReason(of: id, taken: "or one of its types is taken"))")
        }
        var api: [SpecEntry] = []
        api.add("description", text: Self.description(summary: operation.summary, description: operation.description))
        if method != "GET" { api.add("method", .text(method)) }
        var path = path
        if let fragment = path.firstIndex(of: "#") {
            warn(pointer, "path", "fragment '\(path[fragment...])' of the path dropped: a fragment is never sent")
            path = String(path[..<fragment])
        }
        api.add("path", .text(path))
        // What an apigen export keeps in `x-apigen` replaces what the standard parts approximate.
        let kept = operationKept(at: pointer)
        var params = ParamsBuilder(placeholders: SpecNaming.placeholders(ofPath: path))
        mapParameters(pathItem.parameters, operation.parameters, api: name, method: method, pointer: pointer, kept: kept, into: &params)
        if let body = operation.requestBody, !kept.contains(where: { $0.key == "body" }) {
            mapRequestBody(body, api: name, method: method, pointer: pointer.appending("requestBody"), params: &params, entries: &api)
        }
        if kept.isEmpty {
            for placeholder in params.unfilledPlaceholders(inOrderOf: path) {
                warn(pointer, "parameter", "path placeholder '\(placeholder)' is declared by no path parameter: read as a required String")
                params.addPathParam(placeholder)
            }
        }
        if !params.entries.isEmpty { api.insert(SpecEntry("params", .map(Self.ordered(params.entries, by: kept))), at: api.firstIndex { $0.key == "body" || $0.key == "paramsFrom" } ?? api.endIndex) }
        mapResponses(operation.responses, api: name, pointer: pointer.appending("responses"), envelope: envelope(of: kept), entries: &api)
        if operation.deprecated { api.add("deprecated", .literal("true")) }
        if let tags = operation.tags, !tags.isEmpty { api.add("x-tags", .text(tags.joined(separator: ","))) }
        Self.apply(kept, to: &api)
        if let accept = params.accept, !api.contains(where: { $0.key == "accept" }) { api.add("accept", .text(accept)) }
        let extensions = raw.keys(at: pointer)?.filter { $0.lowercased().hasPrefix("x-") }.sorted() ?? []
        for key in extensions where key.hasPrefix("x-") && !["x-tags", "x-apigen-method", "x-apigen-path"].contains(key) && !(key == "x-apigen" && !kept.isEmpty) {
            if let text = extensionText(key, at: pointer) { api.add(key, .text(text)) }
            else { warn(pointer.appending(key), "extension", "extension '\(key)' is not text: not kept") }
        }
        if operation.security?.isEmpty == false {
            warn(pointer.appending("security"), "security", "security requirement not imported: add authentication with a plugin")
        }
        if !operation.callbacks.isEmpty { warn(pointer.appending("callbacks"), "callback", "callbacks not imported") }
        if operation.servers?.isEmpty == false { warn(pointer.appending("servers"), "server", "servers of one operation not imported: the service's environments apply") }
        service.apis.append(ImportedService.Item(name: name, entries: api, file: file, origin: pointer.description))
    }

    /// An operation's description: its summary and description, once when they are the same
    /// (Twilio repeats the one as the other).
    private static func description(summary: String?, description: String?) -> String {
        let parts = [summary, description].compactMap { $0 }
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespacesAndNewlines) == parts[1].trimmingCharacters(in: .whitespacesAndNewlines) else {
            return parts.joined(separator: "\n\n")
        }
        return parts[1]
    }

    /// An operation decoded on its own, placed where a document has one (`paths./.get`):
    /// OpenAPIKit's errors for a bad operation read the path and method from the coding path, and
    /// trap when it is shorter.
    private static func decodeOperation(_ item: JSONValue) -> OpenAPI.Operation? {
        let placed = JSONValue.object([JSONMember(key: "paths", value: .object([JSONMember(key: "/", value: .object([JSONMember(key: "get", value: item)]))]))])
        let decoder = JSONDecoder()
        decoder.userInfo = OpenAPIDocumentLoader.withoutExtensions
        return (try? decoder.decode([String: [String: [String: OpenAPI.Operation]]].self, from: placed.jsonData))?["paths"]?["/"]?["get"]
    }

    /// An API's params as they are built, with their Swift names kept unique.
    struct ParamsBuilder {
        /// The path's `{name}` placeholders: a param of another place with that name or key says
        /// where it goes (the generator would put it in the path).
        var placeholders: Set<String> = []
        var entries: [SpecEntry] = []
        /// The one value an `Accept` header parameter allows (or defaults to): the API's `accept`.
        var accept: String?
        var names = NameRegistry(reserved: ["request", "parser", "mock", "mockJSON", "apiName"])

        /// The placeholders no param fills, in the path's order: a param fills one when it goes in
        /// the path (`in: path`, or no `in` and its key is the placeholder's name).
        func unfilledPlaceholders(inOrderOf path: String) -> [String] {
            var filled: Set<String> = []
            for entry in entries {
                let key = OpenAPIMapper.wireKey(entry)
                var place: String?
                if case .map(let parts) = entry.value, case .text(let given)? = parts["in"] { place = given }
                if place == "path" || (place == nil && placeholders.contains(key)) { filled.insert(key) }
            }
            var seen: Set<String> = []
            return SpecNaming.placeholderList(ofPath: path).filter { !filled.contains($0) && seen.insert($0).inserted }
        }

        /// A required `String` param for a placeholder no parameter declares.
        mutating func addPathParam(_ placeholder: String) {
            let (name, renamed) = names.memberName(for: placeholder, fallback: "param")
            entries.add(name, renamed ? .map([SpecEntry("type", .text("String")), SpecEntry("in", .text("path")), SpecEntry("key", .text(placeholder))]) : .text("String"))
        }
    }

    /// A parameter's own schema (a description given on it describes the parameter; a referenced
    /// component's describes its type).
    private func parameterSchema(_ parameter: OpenAPI.Parameter) -> JSONSchema? {
        guard case .a(let context) = parameter.schemaOrContent, case .b(let schema) = context.schema else { return nil }
        return schema
    }

    /// The value a header parameter is fixed at: its only enum value, else its default.
    private func onlyHeaderValue(_ parameter: OpenAPI.Parameter) -> String? {
        guard case .a(let context) = parameter.schemaOrContent, let schema = context.schema.b.flatMap(resolved) else { return nil }
        let values = schema.allowedValues?.compactMap { $0.value as? String } ?? []
        if values.count == 1 { return values[0] }
        guard values.isEmpty, let value = schema.defaultValue?.value as? String, !value.isEmpty else { return nil }
        return value
    }

    /// An operation's parameters, its path's first. A parameter of `components/parameters` is read
    /// where it is declared, so that the enum of a parameter many operations share is one model
    /// named after the parameter (`Order`); an operation's own enum is named after both (`ListDropletsType`).
    private mutating func mapParameters(_ shared: OpenAPI.Parameter.Array, _ own: OpenAPI.Parameter.Array, api: String, method: String, pointer: JSONPointer, kept: [JSONMember], into params: inout ParamsBuilder) {
        var resolved: [(parameter: OpenAPI.Parameter, here: JSONPointer, place: JSONPointer?)] = []
        for (list, base) in [(shared, JSONPointer(pointer.tokens.dropLast() + ["parameters"])), (own, pointer.appending("parameters"))] {
            for (index, item) in list.enumerated() {
                let here = base.appending(String(index))
                guard let parameter = try? document.components.lookup(item) else {
                    warn(here, "reference", "parameter reference cannot be resolved: not imported")
                    continue
                }
                var place: JSONPointer?
                if case .a(let reference) = item, let name = reference.name, reference.absoluteString == "#/components/parameters/" + name {
                    place = JSONPointer(["components", "parameters", name])
                }
                resolved.removeAll { $0.parameter.name == parameter.name && $0.parameter.location == parameter.location }
                resolved.append((parameter, here, place))
            }
        }
        for (parameter, here, place) in resolved where !isCarriedByKept(at: here, operationKept: kept) {
            let hint = place == nil ? api + " " + parameter.name : parameter.name
            mapParameter(parameter, method: method, pointer: place ?? here, hint: hint, into: &params)
        }
    }

    private mutating func mapParameter(_ parameter: OpenAPI.Parameter, method: String, pointer: JSONPointer, hint: String, into params: inout ParamsBuilder) {
        let location: String
        switch parameter.location {
        case .path: location = "path"
        case .query: location = "query"
        case .header: location = "header"
        default:
            warn(pointer, "cookie", "\(parameter.location.rawValue) parameter '\(parameter.name)' not imported: apigen sends path, query, header and body params")
            return
        }
        // `Accept: application/vnd.pagerduty+json;version=2`, the only value: the API's `accept`;
        // one of several (an enum the caller picks from) stays a header param.
        if location == "header", parameter.name.lowercased() == "accept", let value = onlyHeaderValue(parameter) {
            params.accept = value
            return
        }
        if location == "path", !params.placeholders.contains(parameter.name) {
            warn(pointer, "parameter", "path parameter '\(parameter.name)' is not in the path: not imported")
            return
        }
        if location == "header", parameter.name.lowercased() == "content-type" {
            warn(pointer, "header", "header parameter '\(parameter.name)' not imported: the runtime sets it")
            return
        }
        var info = TypeInfo(type: "String")
        var entries: [SpecEntry] = []
        var style: OpenAPI.Parameter.SchemaContext?
        var component: (schema: JSONSchema, pointer: JSONPointer, isModel: Bool)?
        switch parameter.schemaOrContent {
        case .a(let context):
            style = context
            switch context.schema {
            case .a(let reference):
                let schema = JSONSchema.reference(reference.jsonReference)
                info = typeInfo(schema, at: pointer.appending("schema"), hint: hint)
                // OpenAPIKit reads `{$ref, default}` as the reference alone; 3.1 allows the sibling.
                if let value = raw.value(at: pointer.appending("schema", "default")), let node = defaultNode(value, schema: schema, type: info, at: pointer.appending("schema")) {
                    entries.add("default", node)
                }
                component = referencedComponent(schema)
            case .b(let schema):
                info = typeInfo(schema, at: pointer.appending("schema"), hint: hint)
                if let value = defaultNode(schema, type: info, at: pointer.appending("schema")) { entries.add("default", value) }
                component = referencedComponent(schema)
            }
            // The default of the component the schema refers to, when the parameter says none.
            if entries.isEmpty, let component, let value = defaultNode(component.schema, type: info, at: component.pointer) { entries.add("default", value) }
        case .b(let content):
            if let (type, media) = inDocumentOrder(content, at: pointer.appending("content"), key: \.rawValue).first, let schema = media.b?.schema {
                info = typeInfo(schema, at: pointer.appending("content", type.rawValue, "schema"), hint: hint)
                if type.rawValue != "application/json" {
                    warn(pointer.appending("content"), "param-content", "parameter content '\(type.rawValue)' sent as apigen sends the type (JSON text for objects)")
                }
            }
        }
        var (name, renamed) = params.names.memberName(for: parameter.name, fallback: "param")
        var namedByExport = false
        // An apigen export names a param whose key is not its Swift name (beside a `$ref` too).
        let schemaPointer = parameter.schemaOrContent.b.flatMap { content in content.keys.first.map { pointer.appending("content", $0.rawValue, "schema") } } ?? pointer.appending("schema")
        if let given = extensionText("x-apigen-name", at: schemaPointer), given != name, params.names.isFree(SpecNaming.memberName(given) ?? given) {
            params.names.reserve(SpecNaming.memberName(given) ?? given)
            (name, renamed, namedByExport) = (given, true, true)
        }
        if renamed, !namedByExport, SpecNaming.memberName(parameter.name) != nil {
            warn(pointer, "rename", "parameter '\(parameter.name)' named '\(name)': its Swift name is taken")
        }
        if location == "path", info.nullable {
            // A path has no null: the placeholder always holds text.
            warn(pointer.appending("schema"), "parameter", "path parameter '\(parameter.name)' allows null, which a path cannot hold: read as required")
            info.nullable = false
        }
        let optional = (!parameter.required && entries.isEmpty && location != "path")
            || raw.value(at: pointer.appending("schema", "x-apigen-optional")) == .bool(true)
        entries.insert(SpecEntry("type", .text(info.expression(optional: optional))), at: 0)
        let namesAPlaceholder = params.placeholders.contains(parameter.name) || params.placeholders.contains(name)
        let placedByDefault = location == "path" || (location == "query" && ["GET", "DELETE", "HEAD"].contains(method) && !namesAPlaceholder)
        if !placedByDefault { entries.add("in", .text(location)) }
        if renamed { entries.add("key", text: parameter.name) }
        entries.add("description", text: parameter.description ?? parameterSchema(parameter)?.description ?? component.flatMap { $0.isModel ? nil : $0.schema.description })
        if let format = info.format { entries.add("format", text: format) }
        if parameter.deprecated || parameterSchema(parameter)?.deprecated == true {
            entries.add("deprecated", deprecation(at: parameter.deprecated ? pointer : pointer.appending("schema")))
        }
        if let style {
            switch extensionText("x-apigen-style", at: pointer) {
            case "brackets"?:
                entries.add("style", .text("brackets"))
            case "none"?:
                break  // an apigen export's param without a style (a sum's value, sent by apigen's rule)
            default:
                entries += wireStyle(style, location: location, type: info, pointer: pointer)
            }
        }
        if extensionFlag("x-apigen-secret", at: pointer) { entries.add("secret", .literal("true")) }
        params.entries.add(name, entries.count == 1 ? entries[0].value : .map(entries))
    }

    /// `style`/`explode`/`allowReserved` where they differ from what apigen does anyway.
    private mutating func wireStyle(_ context: OpenAPI.Parameter.SchemaContext, location: String, type: TypeInfo, pointer: JSONPointer) -> [SpecEntry] {
        var entries: [SpecEntry] = []
        let isObject = !type.type.hasPrefix("[") && !["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "URL", "UUID", "Data", "JSON"].contains(type.type) && !enumModels.contains(type.type)
            || type.type.hasPrefix("[String:")
        switch (location, context.style) {
        case ("query", .form):
            if !context.explode { entries = [SpecEntry("style", .text("form")), SpecEntry("explode", .literal("false"))] }
            else if isObject { entries = [SpecEntry("style", .text("form"))] }
        case ("query", .pipeDelimited): entries = [SpecEntry("style", .text("pipeDelimited"))]
        case ("query", .spaceDelimited): entries = [SpecEntry("style", .text("spaceDelimited"))]
        case ("query", .deepObject): entries = [SpecEntry("style", .text("deepObject"))]
        case ("path", .simple), ("header", .simple): break
        default:
            warn(pointer.appending("style"), "style", "style '\(context.style.rawValue)' of a \(location) parameter not kept: sent in apigen's default way")
        }
        if context.allowReserved {
            if location == "path" { entries.add("allowReserved", .literal("true")) }
            else { warn(pointer.appending("allowReserved"), "style", "allowReserved of a \(location) parameter not kept: reserved characters are percent-encoded") }
        }
        return entries
    }
}
