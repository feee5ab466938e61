import APIGenCore
import Foundation

/// Builds the OpenAPI 3.1 document of one service as an ordered tree, for OpenAPIKit to read and
/// encode. What OpenAPI cannot say is kept in `x-apigen-…` extensions where the importer reads it
/// back (date formats, Swift names that differ from the wire key, open enums and sums), and
/// reported otherwise.
struct OpenAPIDocumentBuilder {
    let service: SpecDescription.Service
    var warnings: [String] = []
    /// Operations written.
    var operations = 0

    /// The models with fields, whose values are objects.
    private let objectModels: Set<String>
    /// The `oneOf` models, whose values are sent by apigen's own rule without a style.
    private let sumModels: Set<String>
    /// Each model's key in `components/schemas`: its name, or, for a name OpenAPI does not allow
    /// as a key (`物流`, `用户（新）`), one made of its letters OpenAPI allows (the name then kept in
    /// `x-apigen-name`).
    private let componentKeys: [String: String]

    init(service: SpecDescription.Service) {
        self.service = service
        objectModels = Set(service.models.compactMap { model in if case .object = model.kind { model.name } else { nil } })
        sumModels = Set(service.models.compactMap { model in if case .sum = model.kind { model.name } else { nil } })
        componentKeys = Self.componentKeys(service.models.map(\.name))
    }

    /// Keys for model names: a name of `A-Z a-z 0-9 . _ -` is its own key; any other is made of
    /// those of its characters (each run of others one `_`; `Model` when none is a letter first),
    /// numbered when taken.
    static func componentKeys(_ names: [String]) -> [String: String] {
        func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
        let isKey = { (name: String) in !name.isEmpty && name.unicodeScalars.allSatisfy(isAllowed) }
        var taken = Set(names.filter(isKey))
        var keys: [String: String] = [:]
        for name in names {
            if isKey(name) {
                keys[name] = name
                continue
            }
            var base = ""
            for scalar in name.unicodeScalars {
                if isAllowed(scalar) { base.unicodeScalars.append(scalar) } else if !base.isEmpty, !base.hasSuffix("_") { base += "_" }
            }
            while base.hasSuffix("_") { base.removeLast() }
            if !(base.unicodeScalars.first?.properties.isAlphabetic ?? false) { base = base.isEmpty ? "Model" : "Model_" + base }
            keys[name] = taken.insertFirstFree { number in base + (number.map(String.init) ?? "") }
        }
        return keys
    }

    /// A reference to a model's component.
    private func reference(to model: String) -> String {
        "#/components/schemas/" + (componentKeys[model] ?? model)
    }

    private static let builtins: [String: [SpecEntry]] = [
        "String": [SpecEntry("type", .text("string"))],
        "Int": [SpecEntry("type", .text("integer"))],
        "Int32": [SpecEntry("type", .text("integer")), SpecEntry("format", .text("int32"))],
        "Int64": [SpecEntry("type", .text("integer")), SpecEntry("format", .text("int64"))],
        "Double": [SpecEntry("type", .text("number")), SpecEntry("format", .text("double"))],
        "Float": [SpecEntry("type", .text("number")), SpecEntry("format", .text("float"))],
        "Decimal": [SpecEntry("type", .text("number")), SpecEntry("format", .text("decimal"))],
        "Bool": [SpecEntry("type", .text("boolean"))],
        "URL": [SpecEntry("type", .text("string")), SpecEntry("format", .text("uri"))],
        "UUID": [SpecEntry("type", .text("string")), SpecEntry("format", .text("uuid"))],
        "Data": [SpecEntry("type", .text("string")), SpecEntry("format", .text("byte"))],
        "File": [SpecEntry("type", .text("string")), SpecEntry("format", .text("binary"))],
        "JSON": [],
    ]

