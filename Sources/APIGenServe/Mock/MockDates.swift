import Foundation

/// Dates as the spec's formats write them (docs/spec-format.md, Dates).
enum MockDates {
    /// `seconds` written in `format`: `nil` or `iso8601` (ISO 8601 text), `epochSeconds`,
    /// `epochMillis`, `date`, or a `DateFormatter` pattern (en_US_POSIX, UTC).
    static func value(secondsSince1970 seconds: Double, format: String?) -> JSONValue {
        let date = Date(timeIntervalSince1970: seconds)
        switch format {
        case nil, "iso8601"?: return .string(text(date, pattern: "yyyy-MM-dd'T'HH:mm:ss'Z'"))
        case "epochSeconds"?: return .number(String(Int64(seconds)))
        case "epochMillis"?: return .number(String(Int64(seconds) * 1_000))
        case "date"?: return .string(text(date, pattern: "yyyy-MM-dd"))
        case let pattern?: return .string(text(date, pattern: pattern))
        }
    }

    /// Whether `text` reads as a date in `format` (a number for the epoch formats).
    static func accepts(_ text: String, format: String?) -> Bool {
        switch format {
        case nil, "iso8601"?:
            let plain = ISO8601DateFormatter()
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions.insert(.withFractionalSeconds)
            return plain.date(from: text) != nil || fractional.date(from: text) != nil
        case "epochSeconds"?: return Double(text) != nil
        case "epochMillis"?: return Int64(text) != nil
        case "date"?: return formatter("yyyy-MM-dd").date(from: text) != nil
        case let pattern?: return formatter(pattern).date(from: text) != nil
        }
    }

    private static func text(_ date: Date, pattern: String) -> String {
        formatter(pattern).string(from: date)
    }

    private static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}
