import Foundation

/// A parameter value flattened for places that carry text: path segments, query items, headers, forms.
///
/// Scalars become their text (dates ISO 8601, data base64, booleans `true`/`false`); arrays repeat the
/// key; objects are sent as JSON text; `nil` omits the parameter.
enum ParameterValue: Equatable {
    case null
    /// Text: a string, a date, base64 data, a URL.
    case scalar(String)
    /// A number or a boolean: the same text, but unquoted when the value is written as JSON.
    case literal(String)
    case array([ParameterValue])
    case object([(String, ParameterValue)])

    static func == (lhs: ParameterValue, rhs: ParameterValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.scalar(let a), .scalar(let b)), (.literal(let a), .literal(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    /// Flattens any encodable value.
    static func make(_ value: any Encodable) throws(InteractiveError) -> ParameterValue {
        if let scalar = fastScalar(value) { return scalar }
        let encoder = ParameterEncoder(codingPath: [])
        do {
            try encoder.encodeValue(value)
        } catch {
            throw .invalidRequest("cannot encode parameter: \(error)")
        }
        return encoder.storage.value
    }

    /// Whether `value` is `nil`, and its flattened form when it is one of the scalars
    /// ``fastScalar(_:)`` knows, from its static type: a comparison of types instead of the casts
    /// (and a protocol conformance look-up for `nil`) that an existential needs.
    static func flatten<T: Encodable>(_ value: T) -> (isNone: Bool, flattened: ParameterValue?) {
        if T.self == String.self, let text = value as? String { return (false, .scalar(text)) }
        if T.self == Int.self, let number = value as? Int { return (false, .literal(String(number))) }
        if T.self == Int64.self, let number = value as? Int64 { return (false, .literal(String(number))) }
        if T.self == Bool.self, let flag = value as? Bool { return (false, .literal(flag ? "true" : "false")) }
        return (OptionalCheck.isNil(value), nil)
    }

    private static func fastScalar(_ value: any Encodable) -> ParameterValue? {
        switch value {
        case let value as String: .scalar(value)
        case let value as Int: .literal(String(value))
        case let value as Int64: .literal(String(value))
        case let value as Bool: .literal(value ? "true" : "false")
        default: nil
        }
    }

    /// The texts to send for a query or form key: one per array element, none for `nil`.
    func texts() -> [String] {
        switch self {
        case .null: []
        case .scalar(let text), .literal(let text): [text]
        case .array(let elements): elements.flatMap { $0.texts().isEmpty ? [] : [$0.singleText] }
        case .object: [singleText]
        }
    }

    /// One text for the whole value: arrays comma-joined, objects as JSON.
    var singleText: String {
        switch self {
        case .null: ""
        case .scalar(let text), .literal(let text): text
        case .array(let elements): elements.map(\.singleText).joined(separator: ",")
        case .object: jsonText
        }
    }

    var jsonText: String {
        switch self {
        case .null: "null"
        case .literal(let text): text
        case .scalar(let text): Self.quoted(text)
        case .array(let elements): "[" + elements.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { Self.quoted($0.0) + ":" + $0.1.jsonText }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The value being built: a tree of references, so nested containers can fill their part later.
private final class ParameterStorage {
    var scalar: ParameterValue = .null
    var members: [(String, ParameterStorage)]?
    var elements: [ParameterStorage]?

    var value: ParameterValue {
        if let members { return .object(members.map { ($0.0, $0.1.value) }) }
        if let elements { return .array(elements.map(\.value)) }
        return scalar
    }
}

/// A minimal `Encoder` producing ``ParameterValue``.
private struct ParameterEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let storage: ParameterStorage

    init(codingPath: [any CodingKey], storage: ParameterStorage = ParameterStorage()) {
        self.codingPath = codingPath
        self.storage = storage
    }

    func encodeValue(_ value: any Encodable) throws {
        switch value {
        case let date as Date: storage.scalar = .scalar(ISO8601.format(date))
        case let data as Data: storage.scalar = .scalar(data.base64EncodedString())
        case let url as URL: storage.scalar = .scalar(url.absoluteString)
        case let decimal as Decimal: storage.scalar = .literal(decimal.description)
        default: try value.encode(to: self)
        }
    }

    /// A child encoder whose storage is attached to this one's. A key encoded again replaces its
    /// earlier value in place, as `JSONEncoder` does (a tagged sum writes its tag after a member
    /// that may hold the same key).
    func child(_ key: any CodingKey) -> ParameterEncoder {
        let child = ParameterEncoder(codingPath: codingPath + [key])
        if let members = storage.members {
            if let index = members.firstIndex(where: { $0.0 == key.stringValue }) {
                storage.members?[index].1 = child.storage
            } else {
                storage.members?.append((key.stringValue, child.storage))
            }
        } else {
            storage.elements?.append(child.storage)
        }
        return child
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.members == nil { storage.members = [] }
        return KeyedEncodingContainer(KeyedParameterContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.elements == nil { storage.elements = [] }
        return UnkeyedParameterContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleParameterContainer(encoder: self) }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(intValue ?? 0) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedParameterContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ParameterEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { _ = encoder.child(key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encoder.child(key).encodeValue(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(key).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.child(key).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { encoder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.child(key) }
}

private struct UnkeyedParameterContainer: UnkeyedEncodingContainer {
    let encoder: ParameterEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.storage.elements?.count ?? 0 }

    mutating func encodeNil() throws { _ = encoder.child(IndexKey(count)) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.child(IndexKey(count)).encodeValue(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.child(IndexKey(count)).container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.child(IndexKey(count)).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { encoder.child(IndexKey(count)) }
}

private struct SingleParameterContainer: SingleValueEncodingContainer {
    let encoder: ParameterEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage.scalar = .null }
    mutating func encode(_ value: Bool) throws { encoder.storage.scalar = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { encoder.storage.scalar = .scalar(value) }
    mutating func encode(_ value: Double) throws { encoder.storage.scalar = .literal(Self.text(value)) }
    mutating func encode(_ value: Float) throws { encoder.storage.scalar = .literal(Self.text(Double(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if let integer = value as? any BinaryInteger {
            encoder.storage.scalar = .literal("\(integer)")
        } else {
            try encoder.encodeValue(value)
        }
    }

    /// `1` rather than `1.0` for whole numbers, like JSON.
    static func text(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
