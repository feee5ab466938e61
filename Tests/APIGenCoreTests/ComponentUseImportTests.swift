import Foundation
import Testing
import APIGenCore
import APIGenImport

/// What a use of a component keeps of it, and how `allOf` members that speak of the same property
/// are merged — each case here lost something without a warning in published documents (Box's,
/// Nexmo's, PagerDuty's, Plaid's, DataDog's, Vercel's).
@Suite struct ComponentUseImportTests {
    typealias Documents = OpenAPIRealWorldImportTests

    @Test func allOfMembersAreMergedAsTheyNarrowEachOther() async throws {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /apps:
            get:
              operationId: getApp
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/AppCreated"}}}}
            post:
              operationId: postJob
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Job"}}}}
        components:
          schemas:
            Keys: {type: object, properties: {public_key: {type: string}}}
            KeysWithPrivate: {type: object, properties: {public_key: {type: string}, private_key: {type: string}}}
            App:
              type: object
              properties:
                keys: {$ref: "#/components/schemas/Keys"}
                mode: {type: string, default: service}
                id: {type: string}
            AppCreated:
              allOf:
                - $ref: "#/components/schemas/App"
                - type: object
                  required: [keys, id]
                  properties:
                    keys: {$ref: "#/components/schemas/KeysWithPrivate"}
                    mode: {default: global, description: Always global here.}
            Shape:
              allOf:
                - type: object
                  properties: {id: {type: string}, summary: {type: string}}
                - type: object
                  properties: {label: {type: string}}
            Job:
              required: [status]
              allOf:
                - $ref: "#/components/schemas/Shape/allOf/0"
                - type: object
                  properties: {status: {type: string}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Documents.warnings(outcome).isEmpty, "\(Documents.warnings(outcome))")
        let service = Documents.file(outcome, "service.yaml")
        // The later declaration gives the type, an annotating one its default and description, and
        // `required` in another member counts.
        #expect(service.contains("""
          AppCreated:
            fields:
              keys: KeysWithPrivate
              mode:
                type: String
                description: Always global here.
                default: "global"
              id: String

        """), "\(service)")
        // A member that is a schema's inside is merged; `required` beside `allOf` counts.
        #expect(service.contains("""
          Job:
            fields:
              id: String?
              summary: String?
              status: String

        """), "\(service)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// What all members of an `allOf` say holds at once: an enum stays an enum after a later plain
    /// `type: string`, objects declared again in a later member are merged, a default outside the
    /// enum an annotation annotates is dropped with a warning (it stopped the whole import).
    @Test func laterMembersNarrowButDoNotWiden() async throws {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /node:
            get:
              operationId: getNode
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Node"}}}}
        components:
          schemas:
            NodeType: {type: string, enum: [BOOLEAN, FRAME]}
            Trait:
              type: object
              properties:
                type: {type: string, description: The type of the node.}
                path:
                  type: object
                  properties:
                    kind: {type: string, default: service}
                    parent: {type: object, properties: {id: {type: string}, self: {type: string}}}
                mode: {type: string, enum: [a, b]}
            Node:
              allOf:
                - type: object
                  properties:
                    type: {$ref: "#/components/schemas/NodeType"}
                - $ref: "#/components/schemas/Trait"
                - type: object
                  properties:
                    path:
                      properties:
                        kind: {description: Global rules., default: global}
                        parent: {properties: {id: {description: The parent's ID.}}}
                    mode: {default: c}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Documents.warnings(outcome) == [
            "doc.yaml#/components/schemas/Node/allOf/2/properties/mode/default: warning: default \"c\" not kept: it is not a value of TraitMode",
        ], "\(Documents.warnings(outcome))")
        let service = Documents.file(outcome, "service.yaml")
        #expect(service.contains("""
          Node:
            fields:
              type:
                type: NodeType?
                description: The type of the node.
              path: NodePath?
              mode: TraitMode?

        """), "\(service)")
        #expect(service.contains("""
          NodePath:
            fields:
              kind:
                type: String
                description: Global rules.
                default: "global"
              parent: NodePathParent?

        """), "\(service)")
        #expect(service.contains("""
          NodePathParent:
            fields:
              id:
                type: String?
                description: The parent's ID.
              self: String?

        """), "\(service)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// Members that give a property types no value has at once keep the later with a warning (the
    /// earlier was dropped without one); a narrower number (`integer` after `number`) is no conflict.
    @Test func conflictingTypesInAllOfMembersAreWarned() throws {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /flag:
            get:
              operationId: getFlag
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Flag"}}}}
        components:
          schemas:
            Base: {type: object, properties: {on: {type: boolean}, size: {type: number}, tags: {type: array, items: {type: string}}}}
            Flag:
              allOf:
                - $ref: "#/components/schemas/Base"
                - type: object
                  properties:
                    on: {type: integer}
                    size: {type: integer}
                    tags: {type: string}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Documents.warnings(outcome) == [
            "doc.yaml#/components/schemas/Flag/allOf/1/properties/on: warning: 'on' is a Bool at #/components/schemas/Base/properties/on and a number here: no value is both; this later declaration is kept",
            "doc.yaml#/components/schemas/Flag/allOf/1/properties/tags: warning: 'tags' is a list at #/components/schemas/Base/properties/tags and a text here: no value is both; this later declaration is kept",
        ], "\(Documents.warnings(outcome))")
        let service = Documents.file(outcome, "service.yaml")
        #expect(service.contains("  Flag:\n    fields:\n      \"on\": Int?\n"), "\(service)")
        #expect(service.contains("size: Int?"), "\(service)")
        #expect(service.contains("tags: String?"), "\(service)")
    }

    @Test func aUseTakesWhatItsComponentSays() async throws {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /reports:
            get:
              operationId: listReports
              parameters:
                - {name: sort_dir, in: query, schema: {$ref: "#/components/schemas/SortDirection"}}
                - {name: page_size, in: query, schema: {$ref: "#/components/schemas/PageSize"}}
                - {name: from, in: query, schema: {type: integer, deprecated: true}}
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Report"}}}}
        components:
          schemas:
            ReportID: {type: string, description: The report's unique ID.}
            PageSize: {type: integer, default: 50, description: Items per page.}
            SortDirection: {type: string, enum: [asc, desc], default: desc, description: The order.}
            Event: {type: object, nullable: true, properties: {id: {type: string}}}
            Report:
              type: object
              required: [event]
              properties:
                id: {$ref: "#/components/schemas/ReportID"}
                direction: {$ref: "#/components/schemas/SortDirection"}
                event: {$ref: "#/components/schemas/Event"}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Documents.file(outcome, "service.yaml")
        // An alias's description, an enum's default; a nullable component is optional where it is
        // required (a JSON null is its value).
        #expect(service.contains("""
          Report:
            fields:
              id:
                type: String?
                description: The report's unique ID.
              direction:
                type: SortDirection
                default: "desc"
              event: Event?

        """), "\(service)")
        let apis = Documents.file(outcome, "default.yaml")
        #expect(apis.contains("""
              sort_dir:
                type: SortDirection
                default: "desc"
              page_size:
                type: Int
                default: 50
                description: Items per page.
              from:
                type: Int?
                deprecated: true

        """), "\(apis)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// A response header of `format: uuid` is text (Snowflake's `X-Snowflake-Request-ID` was dropped).
    @Test func aUUIDResponseHeaderIsText() {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /ping:
            get:
              operationId: ping
              responses:
                "200":
                  description: ok
                  headers:
                    X-Request-ID: {schema: {type: string, format: uuid}}
                  content: {application/json: {schema: {type: object, properties: {ok: {type: boolean}}}}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Documents.warnings(outcome) == [
            "doc.yaml#/paths/~1ping/get/responses/200/headers/X-Request-ID: warning: response header 'X-Request-ID' of type UUID read as String: headers hold text, numbers, Booleans, dates, URLs and enums",
        ])
        #expect(Documents.file(outcome, "default.yaml").contains("        xRequestID:\n          type: String?\n          key: X-Request-ID\n"), "\(Documents.file(outcome, "default.yaml"))")
    }

    /// A `oneOf` of text constants with titles and descriptions is an enum (Discord's locales were
    /// typed JSON), its default checked against every constant.
    @Test func aOneOfOfConstantsIsAnEnum() async throws {
        let outcome = Documents.importYAML("""
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /me:
            get:
              operationId: getMe
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/User"}}}}
        components:
          schemas:
            Lang:
              type: string
              oneOf:
                - {title: Arabic, description: The Arabic locale., const: ar}
                - {title: bg, const: bg}
            User:
              type: object
              properties:
                locale: {$ref: "#/components/schemas/Lang", default: bg}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Documents.warnings(outcome).isEmpty, "\(Documents.warnings(outcome))")
        let service = Documents.file(outcome, "service.yaml")
        #expect(service.contains("""
          Lang:
            enum:
              - value: ar
                name: arabic
                description: The Arabic locale.
              - bg

