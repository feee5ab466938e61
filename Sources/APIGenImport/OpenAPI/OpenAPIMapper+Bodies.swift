import APIGenCore
import Foundation
import OpenAPIKit

/// Request bodies and responses.
extension OpenAPIMapper {
    static func isJSON(_ type: String) -> Bool {
        type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    mutating func mapRequestBody(_ item: Either<OpenAPI.Reference<OpenAPI.Request>, OpenAPI.Request>, api: String, method: String, pointer: JSONPointer, params: inout ParamsBuilder, entries: inout [SpecEntry]) {
        guard let body = try? document.components.lookup(item) else {
            warn(pointer, "reference", "request body reference cannot be resolved: not imported")
            return
        }
        let content = inDocumentOrder(body.content, at: pointer.appending("content"), key: \.rawValue).map { ($0.key.rawValue, $0.value) }
        // An object without properties (Stripe gives every GET and DELETE one) has nothing to send;
        // a multipart body of no parts is still sent as one (apigen exports `body: multipart` so).
        let isMultipartOnly = content.count == 1 && content[0].0.lowercased().hasPrefix("multipart/")
        if content.allSatisfy({ Self.isEmptyObject($0.1.b?.schema) }) {
            if isMultipartOnly, method != "GET", method != "HEAD" { entries.add("body", .text("multipart")) }
            return
        }
        if method == "GET" || method == "HEAD" {
            warn(pointer, "body", "a request body on \(method) not imported: apigen sends none")
            return
        }
        let json = content.first { Self.isJSON($0.0.lowercased()) }
        let form = content.first { $0.0.lowercased() == "application/x-www-form-urlencoded" }
        let multipart = content.first { $0.0.lowercased().hasPrefix("multipart/") }
        guard let (type, media) = json ?? form ?? multipart else {
            if let (type, media) = content.first {
                mapRawBody(type: type, media: media, pointer: pointer.appending("content", type), entries: &entries)
                for (other, _) in content.dropFirst() {
                    warn(pointer.appending("content", other), "body", "request body '\(other)' not imported: '\(type)' is sent")
                }
            }
            return
        }
        for (other, _) in content where other != type {
            warn(pointer.appending("content", other), "body", "request body '\(other)' not imported: '\(type)' is sent\(type == "*/*" ? " (as JSON)" : "")")
        }
        if Self.isJSON(type.lowercased()), !["application/json", "*/*"].contains(type.lowercased()) {
            warn(pointer.appending("content", type), "body", "request body '\(type)' is sent as application/json: apigen sends JSON bodies with that type")
        }
        let here = pointer.appending("content", type)
        guard let mediaValue = media.b, let declared = mediaValue.schema else {
            if media.b == nil { warn(here, "reference", "media type reference not followed") }
            return
        }
        let isForm = json == nil
        let isMultipart = json == nil && form == nil
        var schema = declared
        var schemaPointer = here.appending("schema")
        // An object body: its properties are params (a named model's, with `paramsFrom`).
        if case .reference(let reference, _) = schema.value, let name = reference.name, let model = componentModels[name], !enumModels.contains(model), Self.isObjectComponent(document.components.schemas[OpenAPI.ComponentKey(rawValue: name) ?? "_"]) {
            if isMultipart, let target = resolved(schema), case .object(_, let context) = target.value, !context.properties.isEmpty {
                // Each property a part of its own, so that files are sent as files: read below as
                // an inline object is.
                schema = target
                schemaPointer = JSONPointer(["components", "schemas", name])
            } else {
                if isMultipart {
                    warn(here.appending("schema"), "multipart", "multipart body of component '\(name)' sent as a URL-encoded form: its properties are not read one by one for file parts")
                }
                if isForm {
                    entries.add("body", .text("form"))
                    entries.add("paramsFrom", .text(model))
                } else {
                    entries.add("body", .map([SpecEntry("type", .text(model))]))
                }
                return
            }
        }
        if case .object(_, let context) = schema.value, !context.properties.isEmpty {
            var (fields, additional) = objectFields(api + "Body", schema: schema, at: schemaPointer)
            if isMultipart { fields = Self.fileParts(fields, properties: context.properties) }
            // OpenAPI: an encoding's style and explode "SHALL be ignored" unless the body is URL-encoded.
            if isForm && !isMultipart { fields = fields.map { formField($0, at: here) } }
            fields = fields.map { field in
                let key = Self.wireKey(field)
                guard raw.value(at: schemaPointer.appending("properties", key, "x-apigen-secret")) == .bool(true) else { return field }
                return Self.adding([SpecEntry("secret", .literal("true"))], to: field)
            }
            if additional != nil { warn(schemaPointer.appending("additionalProperties"), "body", "extra keys of a body object not kept: only its properties are params") }
            for field in fields {
                var node = field.value
                if method == "DELETE" {
                    if case .map(var parts) = node { parts.insert(SpecEntry("in", .text("body")), at: 1); node = .map(parts) }
                    else { node = .map([SpecEntry("type", node), SpecEntry("in", .text("body"))]) }
                }
                var name = field.key
                if !params.names.isFree(SpecNaming.memberName(name) ?? name) {
                    let made = params.names.memberName(for: name, fallback: "param").name
                    warn(schemaPointer.appending("properties", name), "rename", "body property '\(name)' named '\(made)': its Swift name is taken by another param")
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
            if isForm { entries.add("body", .text(isMultipart ? "multipart" : "form")) }
            return
        }
        if isForm {
            if isMultipart, case .object = schema.value {
                entries.add("body", .text("multipart"))  // a multipart body of no parts
            } else {
                warn(here.appending("schema"), "body", "a form body that is not an object not imported")
            }
            return
        }
        let info = typeInfo(schema, at: here.appending("schema"), hint: api + "Body")
        entries.add("body", .map([SpecEntry("type", .text(info.expression(optional: false)))]))
    }

    /// A raw request body (`text/plain`, `application/octet-stream`, `image/png`…): the whole body
    /// as text or bytes, with its content type.
    private mutating func mapRawBody(type: String, media: Either<OpenAPI.Reference<OpenAPI.Content>, OpenAPI.Content>, pointer: JSONPointer, entries: inout [SpecEntry]) {
        var isText = type.lowercased().hasPrefix("text/")
        if case .string(let core, _)? = media.b?.schema?.value, core.formatString == nil, !type.lowercased().hasPrefix("application/octet-stream") {
            isText = isText || type.lowercased().hasSuffix("+xml") || type.lowercased() == "application/xml"
        }
        var body: [SpecEntry] = [SpecEntry("format", .text(isText ? "text" : "binary"))]
        if type.lowercased() != (isText ? "text/plain" : "application/octet-stream") {
            if type.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                warn(pointer, "body", "content type of the request body has control characters: sent as \(isText ? "text/plain" : "application/octet-stream")")
            } else {
                body.add("contentType", .text(type))
            }
        }
        entries.add("body", .map(body))
    }

    /// A body field's wire key: its `key`, or its name.
    static func wireKey(_ field: SpecEntry) -> String {
        if case .map(let parts) = field.value, case .text(let wire)? = parts["key"] { return wire }
        return field.key
    }

    /// A field with further settings (`type: T` spelled out as a mapping when it was a bare type).
    static func adding(_ settings: [SpecEntry], to field: SpecEntry) -> SpecEntry {
        switch field.value {
        case .map(let parts): SpecEntry(field.key, .map(parts + settings))
        default: SpecEntry(field.key, .map([SpecEntry("type", field.value)] + settings))
        }
    }

    /// A form or multipart field with the wire style its `encoding` gives it.
    private mutating func formField(_ field: SpecEntry, at pointer: JSONPointer) -> SpecEntry {
        let key = Self.wireKey(field)
        guard case .object(let members)? = raw.value(at: pointer.appending("encoding", key)) else { return field }
        let value = { (name: String) in members.first { $0.key == name }?.value }
        var settings: [SpecEntry] = []
        if case .string("brackets")? = value("x-apigen-style") {
            settings.add("style", .text("brackets"))
        } else if case .string(let style)? = value("style") {
            if ["form", "deepObject", "pipeDelimited", "spaceDelimited"].contains(style) {
                settings.add("style", .text(style))
            } else {
                warn(pointer.appending("encoding", key, "style"), "style", "style '\(style)' of form field '\(key)' not kept: sent in apigen's default way")
            }
        }
        if !settings.isEmpty, case .bool(let explode)? = value("explode") { settings.add("explode", .literal(explode ? "true" : "false")) }
        return settings.isEmpty ? field : Self.adding(settings, to: field)
    }

    /// Multipart fields whose schema is binary text (`format: binary`, OpenAPI 3.1's `contentEncoding:
    /// binary`, or a `contentMediaType` that is not text) are file parts: `File`, `[File]`.
    static func fileParts(_ fields: [SpecEntry], properties: OrderedDictionary<String, JSONSchema>) -> [SpecEntry] {
        func isBinary(_ schema: JSONSchema) -> Bool {
            guard case .string(let core, let context) = schema.value else { return false }
            if core.formatString == "binary" || context.contentEncoding == .binary { return true }
            if let media = context.contentMediaType?.rawValue, !media.hasPrefix("text/"), media != "application/json" { return true }
            return false
        }
        return fields.map { field in
            guard let schema = properties[wireKey(field)] else { return field }
            let replacement: String
            if isBinary(schema) { replacement = "File" }
            else if case .array(_, let context) = schema.value, let items = context.items, isBinary(items) { replacement = "[File]" }
            else { return field }
            func retyped(_ type: String) -> String {
                type.hasSuffix("?") ? replacement + "?" : replacement
            }
            switch field.value {
            case .text(let type): return SpecEntry(field.key, .text(retyped(type)))
            case .map(var parts):
                if let index = parts.firstIndex(where: { $0.key == "type" }), case .text(let type) = parts[index].value {
                    parts[index].value = .text(retyped(type))
                    parts.removeAll { $0.key == "default" }
                }
                return SpecEntry(field.key, .map(parts))
            default: return field
            }
        }
    }

    /// Whether a body schema is an object with no properties that allows no other keys
    /// (`additionalProperties: false`): nothing to send. Without that, it is any object.
    static func isEmptyObject(_ schema: JSONSchema?) -> Bool {
        guard case .object(_, let context)? = schema?.value, context.properties.isEmpty, case .a(false)? = context.additionalProperties else { return false }
        return true
    }

    static func isObjectComponent(_ schema: JSONSchema?) -> Bool {
        guard let schema else { return false }
        switch schema.value {
        case .object, .all: return true
        default: return false
        }
    }

    // MARK: Responses

    /// The status whose answer is the API's `response`: `200`, else the lowest `2XX`, else
    /// `default`, which answers every status no other key names, a success too. A 2XX status an
    /// apigen export marks with `x-apigen-success` is one the spec lists itself.
    func primaryStatus(of responses: OpenAPI.Response.Map, at pointer: JSONPointer) -> String? {
        let successes = responses.keys.map(\.rawValue).filter { $0.hasPrefix("2") && raw.value(at: pointer.appending($0, "x-apigen-success")) == nil }
        if successes.isEmpty, responses.keys.contains(where: { $0.rawValue == "default" }) { return "default" }
        return successes.contains("200") ? "200" : successes.sorted().first
    }

    mutating func mapResponses(_ responses: OpenAPI.Response.Map, api: String, pointer: JSONPointer, envelope: ExportedEnvelope?, entries: inout [SpecEntry]) {
        let statuses = inDocumentOrder(responses, at: pointer, key: \.rawValue).map { ($0.key.rawValue, $0.value) }
        let primary = primaryStatus(of: responses, at: pointer)
        var others: [SpecEntry] = []
        for (status, item) in statuses {
            let here = pointer.appending(status)
            guard let response = try? document.components.lookup(item) else {
                warn(here, "reference", "response reference cannot be resolved: not imported")
                continue
            }
            if status == primary {
                mapPrimaryResponse(response, api: api, pointer: here, envelope: envelope, entries: &entries)
                // `default` as the answer is the failure of every other status as well.
                guard status == "default" else { continue }
            }
            // A response of `components/responses` is read where it is declared: its inline
            // body is one model named after it for every operation that answers with it.
            var place = here
            var hint = api + status.uppercased() + "Body"
            var isShared = false
            if case .a(let reference) = item, let name = reference.name, reference.absoluteString == "#/components/responses/" + name {
                place = JSONPointer(["components", "responses", name])
                hint = name
                isShared = true
            }
            if status != primary, response.headers?.isEmpty == false {
                noteUnreadHeaders(of: status, answer: primary, at: place, isShared: isShared)
            }
            var value = bodyNode(response, hint: hint, pointer: place)
            if ["204", "304"].contains(status), value != .text("empty") {
                warn(here.appending("content"), "body", "a body on \(status) dropped: that status never carries one")
                value = .text("empty")
            }
            if case .bool(let success)? = raw.value(at: here.appending("x-apigen-success")), success != status.hasPrefix("2") {
                switch value {
                case .map(let parts): value = .map(parts + [SpecEntry("success", .literal(success ? "true" : "false"))])
                case .text("empty"): value = .map([SpecEntry("success", .literal(success ? "true" : "false"))])
                default: value = .map([SpecEntry("type", value), SpecEntry("success", .literal(success ? "true" : "false"))])
                }
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
        if !others.isEmpty { entries.add("responses", .map(others)) }
    }

    /// Warns of the headers of a status other than the API's answer, which no typed field reads:
    /// once at the component a shared response comes from (however many operations answer with
    /// it), else at the status.
    private mutating func noteUnreadHeaders(of status: String, answer primary: String?, at place: JSONPointer, isShared: Bool) {
        let answer = primary.map { "the answer read as the response (\($0))" } ?? "the 2XX answer"
        if isShared {
            warn(place.appending("headers"), "header", "headers not kept where this response answers a status other than an API's response: typed headers are read on that answer only")
        } else {
            warn(place.appending("headers"), "header", "headers of status \(status) not kept: typed headers are read on \(answer) only")
        }
    }

    /// The JSON media of a response, or its first; but a download (`application/zip` with a binary
    /// schema) beside a JSON answer that is only a string is the download.
    func media(of response: OpenAPI.Response, at pointer: JSONPointer) -> (String, OpenAPI.Content)? {
        let content = inDocumentOrder(response.content, at: pointer.appending("content"), key: \.rawValue).compactMap { entry in entry.value.b.map { (entry.key.rawValue.lowercased(), $0) } }
        guard let json = content.first(where: { Self.isJSON($0.0) }) else { return content.first }
        if case .string(let core, _)? = json.1.schema?.value, (core.allowedValues ?? []).isEmpty,
           let download = content.first(where: { candidate in
               guard !Self.isJSON(candidate.0), !candidate.0.hasPrefix("text/"), case .string(let other, _)? = candidate.1.schema?.value else { return false }
               return other.formatString == "binary"
           }) {
            return download
        }
        return json
    }

    /// A warning for each media type of a response other than the one read (`text/event-stream`
    /// beside `application/json`); none for other bytes beside bytes (`image/png` beside
    /// `image/jpg`), which are read alike.
    private mutating func warnUnread(_ response: OpenAPI.Response, chosen: String, at pointer: JSONPointer) {
        for (other, _) in inDocumentOrder(response.content, at: pointer.appending("content"), key: \.rawValue) where other.rawValue.lowercased() != chosen {
            if Self.isBytes(chosen), Self.isBytes(other.rawValue.lowercased()) { continue }
            warn(pointer.appending("content", other.rawValue), "body", "response '\(other.rawValue)' not imported: '\(chosen)' is read")
        }
    }

    /// Whether an answer of this media type is read as bytes (`{ format: binary }`): not JSON, text
    /// or a stream.
    private static func isBytes(_ type: String) -> Bool {
        !isJSON(type) && !type.hasPrefix("text/") && streamKind(type) == nil
    }

    /// `sse` for server-sent events, `jsonLines` for newline-delimited JSON; `nil` for other media.
    private static func streamKind(_ type: String) -> String? {
        switch type {
        case "text/event-stream": "sse"
        case "application/jsonl", "application/x-ndjson", "application/ndjson", "application/jsonlines", "application/x-jsonlines": "jsonLines"
        default: nil
        }
    }

    /// The type of a stream's events: OpenAPI 3.2's `itemSchema` (for server-sent events, the
    /// type of its `data`), else the media's `schema`, else `String` for events and `JSON` for lines.
    private mutating func streamItemType(_ stream: String, media: OpenAPI.Content, at pointer: JSONPointer, hint: String) -> String {
        if let item = media.itemSchema {
            if stream == "sse", let data = properties(of: item)["data"] {
                return typeInfo(data, at: pointer.appending("itemSchema", "properties", "data"), hint: hint).expression(optional: false)
            }
            return typeInfo(item, at: pointer.appending("itemSchema"), hint: hint).expression(optional: false)
        }
        if let schema = media.schema {
            return typeInfo(schema, at: pointer.appending("schema"), hint: hint).expression(optional: false)
        }
        return stream == "sse" ? "String" : "JSON"
    }

    /// What a non-2XX status carries: a type, `empty`, or `{ format }`.
    private mutating func bodyNode(_ response: OpenAPI.Response, hint: String, pointer: JSONPointer) -> SpecNode {
        guard let (type, media) = media(of: response, at: pointer) else { return .text("empty") }
        warnUnread(response, chosen: type, at: pointer)
        if !Self.isJSON(type) {
            return .map([SpecEntry("format", .text(type.hasPrefix("text/") ? "text" : "binary"))])
        }
        guard let schema = media.schema else { return .map([SpecEntry("type", .text("JSON"))]) }
        let info = typeInfo(schema, at: pointer.appending("content", type, "schema"), hint: hint)
        return .text(info.expression(optional: false))
    }

    private mutating func mapPrimaryResponse(_ response: OpenAPI.Response, api: String, pointer: JSONPointer, envelope: ExportedEnvelope?, entries: inout [SpecEntry]) {
        var result: [SpecEntry] = []
        var mock: JSONValue?
        var isStream = false
        if let (type, media) = media(of: response, at: pointer) {
            let here = pointer.appending("content", type)
            warnUnread(response, chosen: type, at: pointer)
            if let stream = Self.streamKind(type) {
                isStream = true
                result.add("stream", .text(stream))
                result.add("type", .text(streamItemType(stream, media: media, at: here, hint: api + "Event")))
            } else if !Self.isJSON(type) {
                result.add("format", .text(type.hasPrefix("text/") ? "text" : "binary"))
            } else if var schema = media.schema {
                var schemaPointer = here.appending("schema")
                // Behind the service's envelope (an apigen export), the answer is its `result`.
                if let envelope, case .object(_, let context) = schema.value, let inner = context.properties[envelope.result] {
                    schema = inner
                    schemaPointer = schemaPointer.appending("properties", envelope.result)
                }
                if case .object(_, let context) = schema.value, !context.properties.isEmpty {
                    let (fields, additional) = objectFields(api + "Response", schema: schema, at: schemaPointer)
                    if additional != nil { warn(schemaPointer.appending("additionalProperties"), "body", "extra keys of an inline response not kept: declare the response as a component to keep them") }
                    result.add("fields", .map(fields))
                } else {
                    let info = typeInfo(schema, at: schemaPointer, hint: api + "Result")
                    result.add("type", .text(info.expression(optional: false)))
                }
                // `example: null` says there is none.
                if envelope == nil { mock = example(media, schema: schema, at: here).flatMap { $0 == .null ? nil : $0 } }
            }
        }
        result.add("description", text: response.description)
        if let headers = response.headers, !headers.isEmpty {
            var names = NameRegistry(reserved: ["body"])
            var mapped: [SpecEntry] = []
            for (header, item) in inDocumentOrder(headers, at: pointer.appending("headers"), key: { $0 }) {
                let here = pointer.appending("headers", header)
                guard !isStream else {
                    warn(here, "header", "response header '\(header)' not kept: a stream reads no headers")
                    continue
                }
                guard let value = try? document.components.lookup(item), case .a(let context) = value.schemaOrContent else {
                    warn(here, "header", "response header '\(header)' not kept: no schema")
                    continue
                }
                let schema: JSONSchema
                switch context.schema {
                case .a(let reference): schema = .reference(reference.jsonReference)
                case .b(let inline): schema = inline
                }
                var info = typeInfo(schema, at: here.appending("schema"), hint: api + header)
                if info.type == "UUID" {
                    // Text in a header as anywhere: read as written.
                    warn(here, "header", "response header '\(header)' of type UUID read as String: headers hold text, numbers, Booleans, dates, URLs and enums")
                    info.type = "String"
                }
                let allowed: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "URL"]
                guard allowed.contains(info.type) || enumModels.contains(info.type) else {
                    warn(here, "header", "response header '\(header)' of type \(info.type) not kept: headers hold scalars")
                    continue
                }
                var name = names.memberName(for: header, fallback: "header").name
                if let given = extensionText("x-apigen-name", at: here), names.isFree(given) {
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
        let hasBody = result.contains { ["fields", "type", "format", "headers", "stream"].contains($0.key) }
        guard hasBody else { return }
        if result.count == 1, result[0].key == "type" {
            entries.add("response", result[0].value)
        } else {
            entries.add("response", .map(result))
        }
        if let mock { entries.add("mock", .json(mock)) }
    }

    /// A response example as written: the media's `example`, its first `examples` entry (one of
    /// `components/examples` too), or the schema's. The document's own keys are read: OpenAPIKit
    /// also gives the first of `examples` as the media's `example`.
    private func example(_ media: OpenAPI.Content, schema: JSONSchema, at pointer: JSONPointer) -> JSONValue? {
        if let written = raw.value(at: pointer.appending("example")) { return written }
        if let examples = media.examples, let first = inDocumentOrder(examples, at: pointer.appending("examples"), key: { $0 }).first {
            switch first.value {
            case .a(let reference):
                return JSONPointer(reference: reference.absoluteString).flatMap { raw.value(at: $0.appending("value")) }
            case .b:
                return raw.value(at: pointer.appending("examples", first.key, "value"))
            }
        }
        if !schema.examples.isEmpty {
            return raw.value(at: pointer.appending("schema", "examples", "0")) ?? raw.value(at: pointer.appending("schema", "example"))
        }
        return nil
    }
}
