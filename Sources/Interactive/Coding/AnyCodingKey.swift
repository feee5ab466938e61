/// A coding key named by its text: the key of every generated model's coding, and of maps and of
/// members a model does not declare.
///
/// A string literal makes one, so generated coding reads like the JSON it handles:
///
/// ```swift
/// let container = try decoder.container(keyedBy: AnyCodingKey.self)
/// createdAt = try container.decode(Date.self, forKey: "created_at")
/// ```
///
/// One key type for all models, instead of a `CodingKeys` enum in each, spares the compiler a type
/// with its conformances per model (see docs/performance.md).
public struct AnyCodingKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public var stringValue: String
    public var intValue: Int? { nil }

    /// A key with this text.
    public init(_ string: String) { stringValue = string }
    /// A key with the literal's text.
    public init(stringLiteral value: String) { stringValue = value }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
