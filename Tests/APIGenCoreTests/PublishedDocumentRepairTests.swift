import APIGenCore
@testable import APIGenImport
import Foundation
import Testing

/// What published documents get wrong in OpenAPI's structure, which OpenAPIKit would reject the
/// whole document for: each mended with a warning, the rest imported, the output compiling.
@Suite struct PublishedDocumentRepairTests {
    private static func importYAML(_ text: String) -> ImportOutcome {
        OpenAPIImporter.importDocument(Data(text.utf8), documentName: "doc.yaml", outputPath: "Specs")
    }

    /// Expects each of `expected` among the warning lines (or, `asPrefixes`, the start of one).
    private static func expect(_ lines: [String], toHave expected: [String], asPrefixes: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for line in expected {
            let found = lines.contains { asPrefixes ? $0.hasPrefix(line) : $0 == line }
            #expect(found, "missing: \(line)\nin:\n\(lines.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }

    /// Media types that differ only in their parameters are one key to OpenAPIKit, which kept
    /// either as it happened (DataDog's `application/json;simple`): the same one every run now.
    @Test func mediaTypesThatDifferInParametersOnlyAreReadTheSameEveryRun() throws {
        let text = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /input:
            post:
              operationId: submitLog
              requestBody:
                content:
                  application/json;simple: {schema: {$ref: "#/components/schemas/Item"}}
                  application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Item"}}}
              responses:
                "200": {description: ok}
        components:
          schemas:
            Item: {type: object, properties: {message: {type: string}}}
        """
        for _ in 0..<6 {
            let outcome = Self.importYAML(text)
            #expect(outcome.warnings.map(\.description) == [
                "doc.yaml#/paths/~1input/post/requestBody/content/application~1json;simple: warning: media type 'application/json;simple' not imported: it differs from 'application/json', which is read, only in its parameters",
            ])
            let apis = outcome.files.first { $0.path == "default.yaml" }?.contents ?? ""
            #expect(apis.contains("    body:\n      type: \"[Item]\"\n"), "\(apis)")
        }
    }

    @Test func structuralMistakesAreMendedOneWarningEach() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Mended, version: "1"}
        servers:
          - url: https://api.example.com/v1/orgs/{org}
            variables:
              org: {description: no default}
          - url: https://{host}/insights
            variables:
              host: {default: ""}
          - url: https://{{x}}.example
        security:
          - apiKey: []
        paths:
          /apps/{app_id}:
            get:
              operationId: getApp
              parameters:
                - {name: legacy, in: body, schema: {type: string}}
                - {name: plain, in: query}
              responses:
                "200":
                  description:
                  headers:
                    X-Rate-Limit: {description: calls left}
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/PagedList`1[System.String]'}
          /media/:id:
            delete:
              operationId: deleteMedia
              responses: {"204": {description: gone}}
          /tasks/{key}:
            get:
              operationId: getTask
              parameters:
                - {name: key, in: query, required: true, schema: {type: string}}
              responses: {"204": {description: done}}
        components:
          securitySchemes:
            sso: {type: apiKey, in: header}
          schemas:
            PagedList`1[System.String]:
              type: object
              properties:
                items: {type: array, items: {type: string}}
                count: {type: int}
                extra: {type: object, additionalProperties: {type: any}}
                gone: {type: 'null'}
                either: {type: [string, "null"]}
                order:
                  default: none
                  allOf: [{$ref: '#/components/schemas/Order'}]
            Order: {type: string, enum: [score]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.map(\.description)
        Self.expect(lines, toHave: [
            "doc.yaml#/servers/0/variables/org: warning: server variable 'org' has no default (OpenAPI requires one): its name used",
            "doc.yaml#/servers/1/url: warning: server URL 'https:///insights' is not a base URL",
            "doc.yaml#/servers/2/url: warning: server URL 'https://{{x}}.example' has braces that are no variable ('{name}'): left out",
            "doc.yaml#/security/0: warning: security requirement names 'apiKey', which the document does not define",
            "doc.yaml#/components/securitySchemes/sso: warning: security scheme without 'name' left out",
            "doc.yaml#/paths/~1apps~1{app_id}/get/parameters/0: warning: 'in: body' is no parameter place of OpenAPI 3 (it is Swagger 2.0's",
            "doc.yaml#/paths/~1apps~1{app_id}/get/parameters/1: warning: parameter 'plain' has neither 'schema' nor 'content': read as text",
            "doc.yaml#/paths/~1apps~1{app_id}/get/responses/200: warning: response without a 'description'",
            "doc.yaml#/paths/~1apps~1{app_id}/get/responses/200/headers/X-Rate-Limit: warning: header 'X-Rate-Limit' has neither 'schema' nor 'content'",
            "doc.yaml#/components/schemas/PagedList`1[System.String]: warning: component key 'PagedList`1[System.String]' has characters OpenAPI does not allow in one: read as 'PagedList_1_System.String_'",
            "doc.yaml#/components/schemas/PagedList_1_System.String_/properties/count/type: warning: type 'int' is not an OpenAPI type: read as 'integer'",
            "doc.yaml#/components/schemas/PagedList_1_System.String_/properties/extra/additionalProperties/type: warning: type 'any' is not an OpenAPI type: left out (any value)",
            "doc.yaml#/components/schemas/PagedList_1_System.String_/properties/gone/type: warning: type 'null' is OpenAPI 3.1's: read as a nullable value of any type",
            "doc.yaml#/components/schemas/PagedList_1_System.String_/properties/either/type: warning: a list of types is OpenAPI 3.1's form: read as 'string', nullable",
            "doc.yaml#/components/schemas/PagedList_1_System.String_/properties/order/default: warning: default \"none\" not kept: it is not a value of Order",
            "doc.yaml#/paths/~1apps~1{app_id}/get: warning: path placeholder 'app_id' is declared by no path parameter: read as a required String",
            "doc.yaml#/paths/~1media~1:id/delete: warning: path placeholder 'id' is declared by no path parameter",
            "doc.yaml#/paths/~1tasks~1{key}/get: warning: path placeholder 'key' is declared by no path parameter",
        ], asPrefixes: true)
        #expect(outcome.apisOut == 3)
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("\"https://api.example.com/v1/orgs/org\""), "\(service)")
        #expect(service.contains("https://example.com/insights"), "\(service)")
        #expect(service.contains("      count: Int?\n"), "\(service)")
        let apis = outcome.files.first { $0.path != "service.yaml" }?.contents ?? ""
        #expect(apis.contains("      key2:\n        type: String\n        in: path\n        key: key\n"), "\(apis)")
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    @Test func sumsTheGeneratorCannotTakeAreMended() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Sums, version: "1"}
        paths: {}
        components:
          schemas:
            A: {type: object, properties: {kind: {type: string}}}
            Empty: {type: object, properties: {ids: {oneOf: []}, other: {$ref: '#/components/schemas/OnlyItself'}}}
            Untagged:
              oneOf: [{$ref: '#/components/schemas/A'}]
              discriminator: {propertyName: ""}
            Itself:
              oneOf: [{$ref: '#/components/schemas/A'}, {$ref: '#/components/schemas/Itself'}]
            OnlyItself:
              oneOf: [{}, {$ref: '#/components/schemas/OnlyItself'}]
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.warnings.map(\.description).filter { !$0.contains("#/servers") } == [
            "doc.yaml#/components/schemas/Empty/properties/ids/oneOf: warning: oneOf without members: typed JSON",
            "doc.yaml#/components/schemas/OnlyItself/oneOf: warning: oneOf whose members have no type: typed JSON",
            "doc.yaml#/components/schemas/Untagged/discriminator: warning: discriminator dropped: its propertyName is empty; members are told apart by trying each in turn",
            "doc.yaml#/components/schemas/Itself/oneOf/1: warning: member 'Itself' is the sum itself, which decoding would never end: dropped",
        ])
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// An operation an apigen export keeps beside another that OpenAPIKit cannot read is warned
    /// of; OpenAPIKit's error for it trapped when the operation was decoded on its own.
    @Test func aBadKeptOperationIsWarnedNotACrash() {
        let outcome = Self.importYAML("""
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /a:
            x-apigen-operations:
              - x-apigen-method: get
                parameters: [1]
        """)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.warnings.contains { $0.description == "doc.yaml#/paths/~1a/x-apigen-operations/0: warning: not an operation with an 'x-apigen-method': not imported" })
    }

    /// Text that is neither JSON nor YAML says where JSON's reading stopped.
    @Test func jsonSyntaxErrorsSayWhere() {
        let text = "{\"openapi\": \"3.0.3\",\n \"info\": {\"title\": \"T\" \"version\": \"1\"}, \"paths\": {}}"
        let outcome = OpenAPIImporter.importDocument(Data(text.utf8), documentName: "doc.json", outputPath: "Specs")
        #expect(outcome.errors == ["doc.json:2:24: error: cannot read the document: it is not well-formed JSON: Invalid value"])
    }

    /// JSON nested deeper than Foundation reads is well-formed: it was called "not well-formed";
    /// an integer enum value or default beyond Int64 is whole: it was called "not a whole number",
    /// and named as Foundation reads it (`1e+20`), not as written.
    @Test func deepJSONAndNumbersBeyondInt64AreToldWhatTheyAre() {
        let deep = "{\"openapi\": \"3.1.0\", \"x\": " + String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000) + "}"
        let outcome = OpenAPIImporter.importDocument(Data(deep.utf8), documentName: "doc.json", outputPath: "Specs")
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.hasSuffix("error: cannot read the document: it is JSON nested too deeply to be read (Too many nested arrays or dictionaries)") == true, "\(outcome.errors)")
        let numbers = Self.importYAML("""
        openapi: 3.1.0
        info: {title: Ov, version: "1"}
        servers: [{url: "https://o.example.com"}]
        paths:
          /a:
            get:
              operationId: getA
              parameters:
                - {name: n, in: query, schema: {type: integer, default: 99999999999999999999}}
                - {name: e, in: query, schema: {type: integer, enum: [1, 1.5, 99999999999999999999]}}
              responses:
                "204": {description: ok}

        """)
        #expect(numbers.warnings.map(\.description) == [
            "doc.yaml#/paths/~1a/get/parameters/0/schema/default: warning: default 99999999999999999999 not kept: it is a whole number beyond Int",
            "doc.yaml#/paths/~1a/get/parameters/1/schema/enum/1: warning: enum value 1.5 is not a whole number: dropped",
            "doc.yaml#/paths/~1a/get/parameters/1/schema/enum/2: warning: enum value 99999999999999999999 is a whole number beyond Int64: dropped",
        ])
    }

    /// A document in YAML's flow style starts with `{` as JSON does; what JSON cannot read, YAML may.
    @Test func yamlInFlowStyleIsReadAsYAML() {
        for text in ["{openapi: 3.0.3, info: {title: T, version: '1'}, paths: {}}", "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"T\", \"version\": \"1\"},\n \"paths\": {},}"] {
            let outcome = OpenAPIImporter.importDocument(Data(text.utf8), documentName: "doc.yaml", outputPath: "Specs")
            #expect(outcome.errors.isEmpty, "\(text): \(outcome.errors)")
        }
    }

    @Test func openAPIKitsErrorsAreOneLine() {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /a:
            get:
              responses:
                "200": {description: ok, content: {application/json: {schema: {items: 5, type: array}}}}
        """)
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.allSatisfy { !$0.contains("\n") && $0.hasPrefix("doc.yaml: error: cannot read the document: ") }, "\(outcome.errors)")
    }