    /// The schema of a spec type expression; `format` is a date format.
    func schema(_ type: String, format: String? = nil) -> [SpecEntry] {
        var type = type
        if type.hasSuffix("?") { type.removeLast() }   // optional: not required
        if type.hasPrefix("[String:"), type.hasSuffix("]") {
            let inner = String(type.dropFirst(8).dropLast()).trimmingCharacters(in: .whitespaces)
            return [SpecEntry("type", .text("object")), SpecEntry("additionalProperties", .map(elementSchema(inner, format: format)))]
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            return [SpecEntry("type", .text("array")), SpecEntry("items", .map(elementSchema(String(type.dropFirst().dropLast()), format: format)))]
        }
        if type == "Date" {
            switch format {
            case nil: return [SpecEntry("type", .text("string")), SpecEntry("format", .text("date-time"))]
            case "iso8601"?: return [SpecEntry("type", .text("string")), SpecEntry("format", .text("date-time")), SpecEntry("x-apigen-format", .text("iso8601"))]
            case "date"?: return [SpecEntry("type", .text("string")), SpecEntry("format", .text("date"))]
            case "epochSeconds"?: return [SpecEntry("type", .text("number")), SpecEntry("x-apigen-format", .text("epochSeconds"))]
            case "epochMillis"?: return [SpecEntry("type", .text("integer")), SpecEntry("format", .text("int64")), SpecEntry("x-apigen-format", .text("epochMillis"))]
            case let pattern?: return [SpecEntry("type", .text("string")), SpecEntry("x-apigen-format", .text(pattern))]
            }
        }
        if let builtin = Self.builtins[type] { return builtin }
        return [SpecEntry("$ref", .text(reference(to: type)))]
    }

    /// The schema of a list's element or a map's value: `[Int?]`'s elements may be null.
    private func elementSchema(_ type: String, format: String?) -> [SpecEntry] {
        guard type.hasSuffix("?") else { return schema(type, format: format) }
        return [SpecEntry("oneOf", .list([.map(schema(type, format: format)), .map([SpecEntry("type", .text("null"))])]))]
    }

    private func fieldSchema(_ field: SpecDescription.Field) -> [SpecEntry] {
        var entries = schema(field.type, format: field.format)
        if entries.first?.key == "$ref", field.description != nil || field.defaultValue != nil || field.deprecated != nil {
            // 3.1 allows siblings of $ref; OpenAPIKit keeps description and the rest beside it.
        }
        entries.add("description", text: field.description)
        if let value = field.defaultValue {
            entries.add("default", .json(Self.json(value)))
            // `T?` with a default: absent means the default, and `nil` can still be sent.
            if field.type.hasSuffix("?") { entries.add("x-apigen-optional", .literal("true")) }
        }
        entries += Self.deprecation(field.deprecated)
        if SpecNaming.memberName(field.key) != SpecNaming.memberName(field.name) {
            entries.add("x-apigen-name", .text(field.name))
        }
        return entries
    }

    /// A spec value as a block of YAML (objects keyed in sorted order).
    static func node(_ value: SpecValue) -> SpecNode {
        switch value {
        case .null: .literal("null")
        case .bool(let flag): .literal(flag ? "true" : "false")
        case .integer(let text), .number(let text): .literal(text)
        case .string(let text): .text(text)
        case .array(let items): .list(items.map(node))
        case .object(let members): .map(members.map { SpecEntry($0.key, node($0.value)) })
        }
    }

    /// `deprecated: true`, and the message in `x-apigen-deprecated` when the spec gives one.
    static func deprecation(_ deprecated: String?) -> [SpecEntry] {
        guard let deprecated else { return [] }
        var entries = [SpecEntry("deprecated", .literal("true"))]
        if !deprecated.isEmpty, deprecated != "true" { entries.add("x-apigen-deprecated", .text(deprecated)) }
        return entries
    }

