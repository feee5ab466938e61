import Foundation

extension HTTPHeaders {
    /// The value of the header `name` as `type`: text, a whole or decimal number, `true`/`false`, a URL,
    /// a date (HTTP date or ISO 8601), a `String` or `Int` enum, or an optional of one of these, which is
    /// `nil` when the header is absent.
    ///
    /// Generated parsers use it for the response headers an API declares:
    ///
    /// ```swift
    /// let remaining = try response.headers.decode(Int.self, named: "X-RateLimit-Remaining")
    /// ```
    ///
    /// - Throws: ``InteractiveError/decoding(path:message:snippet:)`` with the path `header <name>`
    ///   when a required header is missing or its value is not a `type`.
    public func decode<T: Decodable>(_ type: T.Type, named name: String) throws(InteractiveError) -> T {
        let value = self[name]
        do {
            return try HeaderValueDecoder(text: value).decode(type)
        } catch let failure as HeaderValueDecoder.Failure {
            throw .decoding(path: "header \(name)", message: failure.message, snippet: value ?? "<absent>")
        } catch {
            throw .decoding(path: "header \(name)", message: "\(error)", snippet: value ?? "<absent>")
        }
    }
}

/// Decodes one header value: a `Decoder` with a single value, so enums and optionals decode as they
/// do from JSON.
struct HeaderValueDecoder: Decoder, SingleValueDecodingContainer {
    struct Failure: Error {
        var message: String
    }

    /// The header's value; `nil` when it is absent.
    let text: String?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is Date.Type:
            let text = try required("a date")
            guard let date = ISO8601.parse(text) ?? HTTPDate.parse(text) else { throw Failure(message: "expected an HTTP or ISO 8601 date") }
            return try cast(date)
        case is URL.Type:
            guard let url = URL(string: try required("a URL")) else { throw Failure(message: "expected a URL") }
            return try cast(url)
        case is Decimal.Type:
            guard let number = Decimal(string: try required("a number"), locale: Locale(identifier: "en_US_POSIX")) else { throw Failure(message: "expected a number") }
            return try cast(number)
        default:
            return try T(from: self)
        }
    }

    private func cast<T, Value>(_ value: Value) throws -> T {
        guard let result = value as? T else { throw Failure(message: "cannot produce \(T.self)") }
        return result
    }

    private func required(_ what: String) throws -> String {
        guard let text else { throw Failure(message: "missing header; expected \(what)") }
        return text.trimmingCharacters(in: .whitespaces)
    }

    private func number<N: LosslessStringConvertible>(_ type: N.Type) throws -> N {
        guard let number = N(try required("\(N.self)")) else { throw Failure(message: "expected \(N.self)") }
        return number
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw Failure(message: "a header value is not an object")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw Failure(message: "a header value is not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { text == nil }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch try required("true or false").lowercased() {
        case "true": return true
        case "false": return false
        default: throw Failure(message: "expected true or false")
        }
    }

    func decode(_ type: String.Type) throws -> String { try required("text") }
    func decode(_ type: Double.Type) throws -> Double { try number(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try number(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try number(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try number(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try number(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try number(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try number(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try number(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number(UInt64.self) }
}

/// RFC 9110's preferred date format, `Sun, 06 Nov 1994 08:49:37 GMT`, as `Last-Modified` and
/// `Expires` carry it.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
