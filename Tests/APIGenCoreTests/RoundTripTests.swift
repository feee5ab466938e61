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

    /// Checks that the imported spec files generate what `spec` generates.
    static func expectSameSwift(_ spec: URL, imported files: [GeneratedFile], in folder: TemporaryFolder? = nil) throws {
        let folder = try folder ?? TemporaryFolder()
        for file in files { try folder.write(file.contents, to: "Imported/\(file.path)") }
        let original = swift(of: spec)
        let again = swift(of: folder.folder("Imported"))
        #expect(original.keys.sorted() == again.keys.sorted())
        for (path, text) in original.sorted(by: { $0.key < $1.key }) {
            #expect(again[path] == text, "\(path) differs after the round trip")
        }
    }

    @Test(arguments: [false, true]) func exportThenImportGeneratesTheSameSwift(json: Bool) throws {
        let spec = Repository.root.appendingPathComponent("Tests/APIGenCoreTests/Fixtures/OpenAPI/trip.yaml")
        let (exported, files, warnings) = try Self.roundTrip(spec, json: json)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(exported.hasPrefix(json ? "{\n  \"openapi\": \"3.1.0\"," : "openapi: \"3.1.0\"\n"))
        try Self.expectSameSwift(spec, imported: files)
    }

    /// A model with no fields, lists and maps of optional values, and a service without a
    /// description come back as they were (they came back as `[String: JSON]`, `[Int]` and a
    /// description repeating the service's name).
    @Test func emptyModelsAndOptionalElementsComeBack() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        service: Repro
        environments:
          production: "https://api.example.com"
        models:
          Marker:
            fields: {}
          Holder:
            fields:
              marker: Marker?
              scores: "[String: Double?]?"
              list: "[Int?]?"
        apis:
          GetHolder:
            path: /holder
            response: Holder

        """, to: "repro.yaml")
        let (_, files, warnings) = try Self.roundTrip(spec)
        #expect(warnings.isEmpty, "\(warnings)")
        try Self.expectSameSwift(spec, imported: files, in: folder)
    }

    /// What came back otherwise: a `oneOf` of one member (read as its member), a sum in the query
    /// without a style (read as `form`), `body: multipart` without body params (no body), and enum
    /// cases named `allCases` and `rawValue` (renamed `allCases2`).
    @Test func sumsOfOneStylelessSumsEmptyMultipartAndCaseNamesComeBack() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        service: Rt
        environments:
          debug: http://127.0.0.1:8085/api
        models:
          Card:
            fields:
              last4: String
          Pay:
            oneOf: [Card]
          Kind:
            enum: [allCases, rawValue, plain]
          Id:
            oneOf: [String, Int]
          Mixed:
            oneOf: [String, Card]
        apis:
          Find:
            path: /find
            params:
              id: Id
              mixed: Mixed?
              kind: Kind
            response: Pay
          Upload:
            method: POST
            path: /upload
            body: multipart
            params:
              token: { type: String, in: header }

        """, to: "rt.yaml")
        let (_, files, warnings) = try Self.roundTrip(spec)
        #expect(warnings.isEmpty, "\(warnings)")
        try Self.expectSameSwift(spec, imported: files, in: folder)
    }

    /// Model names OpenAPI allows no component key of (NEI's `物流`, `用户（新）`) get keys it
    /// allows, and come back by their names; two APIs on one route both keep their types.
    @Test func modelNamesOutsideOpenAPIsKeysComeBack() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        service: Repro
        environments:
          production: "https://api.example.com"
        models:
          物流:
            fields:
              id: String
          用户（新）:
            fields:
              logistics: 物流?
          Model:
            fields:
              name: String?
        apis:
          GetUser:
            path: /user
            response: 用户（新）
          GetUserAgain:
            path: /user
            params:
              again: Bool
            response: 物流

        """, to: "repro.yaml")
        let (exported, files, warnings) = try Self.roundTrip(spec)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(exported.contains("    Model2:\n"), "\(exported)")
        #expect(exported.contains("      x-apigen-name: 物流\n"), "\(exported)")
        #expect(exported.contains("\"$ref\": \"#/components/schemas/Model2\""), "\(exported)")
        try Self.expectSameSwift(spec, imported: files, in: folder)
    }

    /// A param named otherwise than its key whose type is a model (`x-apigen-name` beside a
    /// `$ref`), an object in the query sent as JSON text (OpenAPI's `content`, not `schema`), and
    /// an `Accept` header the caller picks from an enum.
    @Test(arguments: [false, true]) func paramsOfModelTypesComeBack(json: Bool) throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write("""
        service: Params
        environments:
          production: "https://api.example.com"
        models:
          Level:
            enum: { low: -1, high: 1 }
          Filter:
            fields: { role: String, n: Int }
          ImageType:
            enum:
              - { value: image/png, name: png }
              - { value: image/jpeg, name: jpeg }
        apis:
          Headers:
            path: /headers
            params:
              level: { type: Level, in: header, key: X-Level }
          Styles:
            path: /anything
            params:
              asJson: { type: Filter, key: json }
              spread: { type: "[String: String]?", style: form }
          Image:
            path: /image
            params:
              type: { type: ImageType, in: header, key: Accept }

        """, to: "params.yaml")
        let (exported, files, warnings) = try Self.roundTrip(spec, json: json)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(exported.contains("application/json"), "the JSON-text param is said with content")
        try Self.expectSameSwift(spec, imported: files, in: folder)
    }

    /// Everything the repository's specs say comes back: the envelope and the service's defaults,
    /// client behaviour (cache, retry, timeout…), constants, secrets, `brackets` and form styles,
    /// raw bodies, downloads and streams, statuses counted otherwise than HTTP does, case names of
    /// sums, deprecation messages, and the APIs that share a method and path (`x-apigen-operations`).
    @Test(arguments: ["shop", "httpbin"], [false, true]) func repositorySpecsComeBackTheSame(name: String, json: Bool) throws {
        let spec = Repository.root.appendingPathComponent("Specs/\(name).yaml")
        let (_, files, warnings) = try Self.roundTrip(spec, json: json)
        #expect(warnings.isEmpty, "\(warnings)")
        try Self.expectSameSwift(spec, imported: files)
    }

    /// An export is a standard document for other tools: values sent with every call are required
    /// one-value parameters, and the further APIs of a route sit in an extension of the path item.
    @Test func exportSpeaksPlainOpenAPIToOtherTools() throws {
        let (exported, _, _) = try Self.roundTrip(Repository.root.appendingPathComponent("Specs/shop.yaml"))
        #expect(exported.contains("        - name: X-Client\n          in: header\n          required: true\n          schema:\n            type: string\n            enum:\n              - ios\n          x-apigen-default: true\n"))
        #expect(exported.contains("x-apigen:\n  defaultEnvironment: release\n  defaults:\n"))
        let (httpbin, _, _) = try Self.roundTrip(Repository.root.appendingPathComponent("Specs/httpbin.yaml"))
        #expect(httpbin.contains("    x-apigen-operations:\n      - x-apigen-method: get\n"))
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

    /// `export -o` overwrote any file, the spec it read too, and named a folder in the way by an
    /// NSCocoaErrorDomain code: it overwrites only what an export wrote (its `x-apigen-generated`
    /// key), and says what is in the way.
    @Test func cliExportOverwritesOnlyItsOwnDocuments() async throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: Repository.root.appendingPathComponent("Specs/httpbin.yaml"), encoding: .utf8)
        try folder.write(spec, to: "Specs/httpbin.yaml")
        try folder.write("openapi: 3.1.0\n", to: "mine.yaml")
        try FileManager.default.createDirectory(at: folder.folder("site"), withIntermediateDirectories: true)
        func export(to output: String) async throws -> ProcessResult {
            try await ProcessResult.run(Repository.apigen, ["export", "openapi", "Specs/httpbin.yaml", "-o", output], in: folder.url)
        }
        let intoSpec = try await export(to: "Specs/httpbin.yaml")
        #expect(intoSpec.status == 1)
        #expect(intoSpec.errorOutput == "Specs/httpbin.yaml: error: refusing to overwrite Specs/httpbin.yaml: it is one of the specs being exported; give another file name\napigen: nothing written\n")
        #expect(folder.read("Specs/httpbin.yaml") == spec)
        let intoForeign = try await export(to: "mine.yaml")
        #expect(intoForeign.status == 1)
        #expect(intoForeign.errorOutput.hasPrefix("mine.yaml: error: refusing to overwrite mine.yaml: it was not written by apigen export (no 'x-apigen-generated' key)"))
        #expect(folder.read("mine.yaml") == "openapi: 3.1.0\n")
        let intoFolder = try await export(to: "site")
        #expect(intoFolder.status == 1)
        #expect(intoFolder.errorOutput.hasPrefix("site: error: cannot write: it is a folder; give the document's file name (site/openapi.yaml)"))
        for name in ["openapi.yaml", "openapi.json"] {
            let first = try await export(to: name)
            #expect(first.status == 0, "\(first.errorOutput)")
            try folder.write(try #require(folder.read(name)).replacingOccurrences(of: "httpbin", with: "edited"), to: name)
            let again = try await export(to: name)
            #expect(again.status == 0, "\(again.errorOutput)")
            #expect(again.output.hasPrefix("apigen: wrote \(name) "))
        }
    }

    /// The spec folder's `apigen.yaml` sets the date format of a service that chooses none; the
    /// export said `date-time` where the client codes epoch seconds, and importing it lost that.
    @Test func theConfigurationsDatesTravelThroughTheExport() throws {
        let folder = try TemporaryFolder()
        try folder.write("service: D\nenvironments:\n  p: https://e.com\nmodels:\n  Event:\n    fields:\n      at: Date\napis:\n  GetEvent:\n    path: /e\n    response: Event\n", to: "Specs/s.yaml")
        try folder.write("dates: epochSeconds\n", to: "Specs/apigen.yaml")
        let (checked, description) = Generator.describe(specs: folder.folder("Specs"))
        #expect(!checked.hasErrors, "\(checked.diagnostics)")
        let export = OpenAPIExporter.export(try #require(description), json: false)
        let text = try #require(export.text)
        #expect(text.contains("        at:\n          type: number\n          x-apigen-format: epochSeconds\n"), "\(text)")
        let imported = OpenAPIImporter.importDocument(Data(text.utf8), documentName: "openapi.yaml", outputPath: "Out")
        #expect(imported.errors.isEmpty && imported.warnings.isEmpty, "\(imported.errors) \(imported.warnings)")
        let service = try #require(imported.files.first { $0.path == "service.yaml" }?.contents)
        #expect(service.contains("      at:\n        type: Date\n        format: epochSeconds\n"), "\(service)")
    }

    @Test func exportRefusesSeveralServices() throws {
        let (_, description) = Generator.describe(specs: Repository.root.appendingPathComponent("Specs"))
        let export = OpenAPIExporter.export(try #require(description), json: false)
        #expect(export.text == nil)
        #expect(export.errors.first?.hasPrefix("apigen: export writes one service per document") == true)
    }
}
