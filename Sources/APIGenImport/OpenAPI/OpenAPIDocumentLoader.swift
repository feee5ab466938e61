import APIGenCore
import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat

/// Reads an OpenAPI 3.0, 3.1 or 3.2 document, YAML or JSON, into OpenAPIKit's 3.1/3.2 types
/// (a 3.0 document is converted by OpenAPIKitCompat).
enum OpenAPIDocumentLoader {
    private struct VersionProbe: Decodable {
        var openapi: String?
        var swagger: String?
    }

    /// The document, or a message saying why it cannot be read.
    static func load(_ data: Data) -> Result<Loaded, LoadFailure> {
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(LoadFailure(message: "the document is not UTF-8 text"))
        }
        if text.drop(while: { $0.isWhitespace }).first == "{" {
            // `{openapi: 3.0.3, …}` is YAML's flow style, not JSON.
            let json = loadJSON(data)
            if case .failure(let failure) = json, failure.isSyntax, case .success(let converted) = YAMLAsJSON.convert(text, file: "document") {
                return loadJSON(converted)
            }
            return json
        }
        // YAML is read by the generator's own loader and decoded as JSON: Yams' decoder builds a
        // node tree and coding paths that made YAML documents several times slower than JSON ones.
        switch YAMLAsJSON.convert(text, file: "document") {
        case .success(let json):
            return loadJSON(json)
        case .failure(let failure):
            // Placed at the first problem; any others name their own places.
            let first = failure.diagnostics.first
            let others = failure.diagnostics.dropFirst().map { "; \($0.message) (line \($0.location.line), column \($0.location.column))" }
            return .failure(LoadFailure(
                message: "cannot read the document: " + (first?.message ?? "it is not YAML") + others.joined(), line: first?.location.line, column: first?.location.column
            ))
        }
    }

    /// JSON is decoded by Foundation (Yams is several times slower on large documents); the order
    /// of keys, which Foundation does not keep, comes from one scan of the text.
    private static func loadJSON(_ data: Data) -> Result<Loaded, LoadFailure> {
        let written: Any
        do {
            written = try JSONSerialization.jsonObject(with: data)
        } catch {
            let problem = JSONSyntax.problem(in: data, error: error)
            return .failure(LoadFailure(message: "cannot read the document: it is " + problem.message, line: problem.line, column: problem.column, isSyntax: true))
        }
        guard written is [String: Any] else {
            return .failure(LoadFailure(message: "not an OpenAPI document: its top level is \(written is [Any] ? "a list" : "a single value"), not a mapping"))
        }
        let order: OrderedJSON
        do {
            order = try OrderedJSON(data)
        } catch {
            // Foundation reads a little more than JSON (a comma before a closing bracket).
            let (line, column) = JSONSyntax.position(ofByte: error.offset, in: data)
            return .failure(LoadFailure(message: "cannot read the document: it is not well-formed JSON", line: line, column: column, isSyntax: true))
        }
        let decoder = JSONDecoder()
        decoder.userInfo = withoutExtensions
        var repair: DocumentRepair?
        do {
            let probe = try decoder.decode(VersionProbe.self, from: data)
            if let failure = check(probe) { return .failure(failure) }
            var structure = StructureRepair()
            let restructured = (written as? [String: Any]).flatMap { structure.repaired($0) }
            let root = restructured ?? written
            let raw = RawDocument(order: order, root: written, renamedKeys: structure.renamedKeys)
            let version = probe.openapi ?? ""
            repair = DocumentRepair(version: version)
            var decodable = data
            if let mended = repair?.repaired(root, at: JSONPointer()) {
                decodable = try JSONSerialization.data(withJSONObject: mended)
            } else if restructured != nil {
                decodable = try JSONSerialization.data(withJSONObject: root)
            }
            let notes = structure.notes + (repair?.notes ?? [])
            if version.hasPrefix("3.0") {
                let old = try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: decodable)
                return .success(Loaded(document: old.convert(to: .v3_1_1), raw: raw, repairs: notes))
            }
            return .success(Loaded(document: try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: decodable), raw: raw, repairs: notes))
        } catch {
            // OpenAPIKit's explanation runs over several lines; a diagnostic is one.
            let explanation = OpenAPIKit.OpenAPI.Error(from: error).localizedDescription
                .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
            var message = "cannot read the document: " + explanation
            if let references = repair?.externalReferences, references > 0 {
                message += " (it has \(references) $ref\(references == 1 ? "" : "s") to other files, which apigen follows only to files it can read beside the document: bundle the document into one file first, e.g. with `redocly bundle` or `swagger-cli bundle`)"
            }
            return .failure(LoadFailure(message: message))
        }
    }

    /// A document read: OpenAPIKit's types, the values as written, and what was mended to read it.
    struct Loaded {
        var document: OpenAPIDocument
        var raw: RawDocument
        var repairs: [DocumentRepair.Note]
    }

    /// A schema of a document read on its own (the target of a `$ref` into a schema's inside), as
    /// the document's version reads it and mended as the whole document was.
    static func schema(_ value: Any, version: String) -> OpenAPIKit.JSONSchema? {
        var repair = DocumentRepair(version: version)
        let mended = repair.repaired(value, at: JSONPointer()) ?? value
        let decoder = JSONDecoder()
        decoder.userInfo = withoutExtensions
        guard version.hasPrefix("3.0") else {
            guard JSONSerialization.isValidJSONObject(mended), let data = try? JSONSerialization.data(withJSONObject: mended) else { return nil }
            return try? decoder.decode(OpenAPIKit.JSONSchema.self, from: data)
        }
        // OpenAPIKitCompat converts whole documents: the schema is read as the one component of one.
        let wrapper: [String: Any] = [
            "openapi": version, "info": ["title": "", "version": ""], "paths": [String: Any](),
            "components": ["schemas": ["schema": mended]],
        ]
        guard JSONSerialization.isValidJSONObject(wrapper), let data = try? JSONSerialization.data(withJSONObject: wrapper),
              let document = try? decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: data) else { return nil }
        return document.convert(to: .v3_1_1).components.schemas["schema"]
    }

    /// OpenAPIKit told not to decode vendor extensions: it would decode each object's subtree again
    /// for every level above it. The importer reads the extensions it knows from the text.
    /// (OpenAPIKit30's key is the same key.)
    static let withoutExtensions: [CodingUserInfoKey: any Sendable] = [OpenAPIKit.VendorExtensionsConfiguration.enabledKey: false]

    private static func check(_ probe: VersionProbe) -> LoadFailure? {
        if let swagger = probe.swagger {
            return LoadFailure(message: "Swagger \(swagger) documents are not supported; convert to OpenAPI 3 first (for example with swagger2openapi)")
        }
        guard probe.openapi != nil else {
            return LoadFailure(message: "not an OpenAPI document: no 'openapi' version")
        }
        return nil
    }

    struct LoadFailure: Error {
        var message: String
        /// Where the text stops being JSON or YAML, when it is known.
        var line: Int?
        var column: Int?
        /// Whether the text is not JSON at all (rather than JSON that is no OpenAPI document).
        var isSyntax = false
    }
}

