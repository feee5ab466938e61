public import Foundation
import APIGenCore

/// `apigen import nei`: an NEI project export (the JSON the NEI platform and nei-toolkit write:
/// `project`, `datatypes`, `interfaces`) → apigen specs, one file per NEI group.
public enum NEIImporter {
    /// NEI's system datatypes, by id.
    static let systemTypes: [Int: String] = [10001: "String", 10002: "Double", 10003: "Bool", 10000: "JSON", 9999: "Data"]

    /// Imports an export.
    /// - Parameters:
    ///   - data: The export's bytes.
    ///   - documentName: The export as given on the command line, named in every warning.
    ///   - outputPath: The output folder as given, named in the generator's diagnostics.
    public static func importExport(_ data: Data, documentName: String, outputPath: String) -> ImportOutcome {
        var outcome = ImportOutcome()
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            outcome.errors.append("\(documentName): error: not an NEI export: the file is not a JSON object")
            return outcome
        }
        guard root["interfaces"] is [Any] || root["datatypes"] is [Any] else {
            outcome.errors.append("\(documentName): error: not an NEI export: no 'interfaces' or 'datatypes'")
            return outcome
        }
        var mapper = NEIMapper(root: root, documentName: documentName)
        mapper.map()
        outcome.operationsIn = mapper.operationsIn
        var warnings = mapper.warnings
        let assembler = SpecAssembler(source: "nei", documentName: URL(fileURLWithPath: documentName).lastPathComponent, outputPath: outputPath)
        var errors: [String] = []
        outcome.files = assembler.assemble(mapper.service, warnings: &warnings, errors: &errors, document: documentName)
        outcome.errors = errors
        outcome.warnings = warnings
        outcome.apisOut = errors.isEmpty ? mapper.service.apis.count - warnings.filter { $0.kind == "rejected-operation" }.count : 0
        return outcome
    }
}

/// Maps an NEI export's datatypes and interfaces.
struct NEIMapper {
    let root: [String: Any]
    let documentName: String
    var warnings: [ImportWarning] = []
    var service: ImportedService
    var operationsIn = 0
    var typeNames = NameRegistry()
    /// Datatype id → model name (objects and enums) or type (arrays of another).
    var datatypeTypes: [Int: String] = [:]
    var enumModels: Set<String> = []
    /// The datatypes that become models (the others stand for a type).
    var modelIDs: Set<Int> = []
    /// An enum model's values, for checking defaults.
    var enumValues: [String: [String]] = [:]
    /// Enum models of whole numbers (their defaults are numbers).
    var numberEnums: Set<String> = []

    /// The types NEI's alias datatypes stand for, by `format`: string, number, boolean, file.
    static let aliasTypes: [Int: String] = [3: "String", 4: "Double", 5: "Bool", 6: "Data"]

    init(root: [String: Any], documentName: String) {
        self.root = root
        self.documentName = documentName
        let project = root["project"] as? [String: Any]
        let title = project?["name"] as? String ?? ""
        var names = NameRegistry()
        let name = names.typeName(for: title, fallback: "NEI")
        // The project's name describes the service unless it is only the service's name.
        service = ImportedService(name: name, description: (project?["description"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? (title.isEmpty || title == name ? nil : title))
        typeNames.reserve(name)
        typeNames.reserve(name + "Service")
    }

    mutating func warn(_ location: String, _ kind: String, _ message: String) {
        warnings.append(ImportWarning(document: documentName, location: location, message: message, kind: kind))
    }

    static func int(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) }
        return nil
    }

