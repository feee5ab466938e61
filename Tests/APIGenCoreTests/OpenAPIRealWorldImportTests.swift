import Foundation
import Testing
import APIGenCore
import APIGenImport

/// What published documents of several hundred operations (OpenAI's, PagerDuty's, Plaid's,
/// DigitalOcean's, Adyen's) do that small examples do not: each case here stopped a whole import, or
/// dropped an operation, or made code that could not read the API's answers, or lost something
/// without a warning. Each now imports, says what it changed, and validates.
@Suite struct OpenAPIRealWorldImportTests {
    static func importYAML(_ text: String) -> ImportOutcome {
        OpenAPIImporter.importDocument(Data(text.utf8), documentName: "doc.yaml", outputPath: "Out")
    }

    static func file(_ outcome: ImportOutcome, _ path: String) -> String {
        outcome.files.first { $0.path == path }?.contents ?? ""
    }

    /// The warnings but the one for a document without servers, sorted.
    static func warnings(_ outcome: ImportOutcome) -> [String] {
        outcome.warnings.map(\.description).filter { !$0.contains("names no server") }.sorted()
    }

    static let header = """
    openapi: 3.0.3
    info: {title: Repro, version: "1"}
    paths:
      /things:
        get:
          operationId: getThing
          responses:
            "200":
              description: ok
              content:
                application/json:
                  schema: {$ref: "#/components/schemas/Thing"}
    components:
      schemas:

    """

