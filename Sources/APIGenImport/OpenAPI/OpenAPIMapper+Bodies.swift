import APIGenCore
import Foundation
import OpenAPIKit

/// Request bodies and responses.
extension OpenAPIMapper {
    private static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    mutating func mapRequestBody(_ item: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>, api: String, method: String, pointer: JSONPointer, params: inout ParamsBuilder, entries: inout [SpecEntry]) {
        guard let body = try? document.components.lookup(item) else {
            warn(pointer, "reference", "request body reference cannot be resolved: not imported")
            return
        }
        if method == "GET" || method == "HEAD" {
            warn(pointer, "body", "a request body on \(method) not imported: apigen sends none")
            return
        }
        let content = inDocumentOrder(body.content, at: pointer.appending("content"), key: \.rawValue).map { ($0.key.rawValue, $0.value) }
        let json = content.first { Self.isJSON($0.0.lowercased()) }
        let form = content.first { $0.0.lowercased() == "application/x-www-form-urlencoded" }
        let multipart = content.first { $0.0.lowercased().hasPrefix("multipart/") }
        guard let (type, media) = json ?? form ?? multipart else {
            if let (type, _) = content.first {
                warn(pointer.appending("content", type), "body", "request body '\(type)' not imported: apigen sends JSON and form bodies")
            }
            return
        }
        for (other, _) in content where other != type {
            warn(pointer.appending("content", other), "body", "request body '\(other)' not imported: '\(type)' is sent")
        }
        let here = pointer.appending("content", type)
        guard let mediaValue = media.b, let schema = mediaValue.schema else {
            if media.b == nil { warn(here, "reference", "media type reference not followed") }
            return
        }
        let isForm = json == nil
        if type.hasPrefix("multipart/") {
            warn(here, "multipart", "multipart body sent as a URL-encoded form: apigen does not write multipart bodies (file parts are base64 text)")
        }
        // An object body: its properties are params (a named model's, with `paramsFrom`).
        if case .reference(let reference, _) = schema.value, let name = reference.name, let model = componentModels[name], !enumModels.contains(model), Self.isObjectComponent(document.components.schemas[OpenAPI.ComponentKey(rawValue: name) ?? "_"]) {
            if isForm {
                entries.add("body", .text("form"))
                entries.add("paramsFrom", .text(model))
            } else {
                entries.add("body", .map([SpecEntry("type", .text(model))]))
            }
            return
        }
        if case .object(_, let context) = schema.value, !context.properties.isEmpty {
            let (fields, additional) = objectFields(api + "Body", schema: schema, at: here.appending("schema"))
            if additional != nil { warn(here.appending("schema", "additionalProperties"), "body", "extra keys of a body object not kept: only its properties are params") }
            for field in fields {
                var node = field.value
                if method == "DELETE" {
                    if case .map(var parts) = node { parts.insert(SpecEntry("in", .text("body")), at: 1); node = .map(parts) }
                    else { node = .map([SpecEntry("type", node), SpecEntry("in", .text("body"))]) }
                }
                var name = field.key
                if !params.names.isFree(SpecNaming.memberName(name) ?? name) {
                    let made = params.names.memberName(for: name, fallback: "param").name
                    warn(here.appending("schema", "properties", name), "rename", "body property '\(name)' named '\(made)': its Swift name is taken by another param")
                    // `in: body`, as a path placeholder of the same name would otherwise take it.
                    if case .map(var parts) = node {
                        if !parts.contains(where: { $0.key == "key" }) { parts.insert(SpecEntry("key", .text(name)), at: 1) }
                        if !parts.contains(where: { $0.key == "in" }) { parts.insert(SpecEntry("in", .text("body")), at: 1) }
                        node = .map(parts)
                    } else {
                        node = .map([SpecEntry("type", node), SpecEntry("in", .text("body")), SpecEntry("key", .text(name))])
                    }
                    name = made
                } else {
                    params.names.reserve(SpecNaming.memberName(name) ?? name)
                }
                params.entries.add(name, node)
            }
            if isForm { entries.add("body", .text("form")) }
            return
        }
        if isForm {
            warn(here.appending("schema"), "body", "a form body that is not an object not imported")
            return
        }
        let info = typeInfo(schema, at: here.appending("schema"), hint: api + "Body")
        entries.add("body", .map([SpecEntry("type", .text(info.expression(optional: false)))]))
    }

    static func isObjectComponent(_ schema: JSONSchema?) -> Bool {
        guard let schema else { return false }
        switch schema.value {
        case .object, .all: return true
        default: return false
        }
    }

    // MARK: Responses

    mutating func mapResponses(_ responses: OpenAPI.Response.Map, api: String, pointer: JSONPointer, entries: inout [SpecEntry]) {
        let statuses = inDocumentOrder(responses, at: pointer, key: \.rawValue).map { ($0.key.rawValue, $0.value) }
        let successes = statuses.filter { $0.0.hasPrefix("2") }
        let primary = successes.first { $0.0 == "200" }?.0 ?? successes.map(\.0).sorted().first
        var others: [SpecEntry] = []
        for (status, item) in statuses {
            let here = pointer.appending(status)
            guard let response = try? document.components.lookup(item) else {
                warn(here, "reference", "response reference cannot be resolved: not imported")
                continue
            }
            if status == primary {
                mapPrimaryResponse(response, api: api, pointer: here, entries: &entries)
            } else {
                if let headers = response.headers, !headers.isEmpty {
                    warn(here.appending("headers"), "header", "headers of status \(status) not kept: typed headers are read on the 2XX answer only")
                }
                var value = bodyNode(response, api: api, status: status, pointer: here)
                if ["204", "304"].contains(status), value != .text("empty") {
                    warn(here.appending("content"), "body", "a body on \(status) dropped: that status never carries one")
                    value = .text("empty")
                }
                if let description = response.description, !description.isEmpty {
                    if case .text(let type) = value, type != "empty" {
                        value = .map([SpecEntry("type", .text(type)), SpecEntry("description", .text(description))])
                    } else if case .map(var parts) = value {
                        parts.add("description", text: description)
                        value = .map(parts)
                    } else {
                        value = .map([SpecEntry("description", .text(description))])
                    }
                }
                others.add(status, value)
            }
        }
        if !others.isEmpty { entries.add("responses", .map(others)) }
    }

