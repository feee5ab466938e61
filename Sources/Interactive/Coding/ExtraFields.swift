/// Decoding and encoding of the members of a JSON object that a model does not declare (the spec's
/// `additionalFields`, OpenAPI's `additionalProperties` next to `properties`).
public enum ExtraFields {
    /// Every member of the object whose key is not one of `declared`, decoded as `Value`.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from decoder: any Decoder, declared known: Set<String>
    ) throws -> [String: Value] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var values: [String: Value] = [:]
        for key in container.allKeys where !known.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(Value.self, forKey: key)
        }
        return values
    }

    /// Writes `values` as members of the object beside the declared ones; a key that is also declared
    /// is left to the declared field.
    public static func encode<Value: Encodable>(
        _ values: [String: Value], to encoder: any Encoder, declared known: Set<String>
    ) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for key in values.keys.sorted() where !known.contains(key) {
            if let value = values[key] { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }

    /// The same, with the declared keys given as a `CodingKeys` enum, as models generated before
    /// `AnyCodingKey` keys pass them.
    public static func decode<Value: Decodable, Keys: CodingKey & CaseIterable>(
        _ type: Value.Type, from decoder: any Decoder, declared: Keys.Type
    ) throws -> [String: Value] {
        try decode(type, from: decoder, declared: Set(Keys.allCases.map(\.stringValue)))
    }

    /// The same, with the declared keys given as a `CodingKeys` enum.
    public static func encode<Value: Encodable, Keys: CodingKey & CaseIterable>(
        _ values: [String: Value], to encoder: any Encoder, declared: Keys.Type
    ) throws {
        try encode(values, to: encoder, declared: Set(Keys.allCases.map(\.stringValue)))
    }
}
