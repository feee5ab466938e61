public import Foundation

/// How a date is written on the wire: ISO 8601 text, seconds or milliseconds since 1970, a calendar
/// day, or a `DateFormatter` pattern.
///
/// Generated models and APIs pass the format their spec gives a field or parameter (`format:`, or the
/// service's `defaults.dates`) to the coding helpers of ``DateCodable``; ISO 8601 needs no helper.
public enum DateFormat: Sendable, Hashable {
    /// ISO 8601 text, written with fractional seconds and read with or without them.
    case iso8601
    /// Seconds since 1970-01-01 00:00 UTC as a JSON number; whole seconds are written without a fraction.
    case epochSeconds
    /// Milliseconds since 1970-01-01 00:00 UTC as a whole JSON number.
    case epochMilliseconds
    /// A calendar day `yyyy-MM-dd`, in UTC.
    case date
    /// A `DateFormatter` pattern (`dd.MM.yyyy HH:mm`), in the `en_US_POSIX` locale and UTC unless the
    /// pattern itself has a zone.
    case pattern(String)

    /// A date as it travels: a number or text.
    enum WireValue: Equatable {
        case integer(Int64)
        case number(Double)
        case text(String)
    }

    /// The wire value of `date`.
    func wireValue(_ date: Date) -> WireValue {
        switch self {
        case .iso8601: return .text(ISO8601.format(date))
        case .epochSeconds:
            let seconds = date.timeIntervalSince1970
            return seconds.rounded() == seconds && abs(seconds) < 1e15 ? .integer(Int64(seconds)) : .number(seconds)
        case .epochMilliseconds:
            // A date made in code may lie beyond what whole milliseconds in an Int64 reach.
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            return abs(milliseconds) < 9e18 ? .integer(Int64(milliseconds)) : .number(milliseconds)
        case .date: return .text(date.formatted(Self.dayStyle))
        case .pattern(let pattern): return .text(PatternFormatters.shared.format(date, pattern: pattern))
        }
    }

    /// The text of `date`, for paths, query items, headers and forms.
    public func text(_ date: Date) -> String {
        switch wireValue(date) {
        case .integer(let value): String(value)
        case .number(let value): String(value)
        case .text(let text): text
        }
    }

    /// The date a number means (epoch formats only); `nil` for one no date of the format can be
    /// written back as (not finite, or milliseconds beyond an Int64).
    func date(fromNumber number: Double) -> Date? {
        guard number.isFinite else { return nil }
        switch self {
        case .epochSeconds: return abs(number) < 9e15 ? Date(timeIntervalSince1970: number) : nil
        case .epochMilliseconds: return abs(number) < 9e18 ? Date(timeIntervalSince1970: number / 1000) : nil
        default: return nil
        }
    }

    /// The date a text means; epoch formats also accept their number as text.
    public func date(from text: String) -> Date? {
        switch self {
        case .iso8601: ISO8601.parse(text)
        case .epochSeconds, .epochMilliseconds: Self.decimalNumber(text).flatMap(date(fromNumber:))
        case .date: try? Self.dayStyle.parse(text)
        case .pattern(let pattern): PatternFormatters.shared.date(from: text, pattern: pattern)
        }
    }

    /// `text` as a decimal number (`-12`, `1.5`, `2e3`); `nil` for anything else `Double(_:)` reads
    /// (`0x10`, `nan`, `inf`).
    static func decimalNumber(_ text: String) -> Double? {
        // Only digits, signs, a point and exponents: `Double(_:)` then reads the number or refuses it.
        let allowed = text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): true
            default: false
            }
        }
        return allowed ? Double(text) : nil
    }

    /// What the format expects, for error messages.
    var expectation: String {
        switch self {
        case .iso8601: "an ISO 8601 date"
        case .epochSeconds: "seconds since 1970"
        case .epochMilliseconds: "milliseconds since 1970"
        case .date: "a yyyy-MM-dd date"
        case .pattern(let pattern): "a date in the format \(pattern)"
        }
    }

    /// `yyyy-MM-dd` in UTC; a format style is a value, cheap to keep and to share.
    private static let dayStyle = Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current).year().month().day()
}

/// One `DateFormatter` per pattern, made once: formatters are expensive to create. They are used under
/// a lock, as `DateFormatter` is not `Sendable`.
final class PatternFormatters: Sendable {
    static let shared = PatternFormatters()

    private let formatters = Locked<[String: DateFormatter]>([:])

    func format(_ date: Date, pattern: String) -> String {
        formatters.withLock { Self.formatter(pattern, in: &$0).string(from: date) }
    }

    func date(from text: String, pattern: String) -> Date? {
        formatters.withLock { Self.formatter(pattern, in: &$0).date(from: text) }
    }

    private static func formatter(_ pattern: String, in cache: inout [String: DateFormatter]) -> DateFormatter {
        if let formatter = cache[pattern] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        cache[pattern] = formatter
        return formatter
    }
}
