public import APIGenCore
import Foundation
import OpenAPIKit
import Yams

/// `apigen export openapi`: a service's specs → an OpenAPI 3.1 document (YAML, or JSON for a
/// `.json` output), made with OpenAPIKit's types and encoder.
public enum OpenAPIExporter {
    /// The result of an export.
    public struct Outcome: Sendable {
        /// The document's text; `nil` when there are errors.
        public var text: String?
        /// What OpenAPI cannot say that the specs do, one line each.
        public var warnings: [String] = []
        /// Why there is no document.
        public var errors: [String] = []
    }

    /// Exports the one service the specs declare.
    public static func export(_ description: SpecDescription, json: Bool) -> Outcome {
        var outcome = Outcome()
        guard description.services.count == 1, let service = description.services.first else {
            outcome.errors.append("apigen: export writes one service per document; the specs declare \(description.services.map(\.name).joined(separator: ", ")); give one spec file or folder per service")
            return outcome
        }
        var builder = OpenAPIDocumentBuilder(service: service)
        let tree = builder.build()
        outcome.warnings = builder.warnings
        let yaml = YAMLText.file(header: [], tree).text
        do {
            let document = try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                outcome.text = String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
            } else {
                outcome.text = try YAMLEncoder().encode(document)
            }
        } catch {
            outcome.errors.append("apigen: cannot make the OpenAPI document: " + OpenAPI.Error(from: error).localizedDescription)
        }
        return outcome
    }
}