    /// The JSON media of a response, or its first.
    private func media(of response: OpenAPI.Response, at pointer: JSONPointer) -> (String, OpenAPI.Content)? {
        let content = inDocumentOrder(response.content, at: pointer.appending("content"), key: \.rawValue).compactMap { entry in entry.value.b.map { (entry.key.rawValue.lowercased(), $0) } }
        return content.first { Self.isJSON($0.0) } ?? content.first
    }

    /// What a non-2XX status carries: a type, `empty`, or `{ format }`.
    private mutating func bodyNode(_ response: OpenAPI.Response, api: String, status: String, pointer: JSONPointer) -> SpecNode {
        guard let (type, media) = media(of: response, at: pointer) else { return .text("empty") }
        if !Self.isJSON(type) {
            return .map([SpecEntry("format", .text(type.hasPrefix("text/") ? "text" : "binary"))])
        }
        guard let schema = media.schema else { return .map([SpecEntry("type", .text("JSON"))]) }
        let info = typeInfo(schema, at: pointer.appending("content", type, "schema"), hint: api + status.uppercased() + "Body")
        return .text(info.expression(optional: false))
    }

    private mutating func mapPrimaryResponse(_ response: OpenAPI.Response, api: String, pointer: JSONPointer, entries: inout [SpecEntry]) {
        var result: [SpecEntry] = []
        var mock: JSONValue?
        if let (type, media) = media(of: response, at: pointer) {
            let here = pointer.appending("content", type)
            if !Self.isJSON(type) {
                result.add("format", .text(type.hasPrefix("text/") ? "text" : "binary"))
            } else if let schema = media.schema {
                if case .object(_, let context) = schema.value, !context.properties.isEmpty {
                    let (fields, additional) = objectFields(api + "Response", schema: schema, at: here.appending("schema"))
                    if additional != nil { warn(here.appending("schema", "additionalProperties"), "body", "extra keys of an inline response not kept: declare the response as a component to keep them") }
                    result.add("fields", .map(fields))
                } else {
                    let info = typeInfo(schema, at: here.appending("schema"), hint: api + "Result")
                    result.add("type", .text(info.expression(optional: false)))
                }
                mock = example(media, schema: schema, at: here)
            }
        }
        result.add("description", text: response.description)
        if let headers = response.headers, !headers.isEmpty {
            var names = NameRegistry(reserved: ["body"])
            var mapped: [SpecEntry] = []
            for (header, item) in inDocumentOrder(headers, at: pointer.appending("headers"), key: { $0 }) {
                let here = pointer.appending("headers", header)
                guard let value = try? document.components.lookup(item), case .a(let context) = value.schemaOrContent else {
                    warn(here, "header", "response header '\(header)' not kept: no schema")
                    continue
                }
                let schema: JSONSchema
                switch context.schema {
                case .a(let reference): schema = .reference(reference.jsonReference)
                case .b(let inline): schema = inline
                }
                let info = typeInfo(schema, at: here.appending("schema"), hint: api + header)
                let allowed: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "URL"]
                guard allowed.contains(info.type) || enumModels.contains(info.type) else {
                    warn(here, "header", "response header '\(header)' of type \(info.type) not kept: headers hold scalars")
                    continue
                }
                var name = names.memberName(for: header, fallback: "header").name
                if let given = value.vendorExtensions["x-apigen-name"]?.value as? String, names.isFree(given) {
                    names.reserve(given)
                    name = given
                }
                var parts: [SpecEntry] = [SpecEntry("type", .text(info.expression(optional: !value.required))), SpecEntry("key", .text(header))]
                parts.add("description", text: value.description)
                mapped.add(SpecNaming.memberName(name) ?? name, .map(parts))
            }
            if !mapped.isEmpty {
                if result.isEmpty || (result.count == 1 && result[0].key == "description") && mock == nil {
                    // Headers only: the body is ignored.
                }
                result.add("headers", .map(mapped))
            }
        }
        let hasBody = result.contains { ["fields", "type", "format", "headers"].contains($0.key) }
        guard hasBody else { return }
        if result.count == 1, result[0].key == "type" {
            entries.add("response", result[0].value)
        } else {
            entries.add("response", .map(result))
        }
        if let mock { entries.add("mock", .json(mock)) }
    }

    /// A response example as written: the media's `example`, its first `examples` entry, or the
    /// schema's.
    private func example(_ media: OpenAPI.Content, schema: JSONSchema, at pointer: JSONPointer) -> JSONValue? {
        if media.example != nil { return raw.value(at: pointer.appending("example")) }
        if let examples = media.examples, let first = inDocumentOrder(examples, at: pointer.appending("examples"), key: { $0 }).first, first.value.b != nil {
            let name = first.key
            return raw.value(at: pointer.appending("examples", name, "value"))
        }
        if !schema.examples.isEmpty {
            return raw.value(at: pointer.appending("schema", "examples", "0")) ?? raw.value(at: pointer.appending("schema", "example"))
        }
        return nil
    }
}
