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
        let api = try #require(((schema["properties"] as? [String: Any])?["apis"] as? [String: Any])?["additionalProperties"] as? [String: Any])
        let param = try #require((((api["properties"] as? [String: Any])?["params"] as? [String: Any])?["additionalProperties"] as? [String: Any])?["oneOf"] as? [Any])
        #expect(try Self.keys(param[1], "properties") == Set(ApiParser.paramKeys))
        let response = try #require(((api["properties"] as? [String: Any])?["response"] as? [String: Any])?["oneOf"] as? [Any])
        #expect(try Self.keys(response[1], "properties") == Set(ApiParser.responseKeys))
        let responseProperties = try #require((response[1] as? [String: Any])?["properties"] as? [String: Any])
        let header = try #require((responseProperties["headers"] as? [String: Any])?["additionalProperties"] as? [String: Any])
        #expect(try Self.keys((header["oneOf"] as? [Any])?[1], "properties") == Set(ApiParser.responseHeaderKeys))
        let statuses = try #require((api["properties"] as? [String: Any])?["responses"] as? [String: Any])
        let status = try #require((statuses["additionalProperties"] as? [String: Any])?["oneOf"] as? [Any])
        #expect(try Self.keys(status[2], "properties") == Set(ApiParser.statusResponseKeys))
    }
}

/// The configuration's JSON Schema names exactly the keys the configuration parser accepts, and the
/// same choices.
@Suite struct ConfigurationSchemaTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Repository.root.appendingPathComponent("docs/apigen-config.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func property(_ schema: [String: Any], _ path: String...) -> [String: Any]? {
        var current: [String: Any]? = schema
        for key in path { current = (current?["properties"] as? [String: Any])?[key] as? [String: Any] }
        return current
    }

    @Test func schemaKeysMatchTheParser() throws {
        let schema = try Self.schema()
        #expect(try SchemaTests.keys(schema, "properties") == Set(Configuration.keys))
        #expect(try SchemaTests.keys(schema, "properties", "filter", "properties") == Set(Configuration.filterKeys))
        #expect(try SchemaTests.keys(schema, "properties", "output", "properties") == Set(Configuration.outputKeys))
        #expect(Self.property(schema, "accessModifier")?["enum"] as? [String] == Configuration.AccessModifier.allCases.map(\.rawValue))
        #expect(Self.property(schema, "mocks")?["enum"] as? [String] == Configuration.Mocks.allCases.map(\.rawValue))
        #expect(Self.property(schema, "output", "layout")?["enum"] as? [String] == OutputLayout.names)
        #expect(Self.property(schema, "output", "shards")?["maximum"] as? Int == OutputLayout.maxShards)
    }

    @Test func theDocumentationHasOneRowPerKey() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        for key in Configuration.keys {
            #expect(text.contains("\n| `\(key)`"), "no row for \(key)")
        }
    }
}
