import APIGenCore
import Foundation

/// NEI interfaces → APIs.
extension NEIMapper {
    /// Whether an interface's outputs imported from a datatype give one of its fields another type.
    func hasOverriddenField(_ outputs: [[String: Any]], of id: Int) -> Bool {
        guard let datatype = datatype(id) else { return false }
        let declared = datatype["params"] as? [[String: Any]] ?? []
        return outputs.contains { output in
            guard let field = declared.first(where: { Self.text($0["name"]) == Self.text(output["name"]) }) else { return true }
            return Self.int(field["type"]) != Self.int(output["type"]) || (Self.int(field["isArray"]) ?? 0) != (Self.int(output["isArray"]) ?? 0)
        }
    }

    /// The path without the constant query items (`?type=1`) an input of the same name sends.
    static func withoutConstantsSentByInputs(_ path: String, inputKeys: Set<String>, dropped: (String) -> Void) -> String {
        guard let question = path.firstIndex(of: "?") else { return path }
        let items = path[path.index(after: question)...].split(separator: "&").map(String.init)
        let kept = items.filter { item in
            let key = item.split(separator: "=", maxSplits: 1).first.map(String.init) ?? item
            guard inputKeys.contains(key) else { return true }
            dropped(item)
            return false
        }
        let route = String(path[..<question])
        return kept.isEmpty ? route : route + "?" + kept.joined(separator: "&")
    }