    static func json(_ value: SpecValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let text), .number(let text): .number(text)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(json))
        case .object(let members): .object(members.map { JSONMember(key: $0.key, value: json($0.value)) })
        }
    }

    /// An object schema of fields: properties, and `required` for the fields that are neither
    /// optional nor defaulted.
    private func objectSchema(_ fields: [SpecDescription.Field], additional: String? = nil) -> [SpecEntry] {
        var entries: [SpecEntry] = [SpecEntry("type", .text("object"))]
        entries.add("properties", .map(fields.map { SpecEntry($0.key, .map(fieldSchema($0))) }))
        let required = fields.filter { !$0.type.hasSuffix("?") && $0.defaultValue == nil }.map { SpecNode.text($0.key) }
        if !required.isEmpty { entries.add("required", .list(required)) }
        if let additional { entries.add("additionalProperties", .map(schema(additional))) }
        // A model with no fields, which an object schema without properties is not on import.
        if fields.isEmpty, additional == nil { entries.add("x-apigen-model", .literal("true")) }
        return entries
    }

    /// Whether a type's values are objects: a map, or a model with fields.
    private func isObject(_ type: String) -> Bool {
        let bare = Self.unwrapped(type)
        return bare.hasPrefix("[String:") || objectModels.contains(bare)
    }

    /// Whether a type's values are a `oneOf` model's.
    private func isSum(_ type: String) -> Bool {
        sumModels.contains(Self.unwrapped(type))
    }

    /// A type expression without its `?`.
    private static func unwrapped(_ type: String) -> String {
        type.hasSuffix("?") ? String(type.dropLast()) : type
    }

    private func modelSchema(_ model: SpecDescription.Model) -> [SpecEntry] {
        var entries: [SpecEntry]
        switch model.kind {
        case .object(let fields, let additional):
            entries = objectSchema(fields, additional: additional)
        case .enumeration(let cases, let isInteger, let open):
            entries = [SpecEntry("type", .text(isInteger ? "integer" : "string"))]
            entries.add("enum", .list(cases.map { isInteger ? .literal($0.value) : .text($0.value) }))
            entries.add("x-enum-varnames", .list(cases.map { .text($0.name) }))
            if cases.contains(where: { $0.description != nil }) {
                entries.add("x-enum-descriptions", .list(cases.map { .text($0.description ?? "") }))
            }
            if open { entries.add("x-apigen-unknown", .literal("true")) }
        case .sum(let members, let discriminator, let mapping, let open):
            entries = [SpecEntry("oneOf", .list(members.map { member in
                var schema = schema(member.type)
                schema.add("description", text: member.description)
                return .map(schema)
            }))]
            entries.add("x-apigen-cases", .list(members.map { .text($0.name) }))
            // Importers read a `oneOf` of one member as that member.
            if members.count == 1 { entries.add("x-apigen-model", .literal("true")) }
            if let discriminator {
                var parts: [SpecEntry] = [SpecEntry("propertyName", .text(discriminator))]
                if !mapping.isEmpty {
                    parts.add("mapping", .map(mapping.map { SpecEntry($0.tag, .text(reference(to: $0.model))) }))
                }
                entries.add("discriminator", .map(parts))
            }
            if open { entries.add("x-apigen-unknown", .literal("true")) }
        }
        entries.insert(contentsOf: [model.description.map { SpecEntry("description", .text($0)) }].compactMap { $0 }, at: 0)
        entries += Self.deprecation(model.deprecated)
        if let additional = model.additionalFields {
            var kept: [SpecEntry] = [SpecEntry("name", .text(additional.name))]
            kept.add("description", text: additional.description)
            entries.add("x-apigen-additional-fields", .map(kept))
        }
        return entries
    }

    /// The whole document.
    mutating func build() -> [SpecEntry] {
        var document: [SpecEntry] = [SpecEntry("openapi", .text("3.1.0"))]
        var info: [SpecEntry] = [SpecEntry("title", .text(service.name)), SpecEntry("version", .text("1.0.0"))]
        info.add("description", text: service.description)
        document.add("info", .map(info))
        document.add("servers", .list(service.environments.map { .map([SpecEntry("url", .text($0.url)), SpecEntry("description", .text($0.name))]) }))
        if !service.keptAsWritten.isEmpty {
            // The service's defaults (envelope, headers and query items, timeout, styles, dates) and
            // default environment as the spec writes them; the importer reads them back.
            document.add("x-apigen", .map(service.keptAsWritten.map { SpecEntry($0.key, Self.node($0.value)) }))
        }
        var paths: [(String, [SpecEntry])] = []
        var taken: [String: String] = [:]  // route → the path it is written under
        var alternatives: [String: [SpecNode]] = [:]
        for api in service.apis {
            let method = api.method.lowercased()
            // OpenAPI has one operation per path and method; `:id` and `{id}` are the same path.
            // Further APIs of a route (an endpoint answered in several ways) go in the path item's
            // `x-apigen-operations`, which apigen's importer reads and other tools ignore.
            let route = method + " " + api.path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
            operations += 1
            if let path = taken[route] {
                var operation = self.operation(api)
                operation.insert(SpecEntry("x-apigen-method", .text(method)), at: 0)
                if path != api.path { operation.insert(SpecEntry("x-apigen-path", .text(api.path)), at: 1) }
                alternatives[path, default: []].append(.map(operation))
                continue
            }
            taken[route] = api.path
            let operation = self.operation(api)
            if let index = paths.firstIndex(where: { $0.0 == api.path }) {
                paths[index].1.add(api.method.lowercased(), .map(operation))
            } else {
                paths.append((api.path, [SpecEntry(api.method.lowercased(), .map(operation))]))
            }
        }
        document.add("paths", .map(paths.map { path, item in
            SpecEntry(path, .map(item + (alternatives[path].map { [SpecEntry("x-apigen-operations", .list($0))] } ?? [])))
        }))
        let schemas = service.models.map { model in
            let key = componentKeys[model.name] ?? model.name
            return SpecEntry(key, .map(modelSchema(model) + (key == model.name ? [] : [SpecEntry("x-apigen-name", .text(model.name))])))
        }
        document.add("components", .map([SpecEntry("schemas", .map(schemas))]))
        return document
    }

    private mutating func operation(_ api: SpecDescription.Api) -> [SpecEntry] {
        var entries: [SpecEntry] = [SpecEntry("operationId", .text(api.name))]
        let tags = api.tags.first { $0.0 == "tags" }?.1.split(separator: ",").map { SpecNode.text(String($0)) } ?? []
        if !tags.isEmpty { entries.add("tags", .list(tags)) }
        entries.add("description", text: api.description)
        var parameters: [SpecNode] = []
        for param in api.params where param.location != "body" {
            var entry: [SpecEntry] = [SpecEntry("name", .text(param.field.key)), SpecEntry("in", .text(param.location))]
            if param.location == "path" || (!param.field.type.hasSuffix("?") && param.field.defaultValue == nil) {
                entry.add("required", .literal("true"))
            }
            entry.add("description", text: param.field.description)
            entry += Self.deprecation(param.field.deprecated)
            if let style = param.style {
                // `brackets` (`ids[]=1&ids[]=2`) has no OpenAPI name: `form` for other tools.
                entry.add("style", .text(style == "brackets" ? "form" : style))
                if let explode = param.explode { entry.add("explode", .literal(explode ? "true" : "false")) }
                if style == "brackets" { entry.add("x-apigen-style", .text(style)) }
            }
            if param.allowReserved { entry.add("allowReserved", .literal("true")) }
            if param.secret { entry.add("x-apigen-secret", .literal("true")) }
            var schema = fieldSchema(param.field)
            schema.removeAll { ["description", "deprecated", "x-apigen-deprecated"].contains($0.key) }
            if param.location == "query", param.style == nil, isObject(param.field.type) {
                // apigen sends an object without a style as JSON text (`filter={"n":1}`): OpenAPI
                // says that with `content`, where `schema` would mean its fields spread as items.
                entry.add("content", .map([SpecEntry("application/json", .map([SpecEntry("schema", .map(schema))]))]))
            } else {
                entry.add("schema", .map(schema))
                // A sum without a style goes by apigen's rule (a text member as text, an object one
                // as JSON), which no OpenAPI style says: the importer reads the marker back.
                if param.location == "query", param.style == nil, isSum(param.field.type) {
                    entry.add("x-apigen-style", .text("none"))
                }
            }
            parameters.append(.map(entry))
        }
        // Values sent with every call are required parameters of one value for other tools; apigen's
        // importer skips them (`x-apigen-constant`, `x-apigen-default`) and reads `x-apigen` instead.
        let constants = api.constantQuery.map { ($0.0, "query", $0.1 ?? "", "x-apigen-constant") }
            + api.constantHeaders.map { ($0.0, "header", $0.1, "x-apigen-constant") }
            + service.query.filter { name, _ in !api.constantQuery.contains { $0.0 == name } }.map { ($0.0, "query", $0.1, "x-apigen-default") }
            + service.headers.filter { name, _ in !api.constantHeaders.contains { $0.0.lowercased() == name.lowercased() } }.map { ($0.0, "header", $0.1, "x-apigen-default") }
        for (name, location, value, marker) in constants {
            parameters.append(.map([SpecEntry("name", .text(name)), SpecEntry("in", .text(location)), SpecEntry("required", .literal("true")),
                                    SpecEntry("schema", .map([SpecEntry("type", .text("string")), SpecEntry("enum", .list([.text(value)]))])),
                                    SpecEntry(marker, .literal("true"))]))
        }
        if !parameters.isEmpty { entries.add("parameters", .list(parameters)) }
        let bodyParams = api.params.filter { $0.location == "body" }.map(\.field)
        if let whole = api.wholeBody {
            entries.add("requestBody", .map([SpecEntry("required", .literal("true")), SpecEntry("content", .map([SpecEntry("application/json", .map([SpecEntry("schema", .map(schema(whole)))]))]))]))
        } else if !bodyParams.isEmpty || api.bodyEncoding == "multipart" {
            // A multipart body without params is still sent as one (an object of no parts).
            let type = switch api.bodyEncoding {
            case "form": "application/x-www-form-urlencoded"
            case "multipart": "multipart/form-data"
            default: "application/json"
            }
            var media: [SpecEntry] = [SpecEntry("schema", .map(bodySchema(api)))]
            if type != "application/json", let encoding = formEncoding(api) { media.add("encoding", .map(encoding)) }
            entries.add("requestBody", .map([SpecEntry("required", .literal("true")), SpecEntry("content", .map([SpecEntry(type, .map(media))]))]))
        }
        if api.bodyEncoding == "raw" { entries.add("requestBody", .map(rawBody(api))) }
        entries.add("responses", .map(responses(api)))
        if api.deprecated != nil { entries.add("deprecated", .literal("true")) }
        for (name, value) in api.tags where name != "tags" { entries.add("x-" + name, .text(value)) }
        var kept = api.keptAsWritten.map { SpecEntry($0.key, Self.node($0.value)) }
        // Params come back as parameters, then body properties: say so when the spec orders them otherwise.
        let order = api.params.map(\.field.name)
        if order != api.params.filter({ $0.location != "body" }).map(\.field.name) + api.params.filter({ $0.location == "body" }).map(\.field.name) {
            kept.add("paramOrder", .list(order.map { .text($0) }))
        }
        if !kept.isEmpty { entries.add("x-apigen", .map(kept)) }
        return entries
    }

    /// The object schema of the body params; a secret param's property says `x-apigen-secret`.
    private func bodySchema(_ api: SpecDescription.Api) -> [SpecEntry] {
        let params = api.params.filter { $0.location == "body" }
        var entries = objectSchema(params.map(\.field))
        guard let index = entries.firstIndex(where: { $0.key == "properties" }), case .map(var properties) = entries[index].value else { return entries }
        for param in params where param.secret {
            if let at = properties.firstIndex(where: { $0.key == param.field.key }), case .map(var schema) = properties[at].value {
                schema.add("x-apigen-secret", .literal("true"))
                properties[at].value = .map(schema)
            }
        }
        entries[index].value = .map(properties)
        return entries
    }

    /// A form or multipart body's `encoding`: the wire style of the params that have one.
    private func formEncoding(_ api: SpecDescription.Api) -> [SpecEntry]? {
        var encoding: [SpecEntry] = []
        for param in api.params where param.location == "body" {
            guard let style = param.style else { continue }
            var entry: [SpecEntry] = [SpecEntry("style", .text(style == "brackets" ? "form" : style))]
            if let explode = param.explode { entry.add("explode", .literal(explode ? "true" : "false")) }
            if style == "brackets" { entry.add("x-apigen-style", .text(style)) }
            encoding.add(param.field.key, .map(entry))
        }
        return encoding.isEmpty ? nil : encoding
    }

    /// A raw request body: its content type (`text/plain` or `application/octet-stream` unless the
    /// spec names one) with a string schema.
    private func rawBody(_ api: SpecDescription.Api) -> [SpecEntry] {
        var format: String?
        var contentType: String?
        let body = api.keptAsWritten.first { $0.key == "body" }?.value
        if case .string(let text)? = body?["format"] { format = text }
        if case .string(let text)? = body?["contentType"] { contentType = text }
        let text = format == "text"
        var schema: [SpecEntry] = [SpecEntry("type", .text("string"))]
        if !text { schema.add("format", .text("binary")) }
        let type = contentType ?? (text ? "text/plain" : "application/octet-stream")
        return [SpecEntry("required", .literal("true")), SpecEntry("content", .map([SpecEntry(type, .map([SpecEntry("schema", .map(schema))]))]))]
    }

    private func content(_ body: SpecDescription.Body, envelope: Bool, mock: String?) -> [SpecEntry]? {
        var media: [SpecEntry]
        let type: String
        switch body {
        case .none: return nil
        case .text: type = "text/plain"; media = [SpecEntry("schema", .map([SpecEntry("type", .text("string"))]))]
        case .binary: type = "application/octet-stream"; media = []
        case .type(let name):
            type = "application/json"
            media = [SpecEntry("schema", .map(wrapped(schema(name), nullable: name.hasSuffix("?"), envelope: envelope)))]
        case .fields(let fields):
            type = "application/json"
            media = [SpecEntry("schema", .map(wrapped(objectSchema(fields), nullable: false, envelope: envelope)))]
        }
        if let mock, !envelope {
            // The canonical JSON text, members in the spec's order (JSON is YAML's flow style).
            media.add("example", .literal(mock))
        }
        return [SpecEntry(type, .map(media))]
    }

    /// A body schema, inside the service's envelope when the API uses one.
    private func wrapped(_ schema: [SpecEntry], nullable: Bool, envelope: Bool) -> [SpecEntry] {
        var schema = schema
        if nullable { schema = [SpecEntry("oneOf", .list([.map(schema), .map([SpecEntry("type", .text("null"))])]))] }
        guard envelope, let keys = service.envelope else { return schema }
        var properties: [SpecEntry] = [SpecEntry(keys.code, .map([]))]
        if let message = keys.message { properties.add(message, .map([SpecEntry("type", .text("string"))])) }
        properties.add(keys.result, .map(schema))
        return [SpecEntry("type", .text("object")), SpecEntry("properties", .map(properties)), SpecEntry("required", .list([.text(keys.code)]))]
    }

    private func responses(_ api: SpecDescription.Api) -> [SpecEntry] {
        var main: [SpecEntry] = [SpecEntry("description", .text(api.responseDescription ?? ""))]
        if !api.responseHeaders.isEmpty {
            main.add("headers", .map(api.responseHeaders.map { header in
                var entry: [SpecEntry] = []
                entry.add("description", text: header.description)
                if !header.type.hasSuffix("?") { entry.add("required", .literal("true")) }
                entry.add("schema", .map(schema(header.type, format: header.format)))
                if SpecNaming.memberName(header.key) != SpecNaming.memberName(header.name) { entry.add("x-apigen-name", .text(header.name)) }
                return SpecEntry(header.key, .map(entry))
            }))
        }
        if let content = content(api.response, envelope: api.usesEnvelope, mock: api.mockJSON) { main.add("content", .map(content)) }
        var entries: [SpecEntry] = []
        let noBody = if case .none = api.response { api.responseHeaders.isEmpty } else { false }
        // Without a `response`, statuses of success the spec lists say what success is.
        if !(noBody && api.responses.contains { $0.status.hasPrefix("2") }) {
            let status = noBody ? "204" : "200"
            if !api.responses.contains(where: { $0.status == status }) { entries.add(status, .map(main)) }
        }
        for (status, body, description, success) in api.responses {
            var entry: [SpecEntry] = [SpecEntry("description", .text(description ?? ""))]
            if let content = content(body, envelope: false, mock: nil) { entry.add("content", .map(content)) }
            // A status the spec counts otherwise than HTTP does (`404: { success: true }`); a 2XX
            // status the spec lists itself, which the importer must not take for the `response`.
            if success != status.hasPrefix("2") || status.hasPrefix("2") { entry.add("x-apigen-success", .literal(success ? "true" : "false")) }
            entries.add(status, .map(entry))
        }
        return entries
    }
}
