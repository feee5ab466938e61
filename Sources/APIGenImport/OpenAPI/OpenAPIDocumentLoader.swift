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
    static func load(_ data: Data) -> Result<OpenAPIDocument, LoadFailure> {
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(LoadFailure(message: "the document is not UTF-8 text"))
        }
        // YAML is a superset of JSON, and Yams keeps the order of keys (Foundation's JSONDecoder does
        // not), so both are read by Yams: fields and params come out in the document's order.
        let decoder = YAMLDecoder()
        do {
            let probe = try decoder.decode(VersionProbe.self, from: text)
            if let swagger = probe.swagger {
                return .failure(LoadFailure(message: "Swagger \(swagger) documents are not supported; convert to OpenAPI 3 first (for example with swagger2openapi)"))
            }
            guard let version = probe.openapi else {
                return .failure(LoadFailure(message: "not an OpenAPI document: no 'openapi' version"))
            }
            if version.hasPrefix("3.0") {
                let old = try decoder.decode(OpenAPIKit30.OpenAPI.Document.self, from: text)
                return .success(old.convert(to: .v3_1_1))
            }
            return .success(try decoder.decode(OpenAPIKit.OpenAPI.Document.self, from: text))
        } catch {
            return .failure(LoadFailure(message: "cannot read the document: " + OpenAPIKit.OpenAPI.Error(from: error).localizedDescription))
        }
    }

    struct LoadFailure: Error {
        var message: String
    }
}

/// The 3.1/3.2 document type every importer and the exporter work on.
typealias OpenAPIDocument = OpenAPIKit.OpenAPI.Document
