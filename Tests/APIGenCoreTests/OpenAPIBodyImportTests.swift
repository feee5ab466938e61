import Foundation
import Testing
import APIGenCore
import APIGenImport

/// `apigen import openapi` of request bodies beyond JSON: raw text and binary bodies with their
/// content types, multipart bodies with file parts, form fields with their `encoding` styles; and
/// parameters whose `$ref` schema has a default, and operations named like a model.
@Suite struct OpenAPIBodyImportTests {
    static let document = #"""
    {"openapi": "3.1.0", "info": {"title": "Files", "version": "1"},
     "servers": [{"url": "http://127.0.0.1:8080"}],
     "paths": {
       "/notes": {"post": {"operationId": "PostNote",
         "requestBody": {"content": {"text/plain": {"schema": {"type": "string"}}}},
         "responses": {"204": {"description": "Kept."}}}},
       "/avatar": {"put": {"operationId": "PutAvatar",
         "requestBody": {"content": {"image/png": {"schema": {"type": "string", "format": "binary"}}}},
         "responses": {"204": {"description": "Kept."}}}},
       "/upload": {"post": {"operationId": "SendPhotos",
         "requestBody": {"content": {"multipart/form-data": {"schema": {"type": "object", "required": ["photo"], "properties": {
           "title": {"type": "string"},
           "photo": {"type": "string", "format": "binary"},
           "extras": {"type": "array", "items": {"type": "string", "contentMediaType": "image/jpeg"}},
           "scan": {"type": "string", "contentEncoding": "binary"},
           "raw": {"type": "string", "contentMediaType": "application/octet-stream"}}}}}},
         "responses": {"204": {"description": "Kept."}}}},
       "/files": {"post": {"operationId": "PostFiles",
         "requestBody": {"content": {"multipart/form-data": {
           "schema": {"type": "object", "properties": {"expand": {"type": "array", "items": {"type": "string"}}, "purpose": {"type": "string"}}},
           "encoding": {"expand": {"style": "deepObject", "explode": true}}}}},
         "responses": {"204": {"description": "Kept."}}}},
       "/search": {"post": {"operationId": "Search",
         "requestBody": {"content": {"application/x-www-form-urlencoded": {
           "schema": {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "integer"}}, "filter": {"$ref": "#/components/schemas/Filter"}}},
           "encoding": {"ids": {"style": "form", "explode": false}, "filter": {"style": "deepObject"}}}}},
         "responses": {"204": {"description": "Done."}}}},
       "/cookies/{kind}": {"get": {"operationId": "Cookies",
         "parameters": [{"name": "kind", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Kind"}},
                        {"name": "sort", "in": "query", "schema": {"$ref": "#/components/schemas/Kind", "default": "chewy"}}],
         "responses": {"200": {"description": "The cookies.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cookies"}}}}}}}
     },
     "components": {"schemas": {
       "Kind": {"type": "string", "enum": ["crisp", "chewy"]},
       "Filter": {"type": "object", "properties": {"name": {"type": "string"}}},
       "Cookies": {"type": "object", "properties": {"count": {"type": "integer"}}}
     }}}
    """#

    static func imported() throws -> (ImportOutcome, String) {
        let outcome = OpenAPIImporter.importDocument(Data(document.utf8), documentName: "files.json", outputPath: "Out")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let specs = try #require(outcome.files.first { $0.path == "default.yaml" }?.contents)
        return (outcome, specs)
    }

    @Test func rawBodiesKeepTheirFormatAndContentType() throws {
        let (outcome, specs) = try Self.imported()
        #expect(specs.contains("  PostNote:\n    method: POST\n    path: /notes\n    body:\n      format: text\n"))
        #expect(specs.contains("  PutAvatar:\n    method: PUT\n    path: /avatar\n    body:\n      format: binary\n      contentType: image/png\n"))
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
    }

    /// `format: binary`, a `contentMediaType` that is not text, and OpenAPI 3.1's `contentEncoding:
    /// binary` (Discord's uploads, which were `String`) make a file part.
    @Test func multipartBinaryPropertiesAreFileParts() throws {
        let (_, specs) = try Self.imported()
        #expect(specs.contains("    params:\n      title: String?\n      photo: File\n      extras: \"[File]?\"\n      scan: File?\n      raw: File?\n    body: multipart\n"))
    }

    /// OpenAPI ignores an encoding's `style` and `explode` unless the body is URL-encoded (Stripe's
    /// multipart uploads carry them): the operation is imported without them, not rejected.
    @Test func multipartEncodingStylesAreIgnored() throws {
        let (outcome, specs) = try Self.imported()
        #expect(specs.contains("  PostFiles:\n    method: POST\n    path: /files\n    params:\n      expand: \"[String]?\"\n      purpose: String?\n    body: multipart\n"), "\(specs)")
        #expect(outcome.warnings.isEmpty, "\(outcome.warnings)")
    }

    @Test func formEncodingStylesAndReferenceDefaultsAreKept() throws {
        let (_, specs) = try Self.imported()
        #expect(specs.contains("      ids:\n        type: \"[Int]?\"\n        style: form\n        explode: false\n"))
        #expect(specs.contains("      filter:\n        type: Filter?\n        style: deepObject\n"))
        #expect(specs.contains("      sort:\n        type: Kind\n        default: \"chewy\"\n"))
        // An API's own name is no type: it may be a model's name.
        #expect(specs.contains("\n  Cookies:\n    path: /cookies/{kind}\n"))
    }

    /// Stripe gives every GET and DELETE a form body of an object that allows no key: nothing is
    /// lost, so nothing is warned (it was "a request body on GET not imported", and on DELETE "a
    /// form body that is not an object"). A `*/*` body read as JSON says so.
    @Test func emptyObjectBodiesAreNothingToSend() throws {
        let document = #"""
        {"openapi": "3.0.0", "info": {"title": "Empty", "version": "1"},
         "servers": [{"url": "https://api.example.com"}],
         "paths": {
           "/accounts/{id}": {
             "parameters": [{"in": "path", "name": "id", "required": true, "schema": {"type": "string"}}],
             "get": {"operationId": "getAccount", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {}, "additionalProperties": false}}}},
               "responses": {"204": {"description": "ok"}}},
             "delete": {"operationId": "deleteAccount", "requestBody": {"content": {"application/x-www-form-urlencoded": {"schema": {"type": "object", "properties": {}, "additionalProperties": false}}}},
               "responses": {"204": {"description": "ok"}}}},
           "/columns": {"put": {"operationId": "setColumns", "requestBody": {"content": {
               "*/*": {"schema": {"type": "array", "items": {"type": "string"}}},
               "multipart/form-data": {"schema": {"type": "array", "items": {"type": "string"}}}}},
             "responses": {"204": {"description": "ok"}}}}
         }}
        """#
        let outcome = OpenAPIImporter.importDocument(Data(document.utf8), documentName: "empty.json", outputPath: "Out")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let specs = try #require(outcome.files.first { $0.path == "default.yaml" }?.contents)
        #expect(specs.contains("  DeleteAccount:\n    method: DELETE\n    path: /accounts/{id}\n    params:\n      id: String\n  GetAccount:\n"), "\(specs)")
        #expect(outcome.warnings.map(\.description) == [
            "empty.json#/paths/~1columns/put/requestBody/content/multipart~1form-data: warning: request body 'multipart/form-data' not imported: '*/*' is sent (as JSON)",
        ])
    }

    /// Bytes beside bytes (`image/jpg` beside `image/png`, Box's thumbnails) are read alike: no
    /// loss to warn of, where text beside them is one. A summary the description repeats (Twilio's)
    /// is said once.
    @Test func otherBytesAreReadAlikeAndARepeatedSummaryIsSaidOnce() throws {
        let outcome = OpenAPIRealWorldImportTests.importYAML("""
        openapi: 3.0.1
        info: {title: Repro, version: "1"}
        servers: [{url: "https://api.example.com"}]
        paths:
          /thumb:
            get:
              operationId: getThumb
              summary: Get a thumbnail
              description: Get a thumbnail
              responses:
                "200":
                  description: the image
                  content:
                    image/png: {schema: {type: string, format: binary}}
                    image/jpg: {schema: {type: string, format: binary}}
                    text/plain: {schema: {type: string}}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(OpenAPIRealWorldImportTests.file(outcome, "default.yaml").contains("  GetThumb:\n    description: Get a thumbnail\n    path: /thumb\n"))
        #expect(outcome.warnings.map(\.description) == [
            "doc.yaml#/paths/~1thumb/get/responses/200/content/text~1plain: warning: response 'text/plain' not imported: 'image/png' is read",
        ])
    }

    @Test func importedSwiftCompiles() async throws {
        let (outcome, _) = try Self.imported()
        try await ImportHarness.expectSwiftCompiles(outcome, moduleName: "Files")
    }
}