    /// Names and paths may hold control characters; a warning shows them as escapes, on one line.
    @Test func controlCharactersInWarningsAreEscaped() {
        let outcome = OpenAPIImporter.importDocument(Data(#"""
        {"openapi": "3.0.3", "info": {"title": "T", "version": "1"}, "servers": [{"url": "https://x.example"}],
         "paths": {"/a\n/b": {"get": {"operationId": "getA", "responses": {"204": {"description": "none"}}}}},
         "components": {"schemas": {"A\u001b[31mB": {"type": "object", "properties": {"x": {"type": "string"}}}}}}
        """#.utf8), documentName: "doc.json", outputPath: "Specs")
        let lines = outcome.warnings.map(\.description)
        #expect(lines.contains { $0.hasPrefix(#"doc.json#/paths/~1a\n~1b/get: warning: operation not imported"#) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"doc.json#/components/schemas/A\u{1B}[31mB: warning: component key 'A\u{1B}[31mB'"#) }, "\(lines)")
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test func namesThatDifferOnlyInCaseGetNumbers() {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /a: {get: {operationId: getUserById, responses: {"204": {description: ok}}}}
          /b: {get: {operationId: getUserByID, responses: {"204": {description: ok}}}}
        components:
          schemas:
            Thing: {type: object, properties: {a: {type: string}}}
            THING: {type: object, properties: {b: {type: string}}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 2)
        let text = outcome.files.map(\.contents).joined()
        #expect(text.contains("  THING2:\n") && text.contains("  GetUserByID2:\n"), "\(text)")
    }

    @Test func generatorsHabitsAreReadAsMeant() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Habits, version: "1"}
        paths:
          /pay:
            post:
              operationId: pay
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Payment'}
                    examples:
                      big: {$ref: 'examples/big.json'}
              responses:
                "404":
                  description: missing
                  content: {application/json: {schema: {$ref: '#/components/schemas/404Response'}}}
        components:
          schemas:
            404Response: {type: object, properties: {message: {type: string}}}
            Payment:
              type: object
              properties:
                topK: {type: integer, exclusiveMinimum: 0}
                source:
                  oneOf:
                    - {title: Card, type: object, properties: {number: {type: string}}}
                    - {title: Bank Account, type: object, properties: {iban: {type: string}}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.map(\.description)
        #expect(lines.contains("doc.yaml#/components/schemas/Payment/properties/topK/exclusiveMinimum: warning: exclusiveMinimum: 0 is OpenAPI 3.1's form (3.0 says true or false): not kept"), "\(lines)")
        #expect(lines.contains("doc.yaml#/components/schemas/404Response: warning: schema '404Response' named 'Model404Response': a type name cannot start with '4'"), "\(lines)")
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("    oneOf:\n      - PaymentSourceCard\n      - PaymentSourceBankAccount\n"), "\(service)")
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// Thousands of schemas that each only refer to the next overflowed the stack.
    @Test func aLongChainOfAliasesIsCutNotACrash() {
        var schemas: [String: Any] = ["S2000": ["type": "string"]]
        for index in 0..<2_000 { schemas["S\(index)"] = ["$ref": "#/components/schemas/S\(index + 1)"] }
        let document: [String: Any] = [
            "openapi": "3.0.3", "info": ["title": "T", "version": "1"],
            "paths": ["/a": ["get": ["operationId": "getA", "responses": ["200": ["description": "ok", "content": ["application/json": ["schema": ["$ref": "#/components/schemas/S0"]]]]]]]],
            "components": ["schemas": schemas],
        ]
        let data = (try? JSONSerialization.data(withJSONObject: document)) ?? Data()
        let outcome = OpenAPIImporter.importDocument(data, documentName: "doc.json", outputPath: "Specs")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 1)
        #expect(outcome.warnings.contains { $0.message == "'S64' ends a chain of more than 64 schemas that only refer to the next: typed JSON" })
    }

    /// Values that do not fit their type: a `const` of the wrong kind, a digit default of a text
    /// enum, an `allOf` annotating a map, a property name the type parser did not read.
    @Test func valuesAndNamesThatDoNotFitTheirTypes() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.1.0
        info: {title: Fit, version: "1"}
        paths: {}
        components:
          schemas:
            Labels: {type: object, additionalProperties: {type: string}}
            Thing:
              type: object
              properties:
                opens: {type: integer, const: "x"}
                code: {type: string, enum: ["1", "2"], default: 1}
                labels:
                  allOf: [{$ref: '#/components/schemas/Labels'}, {description: The labels.}]
                mood😀: {type: string, enum: [happy, sad]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.map(\.description)
        #expect(lines.contains("doc.yaml#/components/schemas/Thing/properties/opens: warning: no value of the enum (or const) is a whole number: typed as any integer"), "\(lines)")
        #expect(lines.contains("doc.yaml#/components/schemas/Thing/properties/code/default: warning: default 1 read as \"1\", a value of ThingCode"), "\(lines)")
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("      opens: Int?\n"), "\(service)")
        #expect(service.contains("        type: \"[String: String]?\"\n        description: The labels.\n"), "\(service)")
        #expect(service.contains("ThingMood😀"), "\(service)")
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// Names too long for a file (an operationId of 300 letters, inline objects nested 25 deep,
    /// each adding its property to the name) are cut to 120 bytes, told apart by numbers.
    @Test func namesTooLongForAFileAreCut() async throws {
        let long = String(repeating: "a", count: 300)
        var nested = "{type: object, properties: {x: {type: string}}}"
        for _ in 0..<25 { nested = "{type: object, properties: {itemDetails: \(nested)}}" }
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Long, version: "1"}
        paths:
          /a:
            get:
              operationId: \(long)
              responses: {"200": {description: ok, content: {application/json: {schema: \(nested)}}}}
          /b:
            get:
              operationId: \(long)b
              responses: {"204": {description: none}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 2)
        let names = outcome.files.flatMap { $0.contents.split(separator: "\n") }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }
        #expect(names.allSatisfy { $0.utf8.count <= 2 + NameRegistry.typeNameLimit + 3 }, "\(names)")
        #expect(outcome.warnings.contains { $0.message.hasSuffix("it is longer than 120 bytes, too long for a file name") })
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// Parameters and operations OpenAPI's rules do not allow, as generators write them.
    @Test func parametersAndOperationsOutsideTheRules() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Rules, version: "1"}
        paths:
          /things/{thingId}:
            get:
              operationId: getThing
              parameters:
                - {name: thingId, in: path, required: true, schema: {type: string, nullable: true}}
                - {name: objectType, in: path, required: true, schema: {type: string}}
                - name: burger
                  in: header
                  schema: {type: string}
                  content: {application/json: {schema: {type: integer}}}
              responses: {"204": {description: ok}}
            post:
              operationId: postThing
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 2)
        let lines = outcome.warnings.map(\.description)
        Self.expect(lines, toHave: [
            "doc.yaml#/paths/~1things~1{thingId}/get/parameters/0/schema: warning: path parameter 'thingId' allows null, which a path cannot hold: read as required",
            "doc.yaml#/paths/~1things~1{thingId}/get/parameters/1: warning: path parameter 'objectType' is not in the path: not imported",
            "doc.yaml#/paths/~1things~1{thingId}/get/parameters/2: warning: parameter 'burger' has both 'schema' and 'content' (OpenAPI allows one): its schema is read",
            "doc.yaml#/paths/~1things~1{thingId}/post: warning: operation without 'responses' (OpenAPI requires them): read as answering nothing",
        ])
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// More of what fuzzing found: a server URL with control characters, an unknown default
    /// environment in an export's `x-apigen`, `required` written as text, a sum whose member is a
    /// sum of nothing typed, a document that is a list.
    @Test func oddValuesInKnownPlaces() async throws {
        let outcome = OpenAPIImporter.importDocument(Data(#"""
        {"openapi": "3.0.3", "info": {"title": "T", "version": "1"},
         "servers": [{"url": "https://api.example.com/v1\u001b[31m"}],
         "x-apigen": {"defaultEnvironment": "release"},
         "paths": {"/a": {"get": {"operationId": "getA", "responses": {"200": {"description": "ok",
           "content": {"application/json": {"schema": {"$ref": "#/components/schemas/N"}}}}}}}},
         "components": {"schemas": {
           "T": {"oneOf": [{"$ref": "#/components/schemas/Missing"}]},
           "N": {"oneOf": [{}, {"$ref": "#/components/schemas/T"}]},
           "Problem": {"type": "object", "required": "[\"error\"]", "properties": {"error": {"type": "string"}}}}}}
        """#.utf8), documentName: "doc.json", outputPath: "Specs")
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.map(\.description)
        Self.expect(lines, toHave: [
            "doc.json#/servers/0/url: warning: server URL 'https://api.example.com/v1\\u{1B}[31m' is not a base URL (an http:// or https:// URL with a host and without a query): written as https://example.com",
            "doc.json#/x-apigen/defaultEnvironment: warning: default environment 'release' is none of the servers' environments: the first is the default",
            "doc.json#/components/schemas/Problem/required: warning: 'required' is not a list of property names: read as the list its text writes",
        ])
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
        let list = OpenAPIImporter.importDocument(Data("- openapi: 3.0.3\n".utf8), documentName: "list.yaml", outputPath: "Specs")
        #expect(list.errors == ["list.yaml: error: not an OpenAPI document: its top level is a list, not a mapping"])
    }

    /// Defaults outside their type's range are dropped (the generator rejected the model), and sums
    /// that only hold each other and untyped members are JSON.
    @Test func defaultsOutOfRangeAndSumsOfEachOther() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Range, version: "1"}
        paths:
          /a:
            get:
              operationId: getA
              responses: {"200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Holder'}}}}}
        components:
          schemas:
            Holder:
              type: object
              properties:
                tiny: {type: number, format: float, default: 1.0e-300}
                small: {type: integer, format: int32, default: 9223372036854775807}
                next:
                  anyOf: [{anyOf: [{type: string, enum: [b]}]}]
                  default: -1
                thing: {$ref: '#/components/schemas/Thing'}
            Thing:
              oneOf: [{}, {$ref: '#/components/schemas/Nested'}]
            Nested:
              oneOf: [{}, {$ref: '#/components/schemas/Thing'}]
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let lines = outcome.warnings.map(\.description)
        Self.expect(lines, toHave: [
            "doc.yaml#/components/schemas/Holder/properties/tiny/default: warning: default 1e-300 not kept: it is not a value of Float",
            "doc.yaml#/components/schemas/Holder/properties/small/default: warning: default 9223372036854775807 not kept: it is a whole number beyond Int32",
            "doc.yaml#/components/schemas/Thing/oneOf: warning: oneOf whose members have no type: typed JSON",
        ])
        _ = try await ImportHarness.expectSwiftCompiles(outcome)
    }
}
