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

    @Test func anApiTheGeneratorRejectsIsDroppedWithAWarning() {
        var warnings: [ImportWarning] = []
        var errors: [String] = []
        let files = assembler.assemble(service(modelFieldType: "String", apiResponse: "Ghost"), warnings: &warnings, errors: &errors, document: "doc.yaml")
        #expect(errors.isEmpty, "\(errors)")
        #expect(files.map(\.path) == ["service.yaml"])
        #expect(warnings.map(\.kind) == ["rejected-operation"])
        #expect(warnings.first?.line(severity: "warning").hasPrefix("doc.yaml#/paths/~1pets/get: warning: operation not imported: the generator rejects it: ") == true)
    }
}
