public import Foundation

/// A value that holds dates written in a ``DateFormat``: `Date`, and optionals, arrays and maps of
/// such values. Generated code decodes and encodes such fields with the container methods below:
///
/// ```swift
/// createdAt = try container.decode(Date.self, forKey: "created_at", format: .epochSeconds)
/// try container.encode(createdAt, forKey: "created_at", format: .epochSeconds)
/// ```
public protocol DateCodable: Sendable {
    /// Decodes the value with its dates in `format`.
    init(from decoder: any Decoder, format: DateFormat) throws
    /// Encodes the value with its dates in `format`.
    func encode(to encoder: any Encoder, format: DateFormat) throws
}

extension Date: DateCodable {
    public init(from decoder: any Decoder, format: DateFormat) throws {
        let container = try decoder.singleValueContainer()
        let date: Date?
        switch format {
        case .epochSeconds, .epochMilliseconds:
            if let number = try? container.decode(Double.self) {
                date = format.date(fromNumber: number)
            } else {
                date = format.date(from: try container.decode(String.self))
            }
        default:
            date = format.date(from: try container.decode(String.self))
        }
        guard let date else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected \(format.expectation).")
        }
        self = date
    }

    public func encode(to encoder: any Encoder, format: DateFormat) throws {
        var container = encoder.singleValueContainer()
        switch format.wireValue(self) {
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .text(let text): try container.encode(text)
        }
    }
}

extension Optional: DateCodable where Wrapped: DateCodable {
    public init(from decoder: any Decoder, format: DateFormat) throws {
        self = try decoder.singleValueContainer().decodeNil() ? nil : try Wrapped(from: decoder, format: format)
    }

    public func encode(to encoder: any Encoder, format: DateFormat) throws {
        guard let self else {
            var container = encoder.singleValueContainer()
            return try container.encodeNil()
        }
        try self.encode(to: encoder, format: format)
    }
}

extension Array: DateCodable where Element: DateCodable {
    public init(from decoder: any Decoder, format: DateFormat) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        while !container.isAtEnd {
            elements.append(try Element(from: try container.superDecoder(), format: format))
        }
        self = elements
    }

    public func encode(to encoder: any Encoder, format: DateFormat) throws {
        var container = encoder.unkeyedContainer()
        for element in self { try element.encode(to: container.superEncoder(), format: format) }
    }
}

extension Dictionary: DateCodable where Key == String, Value: DateCodable {
    public init(from decoder: any Decoder, format: DateFormat) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        var values: [String: Value] = [:]
        for key in container.allKeys {
            values[key.stringValue] = try Value(from: try container.superDecoder(forKey: key), format: format)
        }
        self = values
    }

    public func encode(to encoder: any Encoder, format: DateFormat) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in self { try value.encode(to: container.superEncoder(forKey: AnyCodingKey(key)), format: format) }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a value whose dates are written in `format`.
    public func decode<T: DateCodable>(_ type: T.Type, forKey key: Key, format: DateFormat) throws -> T {
        guard contains(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value for \"\(key.stringValue)\"."))
        }
        return try T(from: try superDecoder(forKey: key), format: format)
    }

    /// Decodes a value whose dates are written in `format`, or `nil` when the key is absent or `null`.
    public func decodeIfPresent<T: DateCodable>(_ type: T.Type, forKey key: Key, format: DateFormat) throws -> T? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try T(from: try superDecoder(forKey: key), format: format)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a value with its dates in `format`.
    public mutating func encode<T: DateCodable>(_ value: T, forKey key: Key, format: DateFormat) throws {
        try value.encode(to: superEncoder(forKey: key), format: format)
    }

    /// Encodes a value with its dates in `format`; leaves the key out when the value is `nil`.
    public mutating func encodeIfPresent<T: DateCodable>(_ value: T?, forKey key: Key, format: DateFormat) throws {
        guard let value else { return }
        try value.encode(to: superEncoder(forKey: key), format: format)
    }
}

/// A date parameter (or a list of them) sent in a ``DateFormat``: `request.add(FormattedDate(since,
/// format: .epochSeconds), as: "since", in: .query)`.
public struct FormattedDate<Value: DateCodable>: Encodable, Sendable {
    /// The date, optional date or dates.
    public var value: Value
    /// How they are written.
    public var format: DateFormat

    /// Wraps `value` to be sent in `format`.
    public init(_ value: Value, format: DateFormat) {
        self.value = value
        self.format = format
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, format: format)
    }
}

extension FormattedDate: AnyOptionalMarker {
    /// A `nil` date is left out of the request, like any `nil` parameter.
    var isNone: Bool { OptionalCheck.isNil(value) }
}
