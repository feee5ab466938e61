import Foundation
import Testing
@testable import APIGenCore

/// Spec format 2 shapes in the generator: defaults, date formats, UUID, `additionalFields`,
/// deprecated members, `paramsFrom` and optional responses; parsed, checked, generated and compiled.
@Suite struct FormatTwoShapeTests {
    static let spec = #"""
    service: Booking
    environments:
      local: http://127.0.0.1:8080
    defaults:
      dates: epochSeconds
    models:
      Kind:
        enum: { small: 1, large: 2 }
      Slot:
        additionalFields: JSON
        fields:
          id: UUID
          start: Date
          day: { type: Date, format: date, default: "2024-02-29" }
          local: { type: "Date?", format: "dd.MM.yyyy HH:mm" }
          iso: { type: "[Date]?", format: iso8601 }
          size: { type: Kind, default: 2 }
          price: { type: Decimal, default: 9.99 }
          tags: { type: "[String]", default: [a, "b c"] }
          limits: { type: "[String: Int]", default: {} }
          note: { type: "String?", default: none }
          old: { type: "Int?", deprecated: Use size. }
          default: { type: Bool, default: true }
      Node:
        additionalFields: { name: rest, type: "[Int]" }
        fields:
          name: String
          parent: Node?
          seen: { type: Date, default: 0 }
          legacy: { type: "String?", deprecated: true }
      Filter:
        fields:
          perPage: { type: Int, key: per_page, default: 30 }
          after: Date?
          legacy: { type: "String?", deprecated: true }
      Legacy:
        fields:
          name: String
          old: { type: "Int?", deprecated: Use name. }
    apis:
      Search:
        path: /slots/{day}
        paramsFrom: Filter
        params:
          day: { type: Date, format: date }
          kind: { type: Kind, default: 1, in: header, key: X-Kind }
          q: { type: "String?", deprecated: Use filter. }
        response: "[Slot]"
        mock:
          - id: 3F2504E0-4F89-11D3-9A0C-0305E82C3301
            start: 1700000000
            day: "2024-02-29"
            local: "01.03.2024 09:30"
            iso: ["2024-02-29T09:30:00Z"]
            surprise: { any: thing }
      Maybe:
        path: /maybe
        response: Slot?
      Tree:
        path: /tree
        response: Node
        mock: { name: root, seen: 1 }
    """#

    /// Uses the deprecated members only through non-deprecated code paths, from nonisolated code.
    static let usage = """
    import Foundation
    import Interactive

    nonisolated func use() throws {
        let slot = Slot(id: UUID(), start: Date())
        _ = try InteractiveCoding.makeEncoder().encode(slot)
        _ = try SearchApi(day: Date()).request.resolve()
        _ = try SearchApi(day: Date()).mock
        _ = try MaybeApi().parser.parse(HTTPResponse(status: 204, body: Data()))
        _ = Node(name: "n").seen
        _ = try InteractiveCoding.makeEncoder().encode(Legacy(name: "x", old: 1))
    }

