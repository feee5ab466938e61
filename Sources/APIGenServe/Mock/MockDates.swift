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
            return formatters.withLock { $0.iso8601(fractional: false).date(from: text) != nil || $0.iso8601(fractional: true).date(from: text) != nil }
        case "epochSeconds"?: return Double(text) != nil
        case "epochMillis"?: return Int64(text) != nil
        case "date"?: return formatters.withLock { $0.pattern("yyyy-MM-dd").date(from: text) != nil }
        case let pattern?: return formatters.withLock { $0.pattern(pattern).date(from: text) != nil }
        }
    }

    private static func text(_ date: Date, pattern: String) -> String {
        formatters.withLock { $0.pattern(pattern).string(from: date) }
    }

    /// Formatters made once per pattern (making one costs more than using it many times: a server
    /// of a thousand APIs made tens of thousands at start), used under the lock, as Foundation's
    /// formatters are not safe to share between threads.
    private static let formatters = Locked(Formatters())

    private struct Formatters {
        private var byPattern: [String: DateFormatter] = [:]
        private var plainISO8601: ISO8601DateFormatter?
        private var fractionalISO8601: ISO8601DateFormatter?

        mutating func pattern(_ pattern: String) -> DateFormatter {
            if let made = byPattern[pattern] { return made }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            byPattern[pattern] = formatter
            return formatter
        }

        mutating func iso8601(fractional: Bool) -> ISO8601DateFormatter {
            if let made = fractional ? fractionalISO8601 : plainISO8601 { return made }
            let formatter = ISO8601DateFormatter()
            if fractional {
                formatter.formatOptions.insert(.withFractionalSeconds)
                fractionalISO8601 = formatter
            } else {
                plainISO8601 = formatter
            }
            return formatter
        }
    }
}
