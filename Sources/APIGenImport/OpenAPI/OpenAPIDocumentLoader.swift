import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads an OpenAPI 3.0, 3.1 or 3.2 document, YAML or JSON, into OpenAPIKit's 3.1/3.2 types
/// (a 3.0 document is converted by OpenAPIKitCompat).
enum OpenAPIDocumentLoader {
    private struct VersionProbe: Decodable {
        var openapi: String?
        var swagger: String?
    }

    /// The document, or a message saying why it cannot be read.
    static func load(_ data: Data) -> Result<(OpenAPIDocument, RawDocument), LoadFailure> {
        guard var text = String(data: data, encoding: .utf8) else {
            return .failure(LoadFailure(message: "the document is not UTF-8 text"))
        }
        if text.drop(while: { $0.isWhitespace }).first == "{" { text = joiningSurrogateEscapes(text) }
        // YAML is a superset of JSON, and Yams keeps the order of keys (Foundation's JSONDecoder does
        // not), so both are read by Yams: fields and params come out in the document's order.
        let decoder = YAMLDecoder()
        do {
            let raw = RawDocument(text: text)
            let probe = try decoder.decode(VersionProbe.self, from: text)
            if let swagger = probe.swagger {
                return .failure(LoadFailure(message: "Swagger \(swagger) documents are not supported; convert to OpenAPI 3 first (for example with swagger2openapi)"))
            }
            guard let version = probe.openapi else {
                return .failure(LoadFailure(message: "not an OpenAPI document: no 'openapi' version"))
            }
            if version.hasPrefix("3.0") {
                let old = try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: text)
                return .success((old.convert(to: .v3_1_1), raw))
            }
            return .success((try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: text), raw))
        } catch {
            return .failure(LoadFailure(message: "cannot read the document: " + OpenAPIKit.OpenAPI.Error(from: error).localizedDescription))
        }
    }

    /// JSON writes a character outside the Basic Multilingual Plane as two escapes
    /// (`\ud83d\udc4d`); YAML reads each escape alone and rejects a lone surrogate, so the pairs
    /// are written as the character itself.
    static func joiningSurrogateEscapes(_ text: String) -> String {
        guard text.contains("\\ud") || text.contains("\\uD") else { return text }
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func unit(at position: Int) -> UInt32? {
            guard position + 6 <= scalars.count, scalars[position] == "\\", scalars[position + 1] == "u" else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[(position + 2)..<(position + 6)])), radix: 16)
        }
        var backslashes = 0
        while index < scalars.count {
            if backslashes % 2 == 0, let high = unit(at: index), (0xD800...0xDBFF).contains(high),
               let low = unit(at: index + 6), (0xDC00...0xDFFF).contains(low),
               let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                result.append(scalar)
                index += 12
                backslashes = 0
                continue
            }
            backslashes = scalars[index] == "\\" ? backslashes + 1 : 0
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    struct LoadFailure: Error {
        var message: String
    }
}

/// The 3.1/3.2 document type every importer and the exporter work on.
typealias OpenAPIDocument = OpenAPIKit.OpenAPI.Document

/// Literal values of the document as written (examples, defaults, enum values), found by JSON
/// pointer, with YAML's own typing: OpenAPIKit's `AnyCodable` decoded through Yams' decoder reads
/// any text with a `:` (`http://…`, `10:30`) as a sexagesimal number. The text is parsed again,
/// once, on the first look-up.
final class RawDocument {
    private let text: String
    private lazy var root: Node? = try? Yams.compose(yaml: text)

    init(text: String) {
        self.text = text
    }

    /// The node at a pointer, if there is one.
    func node(at pointer: JSONPointer) -> Node? {
        guard var current = root else { return nil }
        for token in pointer.tokens {
            switch current {
            case .mapping(let mapping):
                guard let next = mapping.first(where: { $0.key.string == token })?.value else { return nil }
                current = next
            case .sequence(let sequence):
                guard let index = Int(token), sequence.indices.contains(index) else { return nil }
                current = sequence[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The value at a pointer as JSON, typed by YAML's rules (a quoted `"1"` stays text).
    func value(at pointer: JSONPointer) -> JSONValue? {
        node(at: pointer).map(Self.json)
    }

    static func json(_ node: Node) -> JSONValue {
        switch node {
        case .mapping(let mapping):
            var object: [String: JSONValue] = [:]
            for (key, value) in mapping { object[key.string ?? ""] = json(value) }
            return .object(object)
        case .sequence(let sequence):
            return .array(sequence.map(json))
        case .scalar(let scalar):
            switch Resolver.default.resolveTag(of: node) {
            case .null: return .null
            case .bool: return Bool.construct(from: scalar).map(JSONValue.bool) ?? .string(scalar.string)
            case .int: return Int64.construct(from: scalar).map { .number(String($0)) } ?? .string(scalar.string)
            case .float: return Double.construct(from: scalar).flatMap { $0.isFinite ? JSONValue.number(String($0)) : nil } ?? .string(scalar.string)
            default: return .string(scalar.string)
            }
        }
    }
}
