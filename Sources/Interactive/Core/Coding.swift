public import Foundation

/// The JSON coders every part of the runtime shares, so models, mocks and bodies agree on formats:
/// dates are ISO 8601 (with or without fractional seconds), `Data` is base64, keys are sorted.
public enum InteractiveCoding {
    /// A new encoder with the shared settings.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ISO8601.format(date))
        }
        return encoder
    }

    /// A new decoder with the shared settings.
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                // The text is left out: error messages never carry the body's values.
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected an ISO 8601 date (\(text.count) characters found).")
            }
            return date
        }
        return decoder
    }

    /// Decodes `type` from `data`, turning any failure into ``InteractiveError/decoding(path:message:snippet:)``.
    ///
    /// - Parameter decoder: The decoder to use; by default one shared decoder with the settings of
    ///   ``makeDecoder()`` (building a decoder per call cost more than decoding a small body).
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, decoder: JSONDecoder? = nil) throws(InteractiveError) -> T {
        do {
            return try (decoder ?? SharedDecoders.plain.decoder).decode(type, from: data)
        } catch let error as DecodingError {
            throw DecodingFailure.describe(error, body: data)
        } catch let error as InteractiveError {
            throw error
        } catch {
            throw .decoding(path: "", message: "\(error)", snippet: BodySnippet.make(data))
        }
    }
}

/// ISO 8601 formatting and lenient parsing.
enum ISO8601 {
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        return try? Date.ISO8601FormatStyle().parse(text)
    }
}

/// Turns `DecodingError` into the runtime's error with a readable coding path.
enum DecodingFailure {
    static func describe(_ error: DecodingError, body: Data) -> InteractiveError {
        let snippet = BodySnippet.make(body)
        switch error {
        case .typeMismatch(let type, let context):
            return .decoding(path: path(context.codingPath), message: "expected \(type): \(context.debugDescription)", snippet: snippet)
        case .valueNotFound(let type, let context):
            return .decoding(path: path(context.codingPath), message: "missing \(type) value: \(context.debugDescription)", snippet: snippet)
        case .keyNotFound(let key, let context):
            return .decoding(path: path(context.codingPath + [key]), message: "missing key \"\(key.stringValue)\"", snippet: snippet)
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, isValidJSON(body) {
                // swift-foundation reports a number its field's type cannot hold (`1.5` or `1e30` for an
                // `Int`) as "not valid JSON", without a path; the body is valid JSON, so say what it is.
                return .decoding(path: "", message: numberOutOfTypeMessage, snippet: snippet)
            }
            return .decoding(path: path(context.codingPath), message: withoutValues(context.debugDescription), snippet: snippet)
        @unknown default:
            return .decoding(path: "", message: "\(error)", snippet: snippet)
        }
    }

    /// What a body that is valid JSON yet "corrupted" without a coding path means.
    static let numberOutOfTypeMessage =
        "a number does not fit its field's type (a fraction or an out-of-range value for an integer field); the decoder names no field"

    static func isValidJSON(_ body: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])) != nil
    }

    /// Foundation's corruption messages without the body value some of them quote: `Cannot initialize
    /// Role from invalid String value <the value>` and `Parsed JSON number <the number> does not fit…`.
    static func withoutValues(_ message: String) -> String {
        if message.hasPrefix("Cannot initialize "), let value = message.range(of: " value ") {
            return String(message[..<value.lowerBound]) + " value"
        }
        if let open = message.firstIndex(of: "<"), let close = message[open...].firstIndex(of: ">") {
            return String(message[..<open]) + "<…>" + withoutValues(String(message[message.index(after: close)...]))
        }
        return message
    }

    /// `items[2].price` style path.
    static func path(_ keys: [any CodingKey]) -> String {
        var result = ""
        for key in keys {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return result
    }
}
