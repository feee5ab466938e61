import Foundation
import Testing
import APIGenCore
import APIGenImport

/// `apigen export openapi` and back: `import openapi` of an export generates the same Swift.
@Suite struct RoundTripTests {
    /// The Swift a spec folder or file generates, by path, without the first line (it names the spec file).
    static func swift(of specs: URL) -> [String: String] {
        let outcome = Generator.render(specs: specs)
        return Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, String($0.contents.drop { $0 != "\n" })) })
    }

    static func roundTrip(_ spec: URL, json: Bool = false) throws -> (exported: String, files: [GeneratedFile], warnings: [String]) {
        let (checked, description) = Generator.describe(specs: spec)
        #expect(!checked.hasErrors)
        let export = OpenAPIExporter.export(try #require(description), json: json)
        let text = try #require(export.text)
        let imported = OpenAPIImporter.importDocument(Data(text.utf8), documentName: "openapi.yaml", outputPath: "Out")
        #expect(imported.errors.isEmpty, "\(imported.errors)")
        return (text, imported.files, export.warnings + imported.warnings.map(\.description))
    }

    @Test(arguments: [false, true]) func exportThenImportGeneratesTheSameSwift(json: Bool) throws {
        let spec = Repository.root.appendingPathComponent("Tests/APIGenCoreTests/Fixtures/OpenAPI/trip.yaml")
        let (exported, files, warnings) = try Self.roundTrip(spec, json: json)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(exported.hasPrefix(json ? "{\n  \"openapi\": \"3.1.0\"," : "openapi: \"3.1.0\"\n"))
        let folder = try TemporaryFolder()
        for file in files { try folder.write(file.contents, to: "Imported/\(file.path)") }
        let original = Self.swift(of: spec)
        let again = Self.swift(of: folder.folder("Imported"))
        #expect(original.keys.sorted() == again.keys.sorted())
        for (path, text) in original.sorted(by: { $0.key < $1.key }) {
            #expect(again[path] == text, "\(path) differs after the round trip")
        }
    }

    @Test func repositorySpecsExportAndImportBack() throws {
        for (name, expectedWarnings) in [("shop", 2), ("httpbin", 23)] {
            let spec = Repository.root.appendingPathComponent("Specs/\(name).yaml")
            let (checked, description) = Generator.describe(specs: spec)
            #expect(!checked.hasErrors)
            let export = OpenAPIExporter.export(try #require(description), json: false)
            #expect(export.errors.isEmpty)
            #expect(export.warnings.count == expectedWarnings, "\(export.warnings)")
            let imported = OpenAPIImporter.importDocument(Data(try #require(export.text).utf8), documentName: "\(name).yaml", outputPath: "Out")
            #expect(imported.errors.isEmpty, "\(imported.errors)")
            let rendered = Generator.render(texts: imported.files.map { Generator.SpecText(path: $0.path, text: $0.contents) })
            #expect(!rendered.hasErrors, "\(rendered.diagnostics)")
        }
        // The shop's models come back exactly (its APIs are wrapped in the envelope: see docs/import-export.md).
        let (_, files, _) = try Self.roundTrip(Repository.root.appendingPathComponent("Specs/shop.yaml"))
        let folder = try TemporaryFolder()
        for file in files { try folder.write(file.contents, to: "Imported/\(file.path)") }
        let original = Self.swift(of: Repository.root.appendingPathComponent("Specs/shop.yaml"))
        let again = Self.swift(of: folder.folder("Imported"))
        for (path, text) in original where path.contains("/Models/") {
            #expect(again[path] == text, "\(path) differs after the round trip")
        }
    }

    @Test func cliExportIsTheSameEveryRun() async throws {
        let folder = try TemporaryFolder()
        let spec = Repository.root.appendingPathComponent("Specs/httpbin.yaml").path
        var texts: [String] = []
        for name in ["a.yaml", "b.yaml", "c.json", "d.json"] {
            let result = try await ProcessResult.run(Repository.apigen, ["export", "openapi", spec, "-o", name], in: folder.url)
            #expect(result.status == 0, "\(result.errorOutput)")
            texts.append(try #require(folder.read(name)))
        }
        #expect(texts[0] == texts[1] && texts[2] == texts[3])
        #expect(texts[2].hasPrefix("{\n  \"openapi\": \"3.1.0\""))
    }

    @Test func exportRefusesSeveralServices() throws {
        let (_, description) = Generator.describe(specs: Repository.root.appendingPathComponent("Specs"))
        let export = OpenAPIExporter.export(try #require(description), json: false)
        #expect(export.text == nil)
        #expect(export.errors.first?.hasPrefix("apigen: export writes one service per document") == true)
    }
}
