import Foundation
import Testing
@testable import APIGenCore

/// The JSON Schema editors use must accept exactly the keys the parser accepts.
@Suite struct SchemaTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent("docs/apigen-spec.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func keys(_ object: Any?, _ path: String...) throws -> Set<String> {
        var current = object
        for key in path { current = (current as? [String: Any])?[key] }
        return Set(try #require(current as? [String: Any]).keys)
    }

    @Test func schemaKeysMatchTheParser() throws {
        let schema = try Self.schema()
        #expect(try Self.keys(schema, "properties") == Set(SpecParser.topKeys))
        #expect(try Self.keys(schema, "properties", "defaults", "properties") == Set(SpecParser.defaultsKeys))
        #expect(try Self.keys(schema, "properties", "defaults", "properties", "envelope", "properties") == Set(SpecParser.envelopeKeys))
        #expect(try Self.keys(schema, "properties", "apis", "additionalProperties", "properties") == Set(ApiParser.apiKeys))
        #expect(try Self.keys(schema, "properties", "models", "additionalProperties", "properties") == Set(ModelParser.modelKeys))
    }
}
