public import APIGenCore
import Foundation
import OpenAPIKit
import Yams

/// `apigen export openapi`: a service's specs → an OpenAPI 3.1 document (YAML, or JSON for a
/// `.json` output), checked by reading it back with OpenAPIKit.
public enum OpenAPIExporter {
    /// The result of an export.
    public struct Outcome: Sendable {
        /// The document's text; `nil` when there are errors.
        public var text: String?
        /// What OpenAPI cannot say that the specs do, one line each.
        public var warnings: [String] = []
        /// Why there is no document.
        public var errors: [String] = []
        /// Operations written.
        public var operations = 0
    }

    /// The document-level extension every export writes, last, naming its writer: `apigen export`
    /// overwrites only a file that has it, never a hand-written document or a spec.
    public static let marker = "x-apigen-generated"

    /// Whether a document's text is one `apigen export` wrote (YAML or JSON, as it writes them).
    public static func isExport(_ text: String) -> Bool {
        text.contains("\n\(marker): ") || text.contains("\n  \"\(marker)\": ")
    }

    /// Exports the one service the specs declare.
    public static func export(_ description: SpecDescription, json: Bool) -> Outcome {
        var outcome = Outcome()
        guard description.services.count == 1, let service = description.services.first else {
            outcome.errors.append("apigen: export writes one service per document; the specs declare \(description.services.map(\.name).joined(separator: ", ")); give one spec file or folder per service")
            return outcome
        }
        var builder = OpenAPIDocumentBuilder(service: service)
        let tree = builder.build() + [SpecEntry(marker, .text("apigen export openapi: this document is rewritten by it"))]
        outcome.warnings = builder.warnings
        outcome.operations = builder.operations
        let yaml = YAMLText.file(header: [], tree).text
        // OpenAPIKit reads the document back: what is written is a valid OpenAPI 3.1 document. The
        // text itself is written here, keys in order, because OpenAPIKit's encoder writes extension
        // and example keys in hash order, which changes from run to run.
        do {
            _ = try YAMLDecoder().decode(OpenAPI.Document.self, from: yaml)
            outcome.text = json ? SpecNode.map(tree).jsonText() + "\n" : yaml
        } catch {
            outcome.errors.append("apigen: the OpenAPI document made is not valid (please report it): " + OpenAPI.Error(from: error).localizedDescription)
        }
        return outcome
    }
}