    static func text(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    mutating func map() {
        service.environments = [("production", "https://example.com")]
        warn("project", "server", "an NEI export names no server; environment 'production' is https://example.com: set the real base URLs")
        let datatypes = (root["datatypes"] as? [[String: Any]] ?? []).sorted { (Self.int($0["id"]) ?? 0) < (Self.int($1["id"]) ?? 0) }
        // Name every datatype first: fields refer to datatypes by id, in any order.
        for datatype in datatypes {
            guard let id = Self.int(datatype["id"]) else {
                // NEI's import files (not its exports) name datatypes without ids.
                warn(location("datatype", datatype), "datatype", "datatype without an id not imported: params refer to datatypes by id (is this an NEI import file rather than a project export?)")
                continue
            }
            guard Self.int(datatype["type"]) != 1, NEIImporter.systemTypes[id] == nil else { continue }
            let format = Self.int(datatype["format"]) ?? 0
            let source = datatype["name"] as? String ?? ""
            guard format == 0 || format == 1 else { continue }
            let values = Self.enumValues(datatype)
            if format == 1, values.isEmpty {
                warn(location("datatype", datatype), "enum", "enum without values: its uses are typed String")
                datatypeTypes[id] = "String"
                continue
            }
            if format == 0, (datatype["params"] as? [Any])?.isEmpty ?? true {
                warn(location("datatype", datatype), "datatype", "datatype without fields: its uses hold any JSON object ([String: JSON])")
                datatypeTypes[id] = "[String: JSON]"
                continue
            }
            let name = typeNames.typeName(for: source, fallback: "Datatype")
            if SpecNaming.typeName(source) != name {
                warn(location("datatype", datatype), "rename", "datatype '\(source)' named '\(name)': \(SpecNaming.typeName(source).map { "'\($0)' is taken" } ?? "it makes no Swift name")")
            }
            datatypeTypes[id] = name
            modelIDs.insert(id)
            if format == 1 {
                enumModels.insert(name)
                let params = datatype["params"] as? [[String: Any]] ?? []
                if params.allSatisfy({ Self.int($0["type"]) == 10002 }) {
                    numberEnums.insert(name)
                    enumValues[name] = values.filter { Int($0) != nil }
                } else {
                    enumValues[name] = values
                }
            }
        }
        for datatype in datatypes {
            guard let id = Self.int(datatype["id"]), Self.int(datatype["type"]) != 1, NEIImporter.systemTypes[id] == nil else { continue }
            let format = Self.int(datatype["format"]) ?? 0
            if modelIDs.contains(id), let name = datatypeTypes[id] {
                buildModel(name, datatype: datatype, isEnum: format == 1)
            } else if datatypeTypes[id] == nil {
                warn(location("datatype", datatype), "datatype", "datatype of format \(format) (array, string, number, boolean or file alias) not kept as a model: its uses get the type it stands for")
            }
        }
        var files = SpecFileNames<Int>()
        let interfaces = (root["interfaces"] as? [[String: Any]] ?? []).sorted { (Self.int($0["id"]) ?? 0) < (Self.int($1["id"]) ?? 0) }
        for interface in interfaces {
            operationsIn += 1
            let group = interface["group"] as? [String: Any]
            let groupID = Self.int(group?["id"]) ?? Self.int(interface["groupId"]) ?? 0
            let file = files.file(for: groupID, named: Self.text(group?["name"]), fallback: "group")
            mapInterface(interface, file: file)
        }
    }

    /// An enum datatype's values (each param's `defaultValue`), duplicates left out.
    static func enumValues(_ datatype: [String: Any]) -> [String] {
        var seen: Set<String> = []
        return (datatype["params"] as? [[String: Any]] ?? []).compactMap { $0["defaultValue"] as? String }.filter { seen.insert($0).inserted }
    }

    func location(_ kind: String, _ item: [String: Any]) -> String {
        "NEI \(kind) '\(item["name"] as? String ?? "")' (id \(Self.int(item["id"]).map(String.init) ?? "?"))"
    }

    /// The spec type of an NEI param: a system type, a datatype, `[T]` when `isArray`.
    mutating func type(of param: [String: Any], at location: String) -> String {
        if Self.int(param["type"]) == nil, let typeName = Self.text(param["typeName"]) {
            warn(location, "datatype", "param '\(param["name"] as? String ?? "")' names its type '\(typeName)' without an id: typed String")
        }
        let id = Self.int(param["type"]) ?? 10001
        var base: String
        if let system = NEIImporter.systemTypes[id] {
            base = system
            if id == 9999 { warn(location, "file", "'\(param["name"] as? String ?? "")' is a File outside a request's inputs: typed Data (base64 text); files are sent as parts of a multipart body") }
        } else if let model = datatypeTypes[id] {
            base = model
        } else if let datatype = self.datatype(id), let inner = (datatype["params"] as? [[String: Any]])?.first, Self.int(datatype["format"]) == 2 {
            base = "[\(type(of: inner, at: location))]"
        } else if let datatype = self.datatype(id), let alias = Self.aliasTypes[Self.int(datatype["format"]) ?? -1] {
            base = alias
        } else {
            warn(location, "datatype", "param '\(param["name"] as? String ?? "")' has unknown type id \(id): typed JSON")
            base = "JSON"
        }
        return Self.int(param["isArray"]) == 1 ? "[\(base)]" : base
    }

    /// The export's datatype of an id.
    func datatype(_ id: Int) -> [String: Any]? {
        (root["datatypes"] as? [[String: Any]])?.first { Self.int($0["id"]) == id }
    }

    /// A field or param: `Type?`, or a mapping with key, description and default.
    mutating func member(_ param: [String: Any], names: inout NameRegistry, at location: String, optional: Bool) -> (String, SpecNode)? {
        guard let key = Self.text(param["name"]) else {
            warn(location, "param", "a param without a name not imported")
            return nil
        }
        let (name, renamed) = names.memberName(for: key, fallback: "field")
        if renamed, SpecNaming.memberName(key) != nil { warn(location, "rename", "param '\(key)' named '\(name)': its Swift name is taken") }
        let type = self.type(of: param, at: location)
        var entries: [SpecEntry] = []
        var defaultNode: SpecNode?
        if let value = Self.text(param["defaultValue"]) {
            switch type {
            case "String": defaultNode = .json(.string(value))
            case "Double" where Self.isDecimal(value): defaultNode = .json(.number(value))
            case "Bool" where value == "true" || value == "false": defaultNode = .json(.bool(value == "true"))
            case "Bool" where value == "1" || value == "0": defaultNode = .json(.bool(value == "1"))
            default:
                if let values = enumValues[type] {
                    if values.contains(value) {
                        defaultNode = .json(numberEnums.contains(type) ? .number(value) : .string(value))
                    } else {
                        warn(location, "default", "default '\(value)' of '\(key)' not kept: it is not a value of \(type) (\(values.joined(separator: ", ")))")
                    }
                } else {
                    warn(location, "default", "default '\(value)' of '\(key)' not kept: \(["String", "Double", "Bool"].contains(type) ? "it is not a value of \(type)" : "apigen keeps defaults of numbers, text, Bool and enums")")
                }
            }
        }
        let required = Self.int(param["required"]) == 1
        entries.add("type", .text(type + (optional && !required && defaultNode == nil ? "?" : "")))
        if renamed { entries.add("key", text: key) }
        entries.add("description", text: Self.text(param["description"]))
        if let defaultNode { entries.add("default", defaultNode) }
        return (name, entries.count == 1 ? entries[0].value : .map(entries))
    }

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

    /// A number as JSON writes it (not `0x10`, `NaN` or `inf`, which Swift's `Double(_:)` reads).
    static func isDecimal(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    mutating func buildModel(_ name: String, datatype: [String: Any], isEnum: Bool) {
        let place = location("datatype", datatype)
        var entries: [SpecEntry] = []
        entries.add("description", text: Self.text(datatype["description"]))
        let params = datatype["params"] as? [[String: Any]] ?? []
        if isEnum {
            let isNumber = params.allSatisfy { Self.int($0["type"]) == 10002 } && !params.isEmpty
            var registry = NameRegistry(reserved: ["unknown", "rawValue", "allCases"])
            var seen: Set<String> = []
            if isNumber {
                var cases: [SpecEntry] = []
                for param in params {
                    guard let value = Self.text(param["defaultValue"]), let number = Int(value) else {
                        warn(place, "enum", "enum value '\(param["defaultValue"] ?? "")' is not a whole number: dropped")
                        continue
                    }
                    guard seen.insert(String(number)).inserted else {
                        warn(place, "enum", "enum value '\(value)' listed twice: kept once")
                        continue
                    }
                    let caseName = registry.memberName(for: Self.text(param["name"]) ?? (number < 0 ? "minus\(-number)" : "value\(number)"), fallback: "value").name
                    let node: SpecNode = Self.text(param["description"]).map { .map([SpecEntry("value", .literal(value)), SpecEntry("description", .text($0))]) } ?? .literal(value)
                    cases.add(SpecNaming.memberName(caseName) ?? "value\(number)", node)
                }
                entries.add("enum", .map(cases))
            } else {
                var cases: [SpecNode] = []
                for param in params {
                    guard let value = param["defaultValue"] as? String else { continue }
                    guard seen.insert(value).inserted else {
                        warn(place, "enum", "enum value '\(value)' listed twice: kept once")
                        continue
                    }
                    let source = Self.text(param["name"]) ?? value
                    let (caseName, renamed) = registry.memberName(for: source, fallback: "value")
                    var entry: [SpecEntry] = [SpecEntry("value", .text(value))]
                    if renamed || source != value { entry.add("name", .text(SpecNaming.memberName(caseName) ?? "value")) }
                    entry.add("description", text: Self.text(param["description"]))
                    cases.append(entry.count == 1 ? .text(value) : .map(entry))
                }
                entries.add("enum", .list(cases))
            }
        } else {
            var names = NameRegistry()
            var fields: [SpecEntry] = []
            for param in params {
                if let (fieldName, node) = member(param, names: &names, at: place, optional: true) { fields.add(fieldName, node) }
            }
            entries.add("fields", .map(fields))
        }
        service.models.append(ImportedService.Item(name: name, entries: entries, file: SpecAssembler.serviceFile, origin: place))
    }

    mutating func mapInterface(_ interface: [String: Any], file: String) {
        let place = location("interface", interface)
        let source = Self.text(interface["className"]) ?? (interface["name"] as? String ?? "")
        let name = typeNames.typeName(for: source, fallback: "Interface", derived: ["Api", "Parser", "Response", "Output", "Failure", "Body"], isType: false)
        if SpecNaming.typeName(source) != name {
            warn(place, "rename", "interface named '\(name)': \(SpecNaming.typeName(source).map { "'\($0)' or one of its types is taken" } ?? "its name makes no Swift name")")
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
        let inputs = params["inputs"] as? [[String: Any]] ?? []
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
        for param in inputs {
            // A File input is a file part of a multipart body.
            if Self.int(param["type"]) == 9999, !["GET", "HEAD"].contains(method), let key = Self.text(param["name"]) {
                let (paramName, renamed) = names.memberName(for: key, fallback: "param")
                var parts = [SpecEntry("type", .text((Self.int(param["isArray"]) == 1 ? "[File]" : "File") + (Self.int(param["required"]) == 1 ? "" : "?")))]
                if renamed { parts.add("key", text: key) }
                parts.add("description", text: Self.text(param["description"]))
                specParams.add(paramName, parts.count == 1 ? parts[0].value : .map(parts))
                uploadsFiles = true
                continue
            }
            // A path variable is always sent: NEI's older exports say nothing of `required`.
            let inPath = Self.text(param["name"]).map(placeholders.contains) ?? false
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
            guard let headerName = Self.text(header["name"]) else { continue }
            guard headerNamesSeen.insert(headerName.lowercased()).inserted else {
                warn(place, "header", "request header '\(headerName)' listed twice (header names ignore case): kept once")
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
        let outputs = params["outputs"] as? [[String: Any]] ?? []
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
            guard let headerName = Self.text(header["name"]) else { continue }
            guard responseHeadersSeen.insert(headerName.lowercased()).inserted else {
                warn(place, "header", "response header '\(headerName)' listed twice (header names ignore case): kept once")
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
}
