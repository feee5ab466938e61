import Foundation
import Testing
@testable import APIGenImport

/// A document split over several files is imported as one: references to other files' components
/// and schemas become components, other references are replaced by their targets.
@Suite struct ReferenceBundlerTests {
    /// Writes `files` (relative path → text) into a new folder.
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bundler-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    private func importDocument(_ root: URL, _ name: String = "openapi.yaml") throws -> ImportOutcome {
        let url = root.appendingPathComponent(name)
        return OpenAPIImporter.importDocument(try Data(contentsOf: url), documentName: name, outputPath: "Out", documentURL: url)
    }

    private func text(_ outcome: ImportOutcome, _ path: String) -> String {
        outcome.files.first { $0.path == path }?.contents ?? ""
    }

    static let document = """
    openapi: 3.0.3
    info: {title: Multi, version: "1"}
    servers: [{url: "http://127.0.0.1:8080"}]
    paths:
      /pets:
        $ref: paths/pets.yaml
      /pets/{id}:
        get:
          operationId: getPet
          parameters:
            - $ref: "common.yaml#/components/parameters/Id"
          responses:
            "200":
              description: ok
              content:
                application/json:
                  schema: {$ref: "schemas/pet.yaml"}
    components:
      schemas:
        Owner:
          type: object
          properties:
            pets: {type: array, items: {$ref: "./schemas/pet.yaml"}}
    """

    static let files = [
        "openapi.yaml": document,
        "paths/pets.yaml": """
        get:
          operationId: listPets
          responses:
            "200":
              description: ok
              content:
                application/json:
                  schema: {type: array, items: {$ref: "../schemas/pet.yaml"}}
        """,
        "schemas/pet.yaml": """
        type: object
        required: [id, name]
        properties:
          id: {type: integer, format: int64}
          name: {type: string}
          tag: {$ref: "#/definitions/Tag"}
          parent: {$ref: "pet.yaml"}
          owner: {$ref: "../openapi.yaml#/components/schemas/Owner"}
        definitions:
          Tag: {type: string, enum: [a, b]}
        """,
        "common.yaml": """
        components:
          parameters:
            Id: {name: id, in: path, required: true, schema: {type: integer}}
        """,
    ]

    @Test func referencesToOtherFilesAreFollowed() throws {
        let outcome = try importDocument(try folder(Self.files))
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.warnings.filter { $0.kind != "server" }.isEmpty, "\(outcome.warnings)")
        #expect(outcome.apisOut == 2)
        let service = text(outcome, "service.yaml")
        // The schema file is one model, however many places refer to it; its own `#/…` reference
        // is read in its file, and its reference back into the document is the document's model.
        #expect(service.contains("  Pet:\n    fields:\n      id: Int64\n      name: String\n      tag: Tag?\n      parent: Pet?\n      owner: Owner?\n"), "\(service)")
        #expect(service.contains("  Tag:\n    enum:\n      - a\n      - b\n"), "\(service)")
        #expect(service.contains("pets: \"[Pet]?\""), "\(service)")
        let apis = text(outcome, "default.yaml")
        #expect(apis.contains("  GetPet:\n    path: /pets/{id}\n    params:\n      id: Int\n    response:\n      type: Pet\n"), "\(apis)")
        #expect(apis.contains("  ListPets:\n    path: /pets\n    response:\n      type: \"[Pet]\"\n"), "\(apis)")
    }

    @Test func aFileThatCannotBeReadIsAWarningAtItsReference() throws {
        var files = Self.files
        files["common.yaml"] = nil
        files["paths/pets.yaml"] = "get: [unclosed"
        let outcome = try importDocument(try folder(files))
        let lines = outcome.warnings.map { $0.line(severity: "warning") }
        #expect(lines.contains { $0.hasPrefix("openapi.yaml#/paths/~1pets~1{id}/get/parameters/0: warning: reference 'common.yaml#/components/parameters/Id' not followed: there is no readable file ") }, "\(lines)")
        // A YAML error names its place in the file; what the unresolved reference loses is said in
        // the same line (it was a second warning at the same place).
        #expect(lines.contains { $0.hasPrefix("openapi.yaml#/paths/~1pets: warning: reference 'paths/pets.yaml' not followed: paths/pets.yaml:1:") && $0.hasSuffix("; its operations are not imported") }, "\(lines)")
        #expect(!lines.contains("openapi.yaml#/paths/~1pets: warning: path item reference not followed: its operations are not imported"), "\(lines)")
        #expect(outcome.apisOut == 1)
    }

    /// A loss in a component that came from another file names that file and the place in it, as
    /// the document is named (`api/schemas/pet.yaml#/properties/weight`): the bundled document's
    /// `#/components/schemas/pet` is nowhere the user could look.
    @Test func warningsInAnotherFilesComponentNameThatFile() throws {
        var files: [String: String] = [:]
        for (path, text) in Self.files { files["api/" + path] = text }
        files["api/schemas/pet.yaml"] = """
        type: object
        properties:
          id: {type: integer, format: int64}
          weight: {type: number, minimum: 0}
        """
        files["api/common.yaml"] = """
        components:
          parameters:
            Id: {name: id, in: path, required: true, schema: {type: integer}}
          schemas:
            Size: {type: object, properties: {width: {type: integer, maximum: 10}}}
        """
        files["api/openapi.yaml"] = Self.document + """

            Box:
              type: object
              properties:
                size: {$ref: "common.yaml#/components/schemas/Size"}
        """
        let outcome = try importDocument(try folder(files), "api/openapi.yaml")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.filter { $0.kind != "server" }.map { $0.line(severity: "warning") }
        #expect(lines == [
            "api/schemas/pet.yaml#/properties/weight: warning: validation keywords not kept (apigen checks types, not values): minimum",
            "api/common.yaml#/components/schemas/Size/properties/width: warning: validation keywords not kept (apigen checks types, not values): maximum",
        ], "\(lines)")
    }

    @Test func aDocumentInOneFileIsReadAsItIs() {
        #expect(!ReferenceBundler.mayReferToOtherFiles(Data(##"{"a": {"$ref": "#/components/schemas/A"}, "b": {"$ref" : '#/x'}}"##.utf8)))
        #expect(ReferenceBundler.mayReferToOtherFiles(Data("a:\n  $ref: common.yaml#/x\n".utf8)))
        #expect(ReferenceBundler.bundle(Data("openapi: 3.1.0\npaths: {}\n".utf8), document: URL(fileURLWithPath: "/nonexistent/doc.yaml")) == nil)
    }
}
