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

    init(service: SpecDescription.Service) {
        self.service = service
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
            return [SpecEntry("type", .text("object")), SpecEntry("additionalProperties", .map(schema(inner, format: format)))]
        }
        if type.hasPrefix("["), type.hasSuffix("]") {
            return [SpecEntry("type", .text("array")), SpecEntry("items", .map(schema(String(type.dropFirst().dropLast()), format: format)))]
        }
        if type == "Date" {
            switch format {
            case nil: return [SpecEntry("type", .text("string")), SpecEntry("format", .text("date-time"))]
            case "date"?: return [SpecEntry("type", .text("string")), SpecEntry("format", .text("date"))]
            case "epochSeconds"?: return [SpecEntry("type", .text("number")), SpecEntry("x-apigen-format", .text("epochSeconds"))]
            case "epochMillis"?: return [SpecEntry("type", .text("integer")), SpecEntry("format", .text("int64")), SpecEntry("x-apigen-format", .text("epochMillis"))]
            case let pattern?: return [SpecEntry("type", .text("string")), SpecEntry("x-apigen-format", .text(pattern))]
            }
        }
        if let builtin = Self.builtins[type] { return builtin }
        return [SpecEntry("$ref", .text("#/components/schemas/\(type)"))]
    }

    private func fieldSchema(_ field: SpecDescription.Field) -> [SpecEntry] {
        var entries = schema(field.type, format: field.format)
        if entries.first?.key == "$ref", field.description != nil || field.defaultValue != nil || field.deprecated != nil {
            // 3.1 allows siblings of $ref; OpenAPIKit keeps description and the rest beside it.
        }
        entries.add("description", text: field.description)
        if let value = field.defaultValue { entries.add("default", .json(Self.json(value))) }
        if field.deprecated != nil { entries.add("deprecated", .literal("true")) }
        if SpecNaming.memberName(field.key) != SpecNaming.memberName(field.name) {
            entries.add("x-apigen-name", .text(field.name))
        }
        return entries
    }

    static func json(_ value: SpecValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let text), .number(let text): .number(text)
        case .string(let text): .string(text)
        case .array(let items): .array(items.map(json))
        case .object(let object): .object(object.keys.sorted().map { JSONMember(key: $0, value: json(object[$0] ?? .null)) })
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
        return entries
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
            entries = [SpecEntry("oneOf", .list(members.map { .map(schema($0.type)) }))]
            if let discriminator {
                var parts: [SpecEntry] = [SpecEntry("propertyName", .text(discriminator))]
                if !mapping.isEmpty {
                    parts.add("mapping", .map(mapping.map { SpecEntry($0.tag, .text("#/components/schemas/\($0.model)")) }))
                }
                entries.add("discriminator", .map(parts))
            }
            if open { entries.add("x-apigen-unknown", .literal("true")) }
        }
        entries.insert(contentsOf: [model.description.map { SpecEntry("description", .text($0)) }].compactMap { $0 }, at: 0)
        if model.deprecated != nil { entries.add("deprecated", .literal("true")) }
        return entries
    }

    /// The whole document.
    mutating func build() -> [SpecEntry] {
        var document: [SpecEntry] = [SpecEntry("openapi", .text("3.1.0"))]
        var info: [SpecEntry] = [SpecEntry("title", .text(service.name)), SpecEntry("version", .text("1.0.0"))]
        info.add("description", text: service.description)
        document.add("info", .map(info))
        document.add("servers", .list(service.environments.map { .map([SpecEntry("url", .text($0.url)), SpecEntry("description", .text($0.name))]) }))
        if !service.headers.isEmpty || !service.query.isEmpty {
            warnings.append("\(service.name): warning: the service's default headers and query items (\((service.headers + service.query).map(\.0).joined(separator: ", "))) are not in the document: OpenAPI has no defaults for every operation")
        }
        if service.envelope != nil {
            warnings.append("\(service.name): warning: the envelope is written out in each response schema ({code, message, result}); importing the document gives the wrapped types")
        }
        var paths: [(String, [SpecEntry])] = []
        var taken: [String: String] = [:]
        for api in service.apis {
            let method = api.method.lowercased()
            // OpenAPI has one operation per path and method; `:id` and `{id}` are the same path.
            let route = method + " " + api.path.replacingOccurrences(of: #"\{[^}]*\}"#, with: "{}", options: .regularExpression)
            if let other = taken[route] {
                warnings.append("\(api.name): warning: not exported: \(api.method) \(api.path) is already operation '\(other)' (OpenAPI has one operation per path and method)")
                continue
            }
            taken[route] = api.name
            operations += 1
            let operation = self.operation(api)
            if let index = paths.firstIndex(where: { $0.0 == api.path }) {
                paths[index].1.add(api.method.lowercased(), .map(operation))
            } else {
                paths.append((api.path, [SpecEntry(api.method.lowercased(), .map(operation))]))
            }
        }
        document.add("paths", .map(paths.map { SpecEntry($0.0, .map($0.1)) }))
        let schemas = service.models.map { SpecEntry($0.name, .map(modelSchema($0))) }
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
            if param.field.deprecated != nil { entry.add("deprecated", .literal("true")) }
            if let style = param.style {
                if style == "brackets" {
                    warnings.append("\(api.name): warning: param '\(param.field.name)' style brackets has no OpenAPI name: written as form")
                    entry.add("style", .text("form"))
                } else {
                    entry.add("style", .text(style))
                }
                if let explode = param.explode { entry.add("explode", .literal(explode ? "true" : "false")) }
            }
            if param.allowReserved { entry.add("allowReserved", .literal("true")) }
            var schema = fieldSchema(param.field)
            schema.removeAll { $0.key == "description" || $0.key == "deprecated" }
            entry.add("schema", .map(schema))
            parameters.append(.map(entry))
        }
        for (name, value) in api.constantQuery {
            warnings.append("\(api.name): warning: constant query item '\(name)' written as a required parameter with a single value")
            parameters.append(.map([SpecEntry("name", .text(name)), SpecEntry("in", .text("query")), SpecEntry("required", .literal("true")),
                                    SpecEntry("schema", .map([SpecEntry("type", .text("string")), SpecEntry("enum", .list([.text(value ?? "")]))]))]))
        }
        for (name, value) in api.constantHeaders {
            warnings.append("\(api.name): warning: constant header '\(name)' written as a required parameter with a single value")
            parameters.append(.map([SpecEntry("name", .text(name)), SpecEntry("in", .text("header")), SpecEntry("required", .literal("true")),
                                    SpecEntry("schema", .map([SpecEntry("type", .text("string")), SpecEntry("enum", .list([.text(value)]))]))]))
        }
        if !parameters.isEmpty { entries.add("parameters", .list(parameters)) }
        let bodyParams = api.params.filter { $0.location == "body" }.map(\.field)
        if let whole = api.wholeBody {
            entries.add("requestBody", .map([SpecEntry("required", .literal("true")), SpecEntry("content", .map([SpecEntry("application/json", .map([SpecEntry("schema", .map(schema(whole)))]))]))]))
        } else if !bodyParams.isEmpty {
            let type = switch api.bodyEncoding {
            case "form": "application/x-www-form-urlencoded"
            case "multipart": "multipart/form-data"
            default: "application/json"
            }
            entries.add("requestBody", .map([SpecEntry("required", .literal("true")), SpecEntry("content", .map([SpecEntry(type, .map([SpecEntry("schema", .map(objectSchema(bodyParams)))]))]))]))
        }
        if api.bodyEncoding == "raw" { warnings.append("\(api.name): warning: its raw request body is not exported") }
        entries.add("responses", .map(responses(api)))
        if api.deprecated != nil { entries.add("deprecated", .literal("true")) }
        for (name, value) in api.tags where name != "tags" { entries.add("x-" + name, .text(value)) }
        return entries
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
        if case .none = api.response, api.responseHeaders.isEmpty { entries.add("204", .map(main)) } else { entries.add("200", .map(main)) }
        for (status, body, description) in api.responses {
            var entry: [SpecEntry] = [SpecEntry("description", .text(description ?? ""))]
            if let content = content(body, envelope: false, mock: nil) { entry.add("content", .map(content)) }
            entries.add(status, .map(entry))
        }
        return entries
    }
}
