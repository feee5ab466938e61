import Foundation

/// Checks date values of mocks and defaults against their format, as the runtime will read them.
enum DateCheck {
    /// The date a YAML value means in `format`, or `nil` when it is not such a date.
    static func date(for node: YAMLNode, format: DateFormatSpec) -> Date? {
        switch (format, node.scalarValue) {
        case (.epochSeconds, .int(let text)?), (.epochSeconds, .float(let text)?):
            return Double(text).flatMap { $0.isFinite ? Date(timeIntervalSince1970: $0) : nil }
        case (.epochMillis, .int(let text)?):
            return Int64(text).map { Date(timeIntervalSince1970: Double($0) / 1000) }
        case (.iso8601, .string(let text)?):
            return (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)) ?? (try? Date.ISO8601FormatStyle().parse(text))
        case (.date, .string(let text)?):
            return try? dayStyle.parse(text)
        case (.pattern(let pattern), .string(let text)?):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(secondsFromGMT: 0)
            formatter.dateFormat = pattern
            return formatter.date(from: text)
        default:
            return nil
        }
    }

    /// The value's JSON text when it is a date in `format`.
    static func json(for node: YAMLNode, format: DateFormatSpec) -> String? {
        guard date(for: node, format: format) != nil else { return nil }
        switch node.scalarValue {
        case .int(let text)?, .float(let text)?: return JSONText.number(text)
        case .string(let text)?: return QuotedText.json(text)
        default: return nil
        }
    }

    /// What a format expects, for messages.
    static func expectation(_ format: DateFormatSpec) -> String {
        switch format {
        case .iso8601: "an ISO 8601 date"
        case .epochSeconds: "a number of seconds since 1970 (epochSeconds)"
        case .epochMillis: "a whole number of milliseconds since 1970 (epochMillis)"
        case .date: "a date yyyy-MM-dd"
        case .pattern(let pattern): "a date in the format '\(pattern)'"
        }
    }

    private static let dayStyle = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current).year().month().day()
}