    /// Integer bounds past Int64 (`9223372036854776000`, JavaScript's Int64 maximum) and 3.0's
    /// Boolean `exclusiveMinimum` in a 3.1 document made OpenAPIKit reject the document.
    @Test func boundsOpenAPIKitCannotReadAreDroppedWithAWarning() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: object
              properties:
                seed: {type: integer, minimum: -9223372036854776000, maximum: 9223372036854776000}
                count: {type: integer, maximum: 18446744073709551615}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/schemas/Thing/properties/count/maximum: warning: maximum 18446744073709551615 is not a whole number within Int64: not kept (apigen checks types, not values)",
            "doc.yaml#/components/schemas/Thing/properties/seed/maximum: warning: maximum 9223372036854776000 is not a whole number within Int64: not kept (apigen checks types, not values)",
            // -9223372036854776000 reads as Int64's least value, a bound OpenAPIKit takes: dropped as any bound is.
            "doc.yaml#/components/schemas/Thing/properties/seed: warning: validation keywords not kept (apigen checks types, not values): minimum",
        ])
        let version31 = Self.importYAML(Self.header.replacingOccurrences(of: "3.0.3", with: "3.1.0") + """
            Thing:
              type: object
              properties:
                rate: {type: number, minimum: 0, exclusiveMinimum: true}

        """)
        #expect(version31.errors.isEmpty, "\(version31.errors)")
        #expect(Self.warnings(version31).contains("doc.yaml#/components/schemas/Thing/properties/rate/exclusiveMinimum: warning: exclusiveMinimum: true is OpenAPI 3.0's form (3.1 gives the bound itself): not kept"))
    }

    /// Int64's least value is a bound within Int64 (it was called "not a whole number within
    /// Int64"); the mends come out in the same order every run (they followed a dictionary's order).
    @Test func int64sLeastValueIsABoundAndMendsComeInOneOrder() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: object
              properties:
                nonce: {type: integer, format: int64, minimum: -9223372036854775808}
                c: {type: integer, maximum: 9223372036854776000}
                a: {type: integer, maximum: 9223372036854776000}
                b: {type: integer, maximum: 9223372036854776000}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.warnings.map(\.description).filter { !$0.contains("names no server") } == [
            "doc.yaml#/components/schemas/Thing/properties/a/maximum: warning: maximum 9223372036854776000 is not a whole number within Int64: not kept (apigen checks types, not values)",
            "doc.yaml#/components/schemas/Thing/properties/b/maximum: warning: maximum 9223372036854776000 is not a whole number within Int64: not kept (apigen checks types, not values)",
            "doc.yaml#/components/schemas/Thing/properties/c/maximum: warning: maximum 9223372036854776000 is not a whole number within Int64: not kept (apigen checks types, not values)",
            "doc.yaml#/components/schemas/Thing/properties/nonce: warning: validation keywords not kept (apigen checks types, not values): minimum",
        ])
    }

    /// `- 3` under `type: string` is a number to YAML and the text `3` to its author; a `null` in
    /// the enum of a schema that is not nullable made OpenAPIKit reject the document.
    @Test func stringEnumValuesWrittenAsNumbersAreText() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: string
              enum: [3, 4.1, true, beta, null]

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.file(outcome, "service.yaml").contains("""
          Thing:
            enum:
              - "3"
              - "4.1"
              - "true"
              - beta
        """))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/schemas/Thing/enum/0: warning: enum value 3 is not text: read as \"3\"",
            "doc.yaml#/components/schemas/Thing/enum/1: warning: enum value 4.1 is not text: read as \"4.1\"",
            "doc.yaml#/components/schemas/Thing/enum/2: warning: enum value true is not text: read as \"true\"",
            "doc.yaml#/components/schemas/Thing/enum: warning: enum lists null but the schema does not allow it: read as nullable",
        ])
    }

    /// Whole numbers keep every digit (`1e15` and up were written as `1.0e+15`, which no `Int`
    /// default is); a default that is not a value of its type is read as one where it says one
    /// (`"20"` on an integer) and dropped with a warning where it does not.
    @Test func defaultsAreValuesOfTheirType() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: object
              properties:
                big: {type: integer, format: int64, default: 9223372036854775807}
                size: {type: integer, default: "20"}
                limit: {type: integer, default: "20 - per page"}
                label: {type: string, default: 5}
                mode: {type: string, enum: [fast, slow], default: medium}
                choice:
                  oneOf: [{type: string}, {type: integer}]
                  default: auto

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("default: 9223372036854775807\n"))
        #expect(service.contains("      size:\n        type: Int\n        default: 20\n"))
        #expect(service.contains("      label:\n        type: String\n        default: \"5\"\n"))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/schemas/Thing/properties/choice/default: warning: default \"auto\" not kept: apigen keeps defaults of numbers, text, Bool and enums, not of ThingChoice",
            "doc.yaml#/components/schemas/Thing/properties/label/default: warning: default 5 read as \"5\", a value of String",
            "doc.yaml#/components/schemas/Thing/properties/limit/default: warning: default \"20 - per page\" not kept: it is not a value of Int",
            "doc.yaml#/components/schemas/Thing/properties/mode/default: warning: default \"medium\" not kept: it is not a value of ThingMode",
            "doc.yaml#/components/schemas/Thing/properties/size/default: warning: default \"20\" read as 20, a value of Int",
        ])
    }

    /// `$ref`s deeper than a component (`#/components/schemas/Base/properties/label`,
    /// `#/components/parameters/kind/schema`) were typed `JSON` without a word.
    @Test func referencesIntoASchemasInsideAreFollowed() throws {
        let outcome = Self.importYAML(Self.header.replacingOccurrences(of: "components:\n", with: """
        components:
          parameters:
            kind:
              name: kind
              in: query
              schema: {type: string, enum: [script, job]}

        """) + """
            Base:
              type: object
              properties:
                label: {type: string}
                count: {type: integer, minimum: 0, exclusiveMinimum: true, nullable: true}
            Thing:
              type: object
              required: [count]
              properties:
                label: {$ref: "#/components/schemas/Base/properties/label"}
                kind: {$ref: "#/components/parameters/kind/schema"}
                lost: {$ref: "#/components/schemas/Base/properties/missing"}
                count: {$ref: "#/components/schemas/Base/properties/count"}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        // Read as the document's version reads it (3.0: `nullable`, a Boolean `exclusiveMinimum`).
        #expect(Self.file(outcome, "service.yaml").contains("      label: String?\n      kind: ThingKind?\n      lost: JSON?\n      count: Int?\n"))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/schemas/Base/properties/count: warning: validation keywords not kept (apigen checks types, not values): minimum, exclusiveMinimum",
            "doc.yaml#/components/schemas/Thing/properties/lost: warning: reference '#/components/schemas/Base/properties/missing' does not name a schema of this document: typed JSON",
        ])
    }

    /// An `allOf` that only annotates another type (`[{$ref: TagNames}, {description: …}]`) is that
    /// type; it was an empty struct that could not read the list it stands for.
    @Test func anAllOfThatAnnotatesIsTheTypeItAnnotates() throws {
        let outcome = Self.importYAML(Self.header + """
            TagNames:
              type: array
              items: {type: string}
            Status:
              type: string
              enum: [waiting, done]
            Thing:
              type: object
              properties:
                tags:
                  allOf:
                    - $ref: "#/components/schemas/TagNames"
                    - description: The tags.
                status:
                  allOf:
                    - $ref: "#/components/schemas/Status"
                    - description: The state.

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.file(outcome, "service.yaml").contains("""
              tags:
                type: "[String]?"
                description: The tags.
              status:
                type: Status?
                description: The state.
        """))
        #expect(Self.warnings(outcome).isEmpty)
    }

    /// Box writes enums as an `allOf` of one inline enum (`sync_state`, `event_type`): that is the
    /// enum, with the `allOf`'s description and nullability. It was an empty model, so an answer
    /// holding the key could not be decoded.
    @Test func anAllOfOfOneInlineEnumIsTheEnum() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: object
              properties:
                sync_state:
                  allOf:
                    - type: string
                      description: Whether the folder is synced
                      enum: [synced, not_synced]
                event_type:
                  description: The event type
                  nullable: true
                  allOf:
                    - {title: Event Type, type: string, enum: [ACCESS_GRANTED, ACCESS_REVOKED]}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("""
              sync_state: ThingSyncState?
              event_type:
                type: ThingEventType?
                description: The event type
        """), "\(service)")
        #expect(service.contains("  ThingSyncState:\n    description: Whether the folder is synced\n    enum:\n      - synced\n      - not_synced\n"))
        #expect(service.contains("  ThingEventType:\n    description: Event Type\n    enum:\n      - ACCESS_GRANTED\n      - ACCESS_REVOKED\n"))
        #expect(Self.warnings(outcome).isEmpty)
    }

    /// A name in `required` that no property declares (Box's `shared_link` requires `accessed`; its
    /// property is `access`) was a required `JSON` field that no answer has: it is left out, with a
    /// warning at the list. A `required` list that only marks another member's properties is kept.
    @Test func aRequiredNameWithoutAPropertyIsLeftOut() throws {
        let outcome = Self.importYAML(Self.header + """
            Base:
              type: object
              properties:
                id: {type: string}
            Thing:
              type: object
              required: [url, accessed]
              properties:
                url: {type: string}
                access: {type: string}
            Child:
              allOf:
                - $ref: "#/components/schemas/Base"
                - {required: [id]}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("  Thing:\n    fields:\n      url: String\n      access: String?\n"), "\(service)")
        #expect(service.contains("  Child:\n    fields:\n      id: String\n"))
        #expect(Self.warnings(outcome) == ["doc.yaml#/components/schemas/Thing/required: warning: required names no property: 'accessed' not imported"])
    }

    /// `anyOf: [{type: string}, {type: string, enum: […]}]` (OpenAI's model names) says "these
    /// values, or any other": an enum with `unknown: true`. As a sum, its enum member never decoded
    /// (the `String` member took every value first).
    @Test func textOrKnownValuesIsAnOpenEnum() throws {
        let outcome = Self.importYAML(Self.header.replacingOccurrences(of: "3.0.3", with: "3.1.0") + """
            ModelIds:
              anyOf:
                - {type: string}
                - {type: string, enum: [gpt-4o, gpt-4.1]}
            Thing:
              type: object
              properties:
                model:
                  anyOf:
                    - {type: string, enum: [dall-e-2, dall-e-3]}
                    - {type: string}
                  default: dall-e-2
                shared: {$ref: "#/components/schemas/ModelIds"}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome).isEmpty)
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("  ModelIds:\n    enum:\n      - gpt-4o\n      - gpt-4.1\n    unknown: true\n"))
        #expect(service.contains("  ThingModel:\n    enum:\n      - dall-e-2\n      - dall-e-3\n    unknown: true\n"))
        #expect(service.contains("      model:\n        type: ThingModel\n        default: \"dall-e-2\"\n      shared: ModelIds?\n"))
    }

    /// Discord writes its integer enums as `type: integer` with a `oneOf` of constants, each with
    /// a title and a description: an Int enum, named by the titles. It was `JSON`, with a warning
    /// that its members had no type; a property that narrows it (`enum: [1]` beside an `allOf` of
    /// it) or allows null beside it (`oneOf: [null, $ref]`) is the enum too.
    @Test func aOneOfOfIntegerConstantsIsAnIntEnum() throws {
        let outcome = Self.importYAML(Self.header.replacingOccurrences(of: "3.0.3", with: "3.1.0") + """
            ChannelTypes:
              type: integer
              oneOf:
                - {title: DM, description: A direct message, const: 1}
                - {title: GUILD_TEXT, const: 0}
                - {const: 5}
            Thing:
              type: object
              required: [type, kind]
              properties:
                type: {$ref: "#/components/schemas/ChannelTypes"}
                kind:
                  type: integer
                  enum: [1]
                  allOf: [{$ref: "#/components/schemas/ChannelTypes"}]
                inline:
                  type: integer
                  oneOf: [{const: 1, title: One}, {const: 2, title: Two}]
                  default: 2
                maybe:
                  oneOf: [{type: "null"}, {$ref: "#/components/schemas/ChannelTypes"}]

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("""
          ChannelTypes:
            enum:
              dm:
                value: 1
                description: A direct message
              guildTEXT: 0
              value5: 5
        """), "\(service)")
        #expect(service.contains("      type: ChannelTypes\n      kind: ChannelTypes\n      inline:\n        type: ThingInline\n        default: 2\n      maybe: ChannelTypes?\n"))
        #expect(service.contains("  ThingInline:\n    enum:\n      one: 1\n      two: 2\n"))
        #expect(Self.warnings(outcome).isEmpty, "\(Self.warnings(outcome))")
    }

    /// A `oneOf` none of whose members has a type is `JSON`; it was a sum with no members.
    @Test func aOneOfWithoutTypedMembersIsJSON() throws {
        let outcome = Self.importYAML(Self.header + """
            Thing:
              type: object
              properties:
                value:
                  oneOf:
                    - description: a text
                    - description: a number

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.file(outcome, "service.yaml").contains("      value: JSON?\n"))
        #expect(Self.warnings(outcome) == ["doc.yaml#/components/schemas/Thing/properties/value/oneOf: warning: oneOf whose members have no type: typed JSON"])
    }

    /// Discriminators apigen's tagged sums cannot carry are dropped with a warning (members that are
    /// sums, several tags for one member, a tag property that is not text); without a mapping, a
    /// member whose property allows one value is tagged with it, as the document's payloads are.
    @Test func discriminatorsAreKeptWhereTheyCanBeAndDroppedWithAWarningElse() async throws {
        let objects = """
            A:
              type: object
              required: [type]
              properties:
                type: {type: string, enum: [a]}
            B:
              type: object
              required: [type]
              properties:
                type: {type: string, const: b}
            C:
              type: object
              required: [type, size]
              properties:
                type: {type: string, enum: [c, cc]}
                size: {type: integer}
            D:
              type: object
              properties:
                type: {type: string, format: date-time}

        """
        let outcome = Self.importYAML(Self.header.replacingOccurrences(of: "3.0.3", with: "3.1.0") + objects + """
            Thing:
              oneOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/B"}, {$ref: "#/components/schemas/C"}]
              discriminator: {propertyName: type}
            Tagged:
              oneOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/B"}, {$ref: "#/components/schemas/C"}]
              discriminator: {propertyName: type, mapping: {c: "#/components/schemas/C"}}
            Nested:
              oneOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/Thing"}]
              discriminator: {propertyName: type}
            Many:
              oneOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/C"}]
              discriminator:
                propertyName: type
                mapping: {a: "#/components/schemas/A", c: "#/components/schemas/C", cc: "#/components/schemas/C"}
            Dated:
              oneOf: [{$ref: "#/components/schemas/A"}, {$ref: "#/components/schemas/D"}]
              discriminator: {propertyName: type}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("""
          Tagged:
            oneOf:
              - A
              - B
              - C
            discriminator:
              propertyName: type
              mapping:
                c: C
                a: A
                b: B
        """))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/schemas/Dated/discriminator: warning: discriminator dropped: member 'D' holds 'type' as something other than text; members are told apart by trying each in turn",
            "doc.yaml#/components/schemas/Many/discriminator: warning: discriminator dropped: tags 'c' and 'cc' both map to 'C', and a member of apigen's tagged sums has one tag (the one it is written back with); members are told apart by trying each in turn",
            "doc.yaml#/components/schemas/Nested/discriminator: warning: discriminator dropped: member 'Thing' is not an object; members are told apart by trying each in turn",
            // C's `type` is `c` or `cc`, never `C`, the tag OpenAPI gives it without a mapping.
            "doc.yaml#/components/schemas/Thing/discriminator: warning: discriminator dropped: member 'C' holds 'type' as one of c, cc, not its tag 'C'; members are told apart by trying each in turn",
        ])
        // The specs validate and their Swift compiles.
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// A body field named like a path parameter (`{vpc_id}` and a `vpc_id` body property) kept its
    /// place; the operation was dropped as "named in the path but declared in: body".
    @Test func aBodyFieldNamedLikeAPathParameterKeepsItsOperation() throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Repro, version: "1"}
        paths:
          /vpcs/{vpc_id}/peerings:
            post:
              operationId: createPeering
              parameters:
                - {name: vpc_id, in: path, required: true, schema: {type: string}}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name, vpc_id]
                      properties:
                        name: {type: string}
                        vpc_id: {type: string}
              responses:
                "204": {description: ok}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 1)
        #expect(Self.file(outcome, "default.yaml").contains("      vpc_id: String\n      name: String\n      vpcId2:\n        type: String\n        in: body\n        key: vpc_id\n"))
    }

    /// Plaid names its schemas `ItemGetRequest` and `ItemGetResponse`: the operation `itemGet` stays
    /// `ItemGet` (it was `ItemGet2`, as 300 of Plaid's 329 operations were), since its answer is a
    /// model and no `ItemGetResponse` is generated; an `Accept` header with one value is the API's
    /// `accept`; an operation's own enum parameter is named after both, a shared one after itself.
    @Test func operationsKeepTheirNamesBesideSchemasNamedAfterThem() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Repro, version: "1"}
        paths:
          /item/get:
            post:
              operationId: itemGet
              parameters:
                - {name: Accept, in: header, required: true, schema: {type: string, default: "application/vnd.repro+json;version=2"}}
                - {name: type, in: query, schema: {type: string, enum: [a, b]}}
                - $ref: "#/components/parameters/order"
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/ItemGetRequest"}
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/ItemGetResponse"}
        components:
          parameters:
            order:
              name: order
              in: query
              schema: {type: string, enum: [asc, desc]}
          schemas:
            ItemGetRequest:
              type: object
              properties:
                id: {type: string}
            ItemGetResponse:
              type: object
              properties:
                name: {type: string}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome).isEmpty)
        let api = Self.file(outcome, "default.yaml")
        #expect(api.contains("  ItemGet:\n    method: POST\n    path: /item/get\n    params:\n      type:\n        type: ItemGetType?\n        in: query\n      order:\n        type: Order?\n        in: query\n"))
        #expect(api.contains("    accept: application/vnd.repro+json;version=2\n"))
        let paths = try await ImportHarness.expectSwiftCompiles(outcome)
        #expect(paths.contains { $0.hasSuffix("Apis/ItemGetApi.swift") })
    }

    /// OpenAI's uploads name their multipart body as a component: its properties are parts, files
    /// are files (they were sent URL-encoded). A stream answer is a stream (3.2's `itemSchema` gives
    /// the event type); a second media type beside the one read is warned (it was dropped silently).
    @Test func multipartComponentsAndStreams() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.2.0
        info: {title: Repro, version: "1"}
        paths:
          /files:
            post:
              operationId: createFile
              requestBody:
                required: true
                content:
                  multipart/form-data:
                    schema: {$ref: "#/components/schemas/CreateFileRequest"}
              responses:
                "204": {description: ok}
          /chat:
            post:
              operationId: chat
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {type: object, properties: {prompt: {type: string}}}
              responses:
                "200":
                  description: the answer
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Chunk"}
                    text/event-stream:
                      schema: {type: string}
          /chat/stream:
            post:
              operationId: streamChat
              responses:
                "200":
                  description: events
                  content:
                    text/event-stream:
                      itemSchema:
                        type: object
                        properties:
                          event: {type: string}
                          data: {$ref: "#/components/schemas/Chunk"}
          /lines:
            get:
              operationId: lines
              responses:
                "200":
                  description: lines
                  content:
                    application/jsonl:
                      itemSchema: {$ref: "#/components/schemas/Chunk"}
        components:
          schemas:
            Chunk:
              type: object
              properties:
                text: {type: string}
            CreateFileRequest:
              type: object
              required: [file, purpose]
              properties:
                file: {type: string, format: binary}
                purpose: {type: string, enum: [assistants, batch]}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let apis = Self.file(outcome, "default.yaml")
        #expect(apis.contains("    params:\n      file: File\n      purpose: CreateFileRequestPurpose\n    body: multipart\n"))
        #expect(apis.contains("  StreamChat:\n    method: POST\n    path: /chat/stream\n    response:\n      stream: sse\n      type: Chunk\n"))
        #expect(apis.contains("  Lines:\n    path: /lines\n    response:\n      stream: jsonLines\n      type: Chunk\n"))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/paths/~1chat/post/responses/200/content/text~1event-stream: warning: response 'text/event-stream' not imported: 'application/json' is read",
        ])
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// PagerDuty answers 427 operations with `$ref: '#/components/responses/Forbidden'`: its inline
    /// body is one model named after the response (it was 427 copies, 4,162 models in all). A zip
    /// download listed beside a JSON string is the download (it was read as a JSON string).
    @Test func sharedResponsesAreOneModelAndDownloadsAreBinary() throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Repro, version: "1"}
        paths:
          /schedules/{id}:
            delete:
              operationId: deleteSchedule
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                "204": {description: deleted}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /users/{id}:
            delete:
              operationId: deleteUser
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                "204": {description: deleted}
                "429": {$ref: "#/components/responses/TooManyRequests"}
          /skills/{id}/content:
            get:
              operationId: getSkillContent
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                "200":
                  description: The bundle.
                  content:
                    application/zip:
                      schema: {type: string, format: binary}
                    application/json:
                      schema: {type: string}
        components:
          responses:
            TooManyRequests:
              description: Too many requests.
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      message: {type: string}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = Self.file(outcome, "service.yaml")
        #expect(service.contains("models:\n  TooManyRequests:\n    fields:\n      message: String?\n"))
        let apis = Self.file(outcome, "default.yaml")
        #expect(apis.components(separatedBy: "      429:\n        type: TooManyRequests\n").count == 3)
        #expect(apis.contains("    response:\n      format: binary\n      description: The bundle.\n"))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/paths/~1skills~1{id}~1content/get/responses/200/content/application~1json: warning: response 'application/json' not imported: 'application/zip' is read",
        ])
    }

    /// SendGrid, Okta, Spotify and HubSpot: a query parameter named like a path parameter goes in the
    /// query (the operation was dropped); a path parameter not marked required is read as required
    /// (Okta's document could not be read); a parameter's description on its schema is kept;
    /// `additionalProperties: true` beside properties keeps the extra keys; a component merged twice
    /// through `allOf`, or a shared parameter, is one warning, not a false one or several;
    /// `example: null` is no example.
    @Test func parametersExtraKeysAndWarningsAsPublishedDocumentsHaveThem() async throws {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Repro, version: "1"}
        paths:
          /lists/{list_id}:
            parameters:
              - {name: list_id, in: path, schema: {type: string}}
            get:
              operationId: getList
              parameters:
                - {name: list_id, in: query, schema: {type: integer, description: The list to copy from.}}
                - $ref: "#/components/parameters/ContentType"
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Input"}
                      example: null
            put:
              operationId: putList
              parameters:
                - $ref: "#/components/parameters/ContentType"
              responses:
                "204": {description: ok}
        components:
          parameters:
            ContentType: {name: Content-Type, in: header, schema: {type: string}}
          schemas:
            Base:
              type: object
              properties: {name: {type: string, maxLength: 10}}
            Common:
              allOf:
                - $ref: "#/components/schemas/Base"
                - {type: object, properties: {subject: {type: string}}}
            Input:
              additionalProperties: true
              allOf:
                - $ref: "#/components/schemas/Base"
                - $ref: "#/components/schemas/Common"
                - {type: object, additionalProperties: true, properties: {html: {type: string}}}

        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 2)
        let apis = Self.file(outcome, "default.yaml")
        #expect(apis.contains("""
            params:
              list_id: String
              listId2:
                type: Int?
                in: query
                key: list_id
                description: The list to copy from.
        """))
        #expect(Self.file(outcome, "service.yaml").contains("  Input:\n    additionalFields: JSON\n    fields:\n      name: String?\n      subject: String?\n      html: String?\n"))
        #expect(Self.warnings(outcome) == [
            "doc.yaml#/components/parameters/ContentType: warning: header parameter 'Content-Type' not imported: the runtime sets it",
            "doc.yaml#/components/schemas/Base/properties/name: warning: validation keywords not kept (apigen checks types, not values): maxLength",
            "doc.yaml#/paths/~1lists~1{list_id}/get/parameters/0: warning: parameter 'list_id' named 'listId2': its Swift name is taken",
            "doc.yaml#/paths/~1lists~1{list_id}/parameters/0: warning: path parameter 'list_id' not marked required: read as required (a path parameter always is)",
        ])
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// A document in several files whose other files cannot be read (here: none is given) says so.
    @Test func aDocumentInSeveralFilesIsToldToBeBundled() {
        let outcome = Self.importYAML("""
        openapi: 3.0.3
        info: {title: Repro, version: "1"}
        paths:
          /account:
            get: {$ref: "resources/account/get.yml"}

        """)
        #expect(outcome.errors.count == 1)
        #expect(outcome.errors.first?.contains("(it has 1 $ref to other files, which apigen follows only to files it can read beside the document: bundle the document into one file first") == true)
    }
}
