import APIGenCore
import Foundation
import OpenAPIKit

/// Maps an OpenAPI document onto apigen's spec format, noting each loss as a warning.
struct OpenAPIMapper {
    let document: OpenAPI.Document
    /// The document's literal values as written.
    let raw: RawDocument
    let documentName: String
    var warnings: [ImportWarning] = []
    /// Type names of the service (models, and the names each API's generated types take).
    var typeNames = NameRegistry()
    /// Component schema name → model name, for components that become models.
    var componentModels: [String: String] = [:]
    /// Component schema names that are null-able sums (their references are optional).
    var nullableComponents: Set<String> = []
    /// Component schema names being expanded as aliases (a guard against alias cycles).
    var expandingAliases: Set<String> = []
    /// Alias component name → the type it stands for, once expanded.
    var aliasTypes: [String: TypeInfo] = [:]
    /// Inline schemas already made models, by where they stand.
    var inlineModels: [JSONPointer: String] = [:]
    /// Names of the models that are enums (their defaults are raw values).
    var enumModels: Set<String> = []
    var service: ImportedService
    var operationsIn = 0
    /// Validation keywords ``DocumentRepair`` removed, each reported where it stood: not again.
    var mendedKeywords: Set<JSONPointer> = []

    init(document: OpenAPI.Document, raw: RawDocument, documentName: String) {
        self.document = document
        self.raw = raw
        self.documentName = documentName
        let title = document.info.title
        var serviceNames = NameRegistry()
        let name = serviceNames.typeName(for: title, fallback: "Imported")
        // The title describes the service unless it is only its name (`Repro`, not `Pet Store`).
        service = ImportedService(name: name, description: document.info.description ?? (title.isEmpty || title == name ? nil : title))
        typeNames.reserveType(name + "Service")
        typeNames.reserveType(name)
        typeNames.reservedNamePrefix = name
    }

    /// Entries of one of OpenAPIKit's dictionaries in the document's order: documents (YAML ones as
    /// the JSON they convert to) come out of Foundation's decoder in hash order, which changes from
    /// run to run. Keys the scan does not know (an object reached through a `$ref`) are sorted, so
    /// the result is the same every run.
    func inDocumentOrder<Key, Value>(_ entries: some Sequence<(key: Key, value: Value)>, at pointer: JSONPointer, key name: (Key) -> String) -> [(key: Key, value: Value)] {
        let list = Array(entries)
        let order = raw.keys(at: pointer) ?? []
        let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return list.sorted { (rank[name($0.key)] ?? Int.max, name($0.key)) < (rank[name($1.key)] ?? Int.max, name($1.key)) }
    }

    mutating func warn(_ pointer: JSONPointer, _ kind: String, _ message: String) {
        warnings.append(ImportWarning(document: documentName, location: pointer.description, message: message, kind: kind))
    }

    /// Maps the whole document.
    mutating func map() {
        mapServers()
        mapServiceKept()
        mapComponents()
        mapPaths()
        mapUnsupportedTopLevel()
    }

    // MARK: Servers

    private mutating func mapServers() {
        var names = NameRegistry()
        let servers = document.servers
        for (index, server) in servers.enumerated() {
            let pointer = JSONPointer(["servers", String(index)])
            var url = server.urlTemplate.absoluteString
            for (variable, value) in inDocumentOrder(server.variables, at: pointer.appending("variables"), key: { $0 }) {
                url = url.replacingOccurrences(of: "{\(variable)}", with: value.default)
                if let choices = value.enum, choices.count > 1 {
                    warn(pointer.appending("variables", variable), "server-variable", "server variable '\(variable)' fixed at its default '\(value.default)'; other values (\(choices.filter { $0 != value.default }.joined(separator: ", "))) are not environments")
                }
            }
            if !(url.hasPrefix("http://") || url.hasPrefix("https://")), !URLCheck.hasControlCharacters(url) {
                warn(pointer.appending("url"), "server", "server URL '\(url)' is not absolute; written as https://example.com\(url.hasPrefix("/") ? "" : "/")\(url)")
                url = "https://example.com" + (url.hasPrefix("/") ? "" : "/") + url
            }
            if URLCheck.hasControlCharacters(url) || !URLCheck.isAbsoluteHTTP(url) {
                let path = URLCheck.hasControlCharacters(url) ? "" : URLComponents(string: url)?.path ?? ""
                let made = "https://example.com" + (path.isEmpty || path.hasPrefix("/") ? "" : "/") + path
                warn(pointer.appending("url"), "server", "server URL '\(url)' is not a base URL (an http:// or https:// URL with a host and without a query): written as \(made)")
                url = made
            }
            if url.hasSuffix("/") { url.removeLast() }
            let source = server.name ?? server.description ?? (servers.count == 1 ? "production" : "server\(index + 1)")
            var name = names.memberName(for: source, fallback: "server").name
            if SpecNaming.memberName(name) != name { name = SpecNaming.memberName(name) ?? "server\(index + 1)" }
            service.environments.append((name, url))
        }
        if service.environments.isEmpty {
            warn(JSONPointer(["servers"]), "server", "the document names no server; environment 'production' is https://example.com")
            service.environments.append(("production", "https://example.com"))
        }
    }

    // MARK: Everything apigen has no place for

    private mutating func mapUnsupportedTopLevel() {
        for (name, _) in inDocumentOrder(document.components.securitySchemes, at: JSONPointer(["components", "securitySchemes"]), key: \.rawValue) {
            warn(JSONPointer(["components", "securitySchemes", name.rawValue]), "security", "security scheme not imported: add authentication with a plugin (HeaderPlugin, RequestSigner)")
        }
        for (name, _) in inDocumentOrder(document.webhooks, at: JSONPointer(["webhooks"]), key: { $0 }) {
            warn(JSONPointer(["webhooks", name]), "webhook", "webhook not imported: apigen generates clients, not servers")
        }
    }
}