    /// An interface's API, in its group's file: method and path, inputs as params (path, query,
    /// headers, body), outputs as the response, request and response headers.
    mutating func mapInterface(_ interface: [String: Any], file: String) {
        let place = location("interface", interface)
        let source = Self.text(interface["className"]) ?? (interface["name"] as? String ?? "")
        let name = typeNames.typeName(for: source, fallback: "Interface", derived: ["Api", "Parser", "Response", "Output", "Failure", "Body"], isType: false)
        if SpecNaming.typeName(source) != name {
            warn(place, "rename", "interface named '\(name)': \(NameRegistry.renameReason(of: source, taken: "or one of its types is taken"))")
        }
        if let written = interface["method"], !(written is NSNull), !(written is String) {
            warn(place, "method", "method '\(written)' is no HTTP method name: not imported")
            return
        }
        let method = (interface["method"] as? String ?? "GET").uppercased()
        guard ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"].contains(method) else {
            warn(place, "method", "method \(method) not supported: not imported")
            return
        }
        guard var path = Self.text(interface["path"]) else {
            warn(place, "path", "interface without a path not imported")
            return
        }
        if !path.hasPrefix("/") {
            if let url = URL(string: path), url.scheme != nil {
                warn(place, "path", "absolute URL '\(path)': only its path is kept")
                path = url.path.isEmpty ? "/" : url.path
            } else {
                path = "/" + path
            }
        }
        let params = interface["params"] as? [String: Any] ?? [:]
        let inputs = once(params["inputs"] as? [[String: Any]] ?? [], what: "input", at: place)
        let inputKeys = Set(inputs.compactMap { Self.text($0["name"]) })
        path = Self.withoutConstantsSentByInputs(path, inputKeys: inputKeys) { item in
            warn(place, "query", "constant query item '\(item)' of the path not kept: the input of that name sends it")
        }
        var api: [SpecEntry] = []
        api.add("description", text: [Self.text(interface["name"]), Self.text(interface["description"])].compactMap { $0 }.joined(separator: "\n\n"))
        if method != "GET" { api.add("method", .text(method)) }
        api.add("path", .text(path))
        var names = NameRegistry(reserved: ["request", "parser", "mock", "mockJSON", "apiName"])
        var specParams: [SpecEntry] = []
        let placeholders = SpecNaming.placeholders(ofPath: path)
        var uploadsFiles = false
        for var param in inputs {
            // A path variable is always sent: NEI's older exports say nothing of `required`.
            let inPath = Self.text(param["name"]).map(placeholders.contains) ?? false
            if inPath, isFile(param) {
                warn(place, "file", "path variable '\(param["name"] ?? "")' is a File, which a path cannot hold: typed String")
                param["type"] = 10001
            }
            // A File input is a file part of a multipart body (DELETE's too: its other params stay in the query).
            if isFile(param), !["GET", "HEAD"].contains(method), let key = Self.text(param["name"]) {
                let (paramName, renamed) = names.memberName(for: key, fallback: "param")
                var parts = [SpecEntry("type", .text((Self.int(param["isArray"]) == 1 ? "[File]" : "File") + (Self.int(param["required"]) == 1 ? "" : "?")))]
                if method == "DELETE" { parts.add("in", .text("body")) }
                if renamed { parts.add("key", text: key) }
                parts.add("description", text: Self.text(param["description"]))
                specParams.add(paramName, parts.count == 1 ? parts[0].value : .map(parts))
                uploadsFiles = true
                continue
            }
            if let (paramName, node) = member(param, names: &names, at: place, optional: !inPath) { specParams.add(paramName, node) }
        }
        // NEI exports leave path variables out of the inputs (`/api/projects/:id`).
        for placeholder in placeholders.sorted() where !inputKeys.contains(placeholder) {
            let (paramName, renamed) = names.memberName(for: placeholder, fallback: "param")
            warn(place, "path", "path variable '\(placeholder)' is not among the inputs: added as a String param")
            specParams.add(paramName, renamed ? .map([SpecEntry("type", .text("String")), SpecEntry("key", .text(placeholder))]) : .text("String"))
        }
        var constantHeaders: [SpecEntry] = []
        var headerNamesSeen: Set<String> = []
        var formBody = Self.int(interface["reqFormat"]) == 1 && !["GET", "HEAD"].contains(method) ? "form" : nil
        for header in params["reqHeaders"] as? [[String: Any]] ?? [] {
            guard let headerName = Self.text(header["name"]) else {
                warn(place, "header", "a request header without a name not imported")
                continue
            }
            guard headerNamesSeen.insert(headerName.lowercased()).inserted else {
                warn(place, "header", "request header '\(headerName)' listed twice (header names ignore case): kept once")
                continue
            }
            guard HeaderCheck.isToken(headerName) else {
                warn(place, "header", "request header '\(headerName)' not imported: a header name is letters, digits and !#$%&'*+-.^_`|~ only")
                continue
            }
            // NEI's way of saying a body is a form: the runtime sets the content type from `body`.
            if headerName.lowercased() == "content-type" {
                let value = (Self.text(header["defaultValue"]) ?? "").lowercased()
                if value.hasPrefix("application/x-www-form-urlencoded"), !["GET", "HEAD"].contains(method) {
                    formBody = "form"
                } else if value.hasPrefix("multipart/form-data"), !["GET", "HEAD"].contains(method) {
                    formBody = "multipart"
                } else if !value.hasPrefix("application/json") {
                    warn(place, "header", "request header 'Content-Type: \(value)' not kept: the runtime sets the content type of the body it sends (JSON, form or multipart)")
                }
                continue
            }
            if let value = Self.text(header["defaultValue"]) {
                guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\t" }) else {
                    warn(place, "header", "request header '\(headerName)' not imported: its value holds a line break or another control character")
                    continue
                }
                constantHeaders.add(headerName, .text(value))
            } else if let (paramName, node) = member(header, names: &names, at: place, optional: true) {
                var parts: [SpecEntry]
                if case .map(let existing) = node { parts = existing } else { parts = [SpecEntry("type", node)] }
                parts.add("in", .text("header"))
                if !parts.contains(where: { $0.key == "key" }), paramName != headerName { parts.add("key", .text(headerName)) }
                specParams.add(paramName, .map(parts))
            }
        }
        if !specParams.isEmpty { api.add("params", .map(specParams)) }
        if !constantHeaders.isEmpty { api.add("headers", .map(constantHeaders)) }
        if uploadsFiles { formBody = "multipart" }
        if let formBody { api.add("body", .text(formBody)) }
        let outputs = once(params["outputs"] as? [[String: Any]] ?? [], what: "output", at: place)
        var response: [SpecEntry] = []
        let importedFrom = Set(outputs.compactMap { Self.int($0["datatypeId"]) }.filter { $0 != 0 })
        if !outputs.isEmpty {
            // Outputs imported whole from one datatype are that model; with a field's type
            // overridden (NEI's `result` of `ResultData` made `[Todo]`) they are the answer's own fields.
            if importedFrom.count == 1, let id = importedFrom.first, outputs.allSatisfy({ Self.int($0["datatypeId"]) == id }), let model = datatypeTypes[id],
               !hasOverriddenField(outputs, of: id) {
                response.add("type", .text(model))
            } else {
                var fieldNames = NameRegistry()
                var fields: [SpecEntry] = []
                for output in outputs {
                    if let (fieldName, node) = member(output, names: &fieldNames, at: place, optional: true) { fields.add(fieldName, node) }
                }
                response.add("fields", .map(fields))
            }
        }
        var headerNames = NameRegistry(reserved: ["body"])
        var responseHeaders: [SpecEntry] = []
        var responseHeadersSeen: Set<String> = []
        for header in params["resHeaders"] as? [[String: Any]] ?? [] {
            guard let headerName = Self.text(header["name"]) else {
                warn(place, "header", "a response header without a name not imported")
                continue
            }
            guard responseHeadersSeen.insert(headerName.lowercased()).inserted else {
                warn(place, "header", "response header '\(headerName)' listed twice (header names ignore case): kept once")
                continue
            }
            guard HeaderCheck.isToken(headerName) else {
                warn(place, "header", "response header '\(headerName)' not imported: a header name is letters, digits and !#$%&'*+-.^_`|~ only")
                continue
            }
            let member = headerNames.memberName(for: headerName, fallback: "header").name
            responseHeaders.add(SpecNaming.memberName(member) ?? member, .map([SpecEntry("type", .text("String?")), SpecEntry("key", .text(headerName))]))
        }
        if !responseHeaders.isEmpty { response.add("headers", .map(responseHeaders)) }
        if response.count == 1, response[0].key == "type" { api.add("response", response[0].value) }
        else if !response.isEmpty { api.add("response", .map(response)) }
        if let tag = Self.text(interface["tag"]) { api.add("x-tags", .text(tag)) }
        service.apis.append(ImportedService.Item(name: name, entries: api, file: file, origin: place))
    }

    /// Inputs or outputs with a name given twice kept once, the first, with a warning.
    private mutating func once(_ params: [[String: Any]], what: String, at place: String) -> [[String: Any]] {
        var seen: Set<String> = []
        return params.filter { param in
            guard let name = Self.text(param["name"]), !seen.insert(name).inserted else { return true }
            warn(place, "param", "\(what) '\(name)' listed twice: kept once")
            return false
        }
    }

    /// Whether a param is a file: NEI's File (9999), or a datatype standing for one (format 6).
    private func isFile(_ param: [String: Any]) -> Bool {
        guard let id = Self.int(param["type"]) else { return false }
        return id == 9999 || datatype(id).map { Self.int($0["format"]) == 6 } == true
    }
}