/// The 3.1/3.2 document type every importer and the exporter work on.
typealias OpenAPIDocument = OpenAPIKit.OpenAPI.Document

/// Literal values of the document as written (examples, defaults, enum values, extensions) and the
/// order of its keys, found by JSON pointer. A YAML document is read as the JSON it converts to.
final class RawDocument {
    private let order: OrderedJSON
    private let jsonRoot: Any?
    /// Component keys the importer reads under other names, by section: new key → key as written.
    private let renamedKeys: [String: [String: String]]

    /// The order of the document's keys and its values as `JSONSerialization` read them; pointers
    /// name renamed components (``StructureRepair``) by their new keys.
    init(order: OrderedJSON, root: Any, renamedKeys: [String: [String: String]] = [:]) {
        self.order = order
        jsonRoot = root
        self.renamedKeys = renamedKeys
    }

    /// The keys of the object at `pointer` in document order.
    func keys(at pointer: JSONPointer) -> [String]? {
        let pointer = asWritten(pointer)
        guard pointer.tokens.count == 2, pointer.tokens[0] == "components", let renamed = renamedKeys[pointer.tokens[1]] else {
            return order.keys(at: pointer)
        }
        let newKeys = Dictionary(renamed.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return order.keys(at: pointer)?.map { newKeys[$0] ?? $0 }
    }

    /// The pointer with a renamed component's key as the document writes it.
    private func asWritten(_ pointer: JSONPointer) -> JSONPointer {
        guard !renamedKeys.isEmpty, pointer.tokens.count >= 3, pointer.tokens[0] == "components",
              let written = renamedKeys[pointer.tokens[1]]?[pointer.tokens[2]] else { return pointer }
        var tokens = pointer.tokens
        tokens[2] = written
        return JSONPointer(tokens)
    }

    /// The value at a pointer as JSON, typed as the document types it (a quoted `"1"` stays text).
    func value(at pointer: JSONPointer) -> JSONValue? {
        foundationValue(at: pointer).flatMap { ordered(JSONValue(any: $0), at: pointer) }
    }

    /// The value at a pointer as `JSONSerialization` read it, to be decoded again.
    func foundationValue(at pointer: JSONPointer) -> Any? {
        var current: Any? = jsonRoot
        for token in asWritten(pointer).tokens {
            if let object = current as? [String: Any] { current = object[token] }
            else if let array = current as? [Any], let index = Int(token), array.indices.contains(index) { current = array[index] }
            else { return nil }
        }
        return current
    }

    /// A value from `JSONSerialization` with its objects in the document's order again.
    private func ordered(_ value: JSONValue?, at pointer: JSONPointer) -> JSONValue? {
        switch value {
        case .object(let members)?:
            let order = keys(at: pointer) ?? []
            let rank = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            let sorted = members.sorted { (rank[$0.key] ?? Int.max, $0.key) < (rank[$1.key] ?? Int.max, $1.key) }
            return .object(sorted.map { JSONMember(key: $0.key, value: ordered($0.value, at: pointer.appending($0.key)) ?? $0.value) })
        case .array(let items)?:
            return .array(items.enumerated().map { ordered($1, at: pointer.appending(String($0))) ?? $1 })
        case .number?:
            // Digits a Double does not keep, as written.
            return order.numberLiteral(at: asWritten(pointer)).map(JSONValue.number) ?? value
        default:
            return value
        }
    }
}
