import Foundation
import Testing
@testable import APIGenCore

/// Every shape of `oneOf` model and open enum compiles without warnings, also where everything is
/// `@MainActor` by default, and reads as the spec says.
@Suite struct SumCompileTests {
    static let spec = """
    service: Sums
    environments:
      local: http://127.0.0.1:1
    models:
      Kind:
        enum: [card, bank]
      Card:
        fields:
          type: Kind
          last4: String
      Bank:
        fields:
          iban: String
          opened: Date?
      Closed:
        oneOf: [Card, { type: Bank, name: default, description: "A bank account; \\"quoted\\" */ text." }]
        discriminator: { propertyName: "type", mapping: { card: Card, bank: Bank } }
      Open:
        oneOf: [Card, Bank]
        discriminator: kind
        unknown: true
      Anything:
        description: Text, a date, a link, a list or a map.
        oneOf: [String, Date, URL, "[Card]", "[String: Bank]", Decimal]
        unknown: true
      Node:
        fields:
          value: Int
          next: Chain?
          children: "[Chain]"
      Chain:
        oneOf: [Int, Node]
      Sign:
        enum:
          plus: { value: 1, description: Up. }
          minus: -1
        unknown: true
      Zone:
        enum:
          - { value: "Etc/GMT+1", name: gmtPlus1 }
          - { value: "Etc/GMT-1", name: gmtMinus1 }
          - { value: "", name: none, description: No zone. }
          - { value: "*", name: default }
          - self
        unknown: true
    apis:
      Send:
        method: POST
        path: /send
        params:
          closed: Closed
          open: "[Open]"
          anything: Anything?
          zone: { type: Zone, in: query }
          sign: { type: Sign, in: header, key: X-Sign }
        response: Chain
        mock: { value: 1, next: 2, children: [3, { value: 4, children: [] }] }

    """

    static let usage = """
    import Foundation
    import Interactive

    nonisolated func describe(_ value: Closed) -> String {
        switch value {
        case .card(let card): card.last4
        case .default(let bank): bank.iban
        }
    }

    nonisolated func use() throws -> [String] {
        let open: [Open] = [.card(Card(type: .card, last4: "1")), .unknown(tag: "x", .object([:]))]
        let api = SendApi(closed: .default(Bank(iban: "DE")), open: open, anything: .cardList([]), zone: .gmtMinus1, sign: .unknown(7))
        _ = try api.mock
        let zones = Zone.allCases.map(\\.rawValue) + [Zone.default.rawValue, Zone.self_.rawValue]
        let chain = Chain.node(Node(value: 1, next: .int(2), children: []))
        if case .node(let node) = chain { _ = node.next }
        return zones + [describe(.card(Card(type: .bank, last4: "2")))] + Sign.allCases.map { String($0.rawValue) }
    }

    @MainActor func useFromTheMainActor() -> Anything {
        .unknown(.null)
    }

    """

    static func generated() throws -> (TemporaryFolder, [URL]) {
        let folder = try TemporaryFolder()
        var urls = [try folder.write(usage, to: "Usage.swift")]
        for (path, text) in try SpecHarness.generate(["sums.yaml": spec]) { urls.append(try folder.write(text, to: path)) }
        return (folder, urls)
    }

    @Test func compilesWithoutWarnings() async throws {
        let (folder, files) = try Self.generated()
        let result = try await SwiftCompiler.typecheck(files, moduleName: "SumsApp")
        #expect(result.status == 0, "\(result.errorOutput)")
        _ = folder
    }

    @Test func compilesWithMainActorDefaultIsolation() async throws {
        let (folder, files) = try Self.generated()
        let result = try await SwiftCompiler.typecheck(files, moduleName: "SumsApp", mainActorByDefault: true)
        #expect(result.status == 0, "\(result.errorOutput)")
        _ = folder
    }

    @Test func readsAsTheSpecSays() throws {
        let files = try SpecHarness.generate(["sums.yaml": Self.spec])
        let closed = try #require(files["Sums/Models/Closed.swift"])
        #expect(closed.contains("nonisolated public enum Closed: Codable, Sendable, Hashable {"))
        #expect(closed.contains("    /// A bank account; \"quoted\" */ text.\n    case `default`(Bank)"))
        #expect(closed.contains(#"case "bank": self = .default(try Bank(from: decoder))"#), "a keyword is bare after a dot")
        #expect(closed.contains(#"default: throw DecodingError.dataCorruptedError(forKey: .tag, in: container, debugDescription: "Unknown Closed tag '\(tag)'.")"#))
        #expect(!closed.contains("unknown"))
        #expect(!closed.contains("import"), "a closed sum of models needs no import")
        let open = try #require(files["Sums/Models/Open.swift"])
        #expect(open.contains("public import Interactive"))
        #expect(open.contains(#"case tag = "kind""#))
        #expect(open.contains(#"case "Card": self = .card(try Card(from: decoder))"#), "the default tag is the model's name")
        #expect(open.contains("case unknown(tag: String, JSON)"))
        let anything = try #require(files["Sums/Models/Anything.swift"])
        #expect(anything.contains("public import Foundation\n") && anything.contains("public import Interactive\n"))
        #expect(anything.contains("case cardList([Card])\n    case bankMap([String: Bank])"))
        #expect(anything.contains("} else if let value = try? container.decode(Decimal.self) {\n            self = .decimal(value)\n        } else {\n            self = .unknown(try container.decode(JSON.self))"))
        let chain = try #require(files["Sums/Models/Chain.swift"])
        #expect(chain.contains("nonisolated public indirect enum Chain: Codable, Sendable, Hashable {"))
        let node = try #require(files["Sums/Models/Node.swift"])
        #expect(!node.contains("Indirect"), "the indirect enum breaks the cycle; the struct needs no box")
        let zone = try #require(files["Sums/Models/Zone.swift"])
        #expect(zone.contains("public static let allCases: [Zone] = [.gmtPlus1, .gmtMinus1, .none, .default, .self_]"))
        #expect(zone.contains(#"case "Etc/GMT-1": self = .gmtMinus1"#))
        #expect(zone.contains("    /// No zone.\n    case none\n"))
        let sign = try #require(files["Sums/Models/Sign.swift"])
        #expect(sign.contains("case -1: self = .minus"))
        #expect(sign.contains("case unknown(Int)"))
    }
}