    """

    @Test func generatesCompilableCodeInBothIsolationModes() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec, to: "booking.yaml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let files = folder.files(under: "out").map { folder.folder("out").appendingPathComponent($0) } + [usage]
        for mainActor in [false, true] {
            let result = try await SwiftCompiler.typecheck(files, moduleName: "BookingAPI", mainActorByDefault: mainActor)
            #expect(result.status == 0, "\(result.errorOutput)")
        }
        let slot = try #require(folder.read("out/Booking/Models/Slot.swift"))
        #expect(slot.contains("start: try container.decode(Date.self, forKey: \"start\", format: .epochSeconds),"))
        #expect(slot.contains("day: try container.decodeIfPresent(Date.self, forKey: \"day\", format: .date) ?? Date(timeIntervalSince1970: 1709164800),"))
        #expect(slot.contains(#"iso: try container.decodeIfPresent([Date].self, forKey: "iso"),"#))
        #expect(slot.contains("size: Kind = .large,"))
        #expect(slot.contains("price: Decimal = Decimal(sign: .plus, exponent: -2, significand: 999),"))
        #expect(slot.contains(#"tags: [String] = ["a", "b c"],"#))
        #expect(slot.contains("limits: [String: Int] = [:],"))
        #expect(slot.contains(#"note: try container.contains("note") ? container.decodeIfPresent(String.self, forKey: "note") : "none","#))
        #expect(slot.contains("@available(*, deprecated, message: \"Use size.\")\n    public var old: Int? {"))
        #expect(slot.contains("additionalFields: try ExtraFields.decode(JSON.self, from: decoder, declared: ["))
        #expect(slot.contains("`default`: Bool = true"))
        let search = try #require(folder.read("out/Booking/Apis/SearchApi.swift"))
        #expect(search.contains("request.add(FormattedDate(day, format: .date), as: \"day\", in: .path)"))
        #expect(search.contains("request.add(FormattedDate(after, format: .epochSeconds), as: \"after\", in: .query)"))
        #expect(search.contains("request.add(perPage, as: \"per_page\", in: .query)"))
        #expect(search.contains("kind: Kind = .small,"))
        #expect(search.contains("request.add(_q, as: \"q\", in: .query)"))
        let node = try #require(folder.read("out/Booking/Models/Node.swift"))
        #expect(node.contains("private var _storage: Indirect<_Storage>"))
        #expect(node.contains(#"try container.encodeIfPresent(self._storage.value.legacy, forKey: "legacy")"#))
        #expect(node.contains("rest: try ExtraFields.decode([Int].self, from: decoder, declared: ["))
        #expect(node.contains("nonisolated private struct _Storage: Sendable, Hashable {"))
        let filter = try #require(folder.read("out/Booking/Models/Filter.swift"))
        #expect(filter.contains("after: try container.decodeIfPresent(Date.self, forKey: \"after\", format: .epochSeconds),"))
        #expect(filter.contains(#"try container.encodeIfPresent(self._legacy, forKey: "legacy")"#))
        // A deprecated field is coded over its private storage (no deprecation warning), with its JSON key.
        let legacy = try #require(folder.read("out/Booking/Models/Legacy.swift"))
        #expect(legacy.contains(#"try container.encodeIfPresent(self._old, forKey: "old")"#))
    }

    @Test func withoutShapesTheCodingIsPlain() throws {
        let files = try SpecHarness.generate(["spec.yaml": SpecHarness.base + "models:\n  Plain:\n    fields:\n      at: Date\n      id: UUID\n"])
        let plain = try #require(files["Shop/Models/Plain.swift"])
        #expect(plain.contains(#"at: try container.decode(Date.self, forKey: "at"),"#))
        #expect(plain.contains(#"try container.encode(self.id, forKey: "id")"#))
        #expect(!plain.contains("CodingKeys"))
        #expect(plain.contains("public var id: UUID"))
    }

    @Test func aLongDecimalDefaultIsASumOfExactTerms() throws {
        let yaml = Self.base + "models:\n  Price:\n    fields:\n      amount: { type: Decimal, default: 12345678901234567890.5 }\n      whole: { type: Decimal, default: -99999999999999999999 }\n      big: { type: Float, default: 16777216 }\n"
        let files = try SpecHarness.generate(["spec.yaml": yaml])
        let price = try #require(files["Shop/Models/Price.swift"])
        // An integer literal holds 64 bits: a longer significand in one literal would overflow.
        #expect(price.contains("amount: Decimal = Decimal(sign: .plus, exponent: 17, significand: 123) + Decimal(sign: .plus, exponent: -1, significand: 456789012345678905),"))
        #expect(price.contains("whole: Decimal = Decimal(sign: .minus, exponent: 18, significand: 99) + Decimal(sign: .minus, exponent: 0, significand: 999999999999999999),"))
        #expect(price.contains("big: Float = 16777216"))
    }

    /// `Date` keeps its time from 2001: `.123` from 1970 came out as `.1230001`.
    @Test func aDateDefaultIsWrittenAsWritten() throws {
        let yaml = Self.base + "models:\n  Event:\n    fields:\n      at: { type: Date, default: \"2024-02-29T09:30:00.123Z\" }\n      on: { type: Date, default: \"2024-02-29T09:30:00.1Z\" }\n"
        let event = try #require(try SpecHarness.generate(["spec.yaml": yaml])["Shop/Models/Event.swift"])
        #expect(event.contains("at: Date = Date(timeIntervalSince1970: 1709199000.123),"), "\(event)")
        #expect(event.contains("on: Date = Date(timeIntervalSince1970: 1709199000.1)"), "\(event)")
    }

    static let base = "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\n"

    static let cases: [MalformedSpec] = [
        MalformedSpec(
            name: "defaultOfTheWrongType",
            yaml: base + "models:\n  M:\n    fields:\n      n: { type: Int, default: many }\n",
            expected: ["spec.yaml:7:32: error: default of field 'n' of model 'M' must be an Int, found a string"]),
        MalformedSpec(
            name: "defaultNotACase",
            yaml: base + "models:\n  K:\n    enum: [a, b]\n  M:\n    fields:\n      k: { type: K, default: c }\n",
            expected: ["spec.yaml:9:30: error: default of field 'k' of model 'M' must be one of a, b (K), found 'c'"]),
        // An open enum takes any value on the wire, but its default is a case (it was dropped).
        MalformedSpec(
            name: "defaultNotACaseOfAnOpenEnum",
            yaml: base + "models:\n  K:\n    enum: [asc, desc]\n    unknown: true\n  M:\n    fields:\n      k: { type: K, default: dsc }\n      ks: { type: \"[K]\", default: [asc, relevance] }\n",
            expected: [
                "spec.yaml:10:30: error: default of field 'k' of model 'M' is 'dsc', which is not a case of K (asc, desc); did you mean 'asc'?",
                "spec.yaml:11:41: error: default of field 'ks' of model 'M' is 'relevance', which is not a case of K (asc, desc)",
            ]),
        MalformedSpec(
            name: "defaultOfAnUnsupportedType",
            yaml: base + "models:\n  M:\n    fields:\n      u: { type: URL, default: \"http://a\" }\n",
            expected: ["spec.yaml:7:32: error: default of field 'u' of model 'M' is not supported for URL values; defaults are numbers, text, Bool, Date, enum cases, and lists and maps of them"]),
        MalformedSpec(
            name: "numberDefaultsSwiftWouldNotKeep",
            yaml: base + "models:\n  M:\n    fields:\n      a: { type: Float, default: 1e-45 }\n      b: { type: Double, default: 4.9e-324 }\n      c: { type: Float, default: 16777217 }\n      d: { type: \"[Double]\", default: [1, 9007199254740993] }\n      e: { type: Decimal, default: 123456789012345678901234567890123456789 }\n",
            expected: [
                "spec.yaml:7:34: error: default of field 'a' of model 'M' is 1e-45, below the smallest normal Float 1.1754944e-38, where it would lose precision; write 0 or a value of at least 1.1754944e-38",
                "spec.yaml:8:35: error: default of field 'b' of model 'M' is 4.9e-324, below the smallest normal Double 2.2250738585072014e-308, where it would lose precision; write 0 or a value of at least 2.2250738585072014e-308",
                "spec.yaml:9:34: error: default of field 'c' of model 'M' is 16777217, which Float cannot hold exactly; the nearest Float is 16777216",
                "spec.yaml:10:43: error: default of field 'd' of model 'M' is 9007199254740993, which Double cannot hold exactly; the nearest Double is 9007199254740992",
                "spec.yaml:11:36: error: default of field 'e' of model 'M' has 39 significant digits; Decimal holds at most 38",
            ]),
        MalformedSpec(
            name: "dateFormatNamesSpeltOtherwise",
            yaml: base + "models:\n  M:\n    fields:\n      at: { type: Date, format: ISO8601 }\n      b: { type: Date, format: epoch_seconds }\n      c: { type: Date, format: iso-8601 }\n      d: { type: Date, format: yyyy-MM-dd }\n",
            expected: [
                "spec.yaml:7:33: error: invalid date format 'ISO8601' in field 'at' of model 'M'; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'iso8601'?",
                "spec.yaml:8:32: error: invalid date format 'epoch_seconds' in field 'b' of model 'M'; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'epochSeconds'?",
                "spec.yaml:9:32: error: invalid date format 'iso-8601' in field 'c' of model 'M'; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'iso8601'?",
            ]),
        MalformedSpec(
            name: "misspeltDateFormat",
            yaml: base + "models:\n  M:\n    fields:\n      at: { type: Date, format: epochSecond }\n",
            expected: ["spec.yaml:7:33: error: invalid date format 'epochSecond' in field 'at' of model 'M'; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'epochSeconds'?"]),
        MalformedSpec(
            name: "formatOnANonDate",
            yaml: base + "models:\n  M:\n    fields:\n      n: { type: Int, format: date }\n",
            expected: ["spec.yaml:7:31: error: format of field 'n' of model 'M' applies to Date values only; its type is Int"]),
        MalformedSpec(
            name: "serviceDatesMisspelt",
            yaml: base + "defaults:\n  dates: epochMilis\n",
            expected: ["spec.yaml:5:10: error: invalid date format 'epochMilis' in the service's defaults; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'epochMillis'?"]),
        MalformedSpec(
            name: "mockDateInTheWrongFormat",
            yaml: base + "models:\n  M:\n    fields:\n      at: { type: Date, format: epochMillis }\napis:\n  A:\n    path: /a\n    response: M\n    mock: { at: \"2024-01-01\" }\n",
            expected: ["spec.yaml:12:17: error: mock of api 'A' at 'at' must be a whole number of milliseconds since 1970 (epochMillis), found '2024-01-01'"]),
        MalformedSpec(
            name: "mockUUID",
            yaml: base + "apis:\n  A:\n    path: /a\n    response: UUID\n    mock: nope\n",
            expected: ["spec.yaml:8:11: error: mock of api 'A' must be a UUID, found 'nope'"]),
        MalformedSpec(
            name: "paramsFromUnknownModel",
            yaml: base + "models:\n  Filter:\n    fields:\n      q: String\napis:\n  A:\n    path: /a\n    paramsFrom: Filtr\n",
            expected: ["spec.yaml:11:17: error: paramsFrom of api 'A' names unknown model 'Filtr'; did you mean 'Filter'?"]),
        MalformedSpec(
            name: "paramsFromClash",
            yaml: base + "models:\n  Filter:\n    fields:\n      q: String\napis:\n  A:\n    path: /a\n    paramsFrom: [Filter]\n    params:\n      q: String\n",
            expected: [
                "spec.yaml:11:18: error: params 'q' and 'q' of api 'A' both become the Swift name q",
                "spec.yaml:11:18: error: params 'q' and 'q' of api 'A' both send query 'q'",
            ]),
        MalformedSpec(
            name: "additionalFieldsClash",
            yaml: base + "models:\n  M:\n    additionalFields: { name: extra, type: String }\n    fields:\n      extra: Int\n",
            expected: ["spec.yaml:6:23: error: additionalFields of model 'M' is named 'extra' like a field; give it another name: { name: …, type: String }"]),
        MalformedSpec(
            name: "additionalFieldsAlone",
            yaml: base + "models:\n  M:\n    additionalFields: String\n    fields: {}\n",
            expected: ["spec.yaml:6:23: error: additionalFields of model 'M' needs at least one field beside it; a model of only extra keys is the type \"[String: String]\""]),
        MalformedSpec(
            name: "mockExtraKeysChecked",
            yaml: base + "models:\n  M:\n    additionalFields: Int\n    fields:\n      a: Int\napis:\n  A:\n    path: /a\n    response: M\n    mock: { a: 1, b: x }\n",
            expected: ["spec.yaml:13:22: error: mock of api 'A' at 'b' must be an Int, found a string"]),
        MalformedSpec(
            name: "deprecatedMustBeTrueOrAMessage",
            yaml: base + "apis:\n  A:\n    path: /a\n    params:\n      q: { type: String, deprecated: 3 }\n",
            expected: ["spec.yaml:8:38: error: deprecated in param 'q' of api 'A' must be true or a message, found an integer"]),
    ]

    @Test(arguments: cases) func reportsLocatedErrors(_ spec: MalformedSpec) throws {
        let diagnostics = try SpecHarness.diagnose(spec.yaml)
        #expect(diagnostics == spec.expected, "\(diagnostics)")
    }
}
