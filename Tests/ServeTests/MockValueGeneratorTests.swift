import APIGenCore
import APIGenServe
import Foundation
import Interactive
import ShopAPI
import Testing

/// Generated mock values: deterministic for a seed, and decodable by the generated client's types.
@Suite struct MockValueGeneratorTests {
    var shop: SpecDescription.Service {
        get throws { try #require(ServeFixture.project.description.services.first { $0.name == "Shop" }) }
    }

    func value(_ type: String, seed: UInt64 = 1, label: String = "test") throws -> Data {
        var generator = MockValueGenerator(service: try shop, seed: seed, label: label)
        return Data(generator.value(of: type).text.utf8)
    }

    @Test func sameSeedSameValuesOtherSeedOtherValues() throws {
        #expect(try value("[Order]", seed: 7) == (try value("[Order]", seed: 7)))
        #expect(try value("[Order]", seed: 7) != (try value("[Order]", seed: 8)))
    }

    @Test func everyShopModelDecodesWithTheGeneratedTypes() throws {
        let decoder = InteractiveCoding.makeDecoder()
        for seed in UInt64(1)...20 {
            _ = try decoder.decode([Item].self, from: try value("[Item]", seed: seed))
            _ = try decoder.decode(ItemPage.self, from: try value("ItemPage", seed: seed))
            _ = try decoder.decode(Order.self, from: try value("Order", seed: seed))
            _ = try decoder.decode(Category.self, from: try value("Category", seed: seed))
            _ = try decoder.decode(OrderProblem.self, from: try value("OrderProblem", seed: seed))
            _ = try decoder.decode([String: Rating].self, from: try value("[String: Rating]", seed: seed))
            _ = try decoder.decode([ItemSort].self, from: try value("[ItemSort]", seed: seed))
            _ = try decoder.decode(Payment.self, from: try value("Payment", seed: seed))
            let seller = try decoder.decode(SellerRef.self, from: try value("SellerRef", seed: seed))
            if case .unknown = seller { Issue.record("an untagged sum decoded as unknown: seed \(seed)") }
        }
    }

    /// A model whose name is a builtin's but for case (`Uuid`, `Url`) does not stand for the builtin:
    /// `UUID` and `URL` stay the builtins, as the generator reads them (the server recursed forever).
    @Test func builtinsAreNotModelsNamedLikeThem() throws {
        let project = try ServeFixture.project(yaml: """
        service: S
        environments: { local: "http://127.0.0.1:1/api" }
        models:
          Uuid:
            fields: { uuid: UUID }
          Url:
            fields: { href: String }
        apis:
          GetUuid:
            path: /uuid
            response: Uuid
        """)
        let service = try #require(project.description.services.first)
        var generator = MockValueGenerator(service: service, seed: 1, label: "test")
        let value = generator.value(of: "Uuid").text
        #expect(value.hasPrefix(#"{"uuid":""#), "\(value)")
        #expect(UUID(uuidString: String(value.dropFirst(9).dropLast(2))) != nil, "\(value)")
        #expect(generator.value(of: "URL").text.hasPrefix(#""https://"#))
    }

    @Test func optionalFieldsArePresentAndSelfNestingStops() throws {
        let text = String(decoding: try value("Category"), as: UTF8.self)
        let json = try JSONValue(parsing: text)
        #expect(json["parent"] != nil && json["parent"] != .null)
        #expect(text.count < 20_000)
    }

    @Test func datesFollowTheirFormat() throws {
        let spec = """
        service: Dates
        environments: { debug: "http://127.0.0.1:1/api" }
        defaults: { dates: epochSeconds }
        models:
          Booking:
            fields:
              createdAt: Date
              day: { type: Date, format: date }
              local: { type: Date, format: "dd.MM.yyyy HH:mm" }
              stamp: { type: Date, format: iso8601 }
        """
        let folder = try ServeFixture.scratch("dates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try spec.write(to: folder.appendingPathComponent("dates.yaml"), atomically: true, encoding: .utf8)
        let service = try #require(ServeProject.load(specs: folder).1?.description.services.first)
        var generator = MockValueGenerator(service: service, seed: 3, label: "x")
        let booking = generator.value(of: "Booking")
        guard case .number(let seconds)? = booking["createdAt"] else { Issue.record("epochSeconds is a number: \(booking.text)"); return }
        #expect(Int64(seconds) != nil)
        #expect(booking["day"]?.stringValueForTest?.wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil)
        #expect(booking["local"]?.stringValueForTest?.wholeMatch(of: /\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/) != nil)
        #expect(booking["stamp"]?.stringValueForTest?.hasSuffix("Z") == true)
    }

    /// The generator's own mock check (`apigen validate`) accepts every generated value as a mock.
    @Test func theGeneratorAcceptsGeneratedValuesAsMocks() throws {
        let apis = try shop.apis.filter { $0.mockJSON == nil }
        #expect(!apis.isEmpty)
        var text = try String(contentsOf: ServeFixture.specs.appendingPathComponent("shop.yaml"), encoding: .utf8)
        for api in apis {
            guard case .type(let type) = api.response else { continue }
            var generator = MockValueGenerator(service: try shop, seed: 5, label: api.name)
            let mock = generator.value(of: type).text
            // Each API's block starts with "  Name:\n"; its mock goes right after.
            text = text.replacingOccurrences(of: "\n  \(api.name):\n", with: "\n  \(api.name):\n    mock: \(mock)\n")
        }
        #expect(text.components(separatedBy: "    mock: ").count > apis.count)
        let folder = try ServeFixture.scratch("mocks")
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        let outcome = Generator.validate(specs: folder)
        #expect(!outcome.hasErrors, "\(outcome.diagnostics.map(\.description))")
    }
}

extension JSONValue {
    var stringValueForTest: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}
