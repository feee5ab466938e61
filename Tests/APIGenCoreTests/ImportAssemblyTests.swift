import Foundation
import Testing
@testable import APIGenImport

/// What the importers' last step does with a spec the generator rejects: an API or mock it can drop
/// is dropped with a warning; anything else stops the import, told at the source document's place.
@Suite struct ImportAssemblyTests {
    private let assembler = SpecAssembler(source: "openapi", documentName: "doc.yaml", outputPath: "Specs")

    private func service(modelFieldType: String, apiResponse: String) -> ImportedService {
        var service = ImportedService(name: "Pets")
        service.environments = [(name: "production", url: "https://pets.example.com")]
        service.models = [ImportedService.Item(
            name: "Pet",
            entries: [SpecEntry("fields", .map([SpecEntry("owner", .text(modelFieldType))]))],
            file: SpecAssembler.serviceFile,
            origin: "#/components/schemas/Pet"
        )]
        service.apis = [ImportedService.Item(
            name: "getPet",
            entries: [SpecEntry("method", .text("GET")), SpecEntry("path", .text("/pets")), SpecEntry("response", .text(apiResponse))],
            file: "pets.yaml",
            origin: "#/paths/~1pets/get"
        )]
        return service
    }

    @Test func aModelTheGeneratorRejectsIsToldAtItsSchema() {
        var warnings: [ImportWarning] = []
        var errors: [String] = []
        let files = assembler.assemble(service(modelFieldType: "Ghost", apiResponse: "Pet"), warnings: &warnings, errors: &errors, document: "doc.yaml")
        #expect(files.isEmpty)
        #expect(errors.count == 1)
        let error = errors.first ?? ""
        #expect(error.hasPrefix("doc.yaml#/components/schemas/Pet: error: the imported model 'Pet' does not validate: "), "\(error)")
        #expect(error.contains("Ghost"), "\(error)")
        #expect(error.hasSuffix(" of the specs not written)"), "\(error)")
        #expect(error.contains("(service.yaml:"), "\(error)")
    }

    @Test func aServiceProblemKeepsTheSpecPlace() {
        var warnings: [ImportWarning] = []
        var errors: [String] = []
        var service = service(modelFieldType: "String", apiResponse: "Pet")
        service.environments = []
        _ = assembler.assemble(service, warnings: &warnings, errors: &errors, document: "doc.yaml")
        #expect(errors == ["Specs/service.yaml:4:15: error: the imported spec does not validate: environments must name at least one base URL"])
    }

    @Test func aBadKeptSettingIsToldAtItsExtension() {
        var warnings: [ImportWarning] = []
        var errors: [String] = []
        var service = service(modelFieldType: "String", apiResponse: "Pet")
        service.settings = [SpecEntry("defaults", .map([SpecEntry("timeout", .text("banana"))]))]
        service.settingsOrigins = ["defaults": "#/x-apigen/defaults"]
        let files = assembler.assemble(service, warnings: &warnings, errors: &errors, document: "doc.yaml")
        #expect(files.isEmpty)
        #expect(errors == ["doc.yaml#/x-apigen/defaults: error: the imported setting 'defaults' does not validate: timeout must be a number, found a string (service.yaml:7:12 of the specs not written)"])
    }

    @Test func anApiTheGeneratorRejectsIsDroppedWithAWarning() {
        var warnings: [ImportWarning] = []
        var errors: [String] = []
        let files = assembler.assemble(service(modelFieldType: "String", apiResponse: "Ghost"), warnings: &warnings, errors: &errors, document: "doc.yaml")
        #expect(errors.isEmpty, "\(errors)")
        #expect(files.map(\.path) == ["service.yaml"])
        #expect(warnings.map(\.kind) == ["rejected-operation"])
        #expect(warnings.first?.line(severity: "warning").hasPrefix("doc.yaml#/paths/~1pets/get: warning: operation not imported: the generator rejects it: ") == true)
    }

    /// Required fields that make models require themselves (no finite JSON value exists) are read as
    /// optional, one per cycle, the first in source order: a cycle of two, one of one, and two
    /// cycles through one model.
    @Test func requiredCyclesAreBrokenOneFieldEach() async throws {
        func object(_ name: String, _ fields: [String]) -> String {
            let properties = fields.map { "        \($0.lowercased()): {$ref: '#/components/schemas/\($0)'}" }.joined(separator: "\n")
            return "    \(name):\n      type: object\n      required: [\(fields.map { $0.lowercased() }.joined(separator: ", "))]\n      properties:\n\(properties)"
        }
        let document = """
        openapi: 3.0.3
        info: {title: Cycles, version: "1"}
        servers: [{url: "https://cycles.example.com"}]
        paths:
          /a:
            get:
              operationId: getA
              responses:
                "200":
                  description: ok
                  content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}
        components:
          schemas:
        \([object("A", ["B"]), object("B", ["A"]), object("C", ["C"]), object("D", ["E", "F"]), object("E", ["D"]), object("F", ["D"])].joined(separator: "\n"))
        """
        let outcome = OpenAPIImporter.importDocument(Data(document.utf8), documentName: "doc.yaml", outputPath: "Specs")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.warnings.map(\.description) == [
            "doc.yaml#/components/schemas/A: warning: field 'b' of 'A' is required and holds 'B', through which 'A' requires itself on every path: no finite value exists, so it is read as optional",
            "doc.yaml#/components/schemas/C: warning: field 'c' of 'C' is required and holds itself: no finite value exists, so it is read as optional",
            "doc.yaml#/components/schemas/D: warning: field 'e' of 'D' is required and holds 'E', through which 'D' requires itself on every path: no finite value exists, so it is read as optional",
            "doc.yaml#/components/schemas/D: warning: field 'f' of 'D' is required and holds 'F', through which 'D' requires itself on every path: no finite value exists, so it is read as optional",
        ])
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("  A:\n    fields:\n      b: B?\n  B:\n    fields:\n      a: A\n  C:\n    fields:\n      c: C?\n  D:\n    fields:\n      e: E?\n      f: F?\n  E:\n    fields:\n      d: D\n"), "\(service)")
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }
}