        """), "\(service)")
        #expect(service.contains("      locale:\n        type: Lang\n        default: \"bg\"\n"), "\(service)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// Declarations merged only where merging adds fields: two maps stay the map (Okta's `_links`
    /// became a model with no fields, and stopped the import), a later reference after an object
    /// written in place is that reference (not a copy of it), a list after a list keeps its elements.
    @Test func mapsReferencesAndListsAreNotMergedIntoCopies() async throws {
        let outcome = Documents.importYAML("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers: [{url: "http://127.0.0.1:8080"}]
        paths:
          /v:
            get:
              operationId: getValue
              responses:
                "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Value"}}}}
        components:
          schemas:
            Link: {type: object, properties: {href: {type: string}}}
            Profile: {type: object, properties: {phone: {type: string}}}
            A:
              type: object
              properties:
                _links: {type: object, additionalProperties: {$ref: "#/components/schemas/Link"}}
                profile: {type: object, description: Specific attributes.}
                sets: {type: array, items: {type: object, properties: {id: {type: string}}}}
            Value:
              allOf:
                - $ref: "#/components/schemas/A"
                - type: object
                  properties:
                    _links: {type: object, additionalProperties: {$ref: "#/components/schemas/Link"}}
                    profile: {$ref: "#/components/schemas/Profile"}
                    sets: {items: {properties: {id: {description: The set's ID.}}}}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Documents.file(outcome, "service.yaml")
        #expect(service.contains("""
          Value:
            fields:
              _links: "[String: Link]?"
              profile:
                type: Profile?
                description: Specific attributes.
              sets: "[ASetsItem]?"

        """), "\(service)")
        #expect(!service.contains("ValueProfile"), "\(service)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }
}
