/// What a field or param says beyond its type: a default value, a date format, a deprecation.
struct ValueShape: Sendable {
    /// `default:` as written.
    var defaultNode: YAMLNode?
    /// `format:` as written (dates only).
    var format: Located<String>?
    /// `deprecated: true` (empty) or a message.
    var deprecated: String?

    // Filled in by Resolve.

    /// The default as a Swift expression (`30`, `.onSale`, `Date(timeIntervalSince1970: 0)`).
    var defaultLiteral: String?
    /// The date format of the value's dates, when it has dates that are not ISO 8601.
    var dateFormat: DateFormatSpec?
}

/// `additionalFields: JSON` or `{ name, type, description }`.
struct AdditionalFieldsDecl: Sendable {
    /// The member's name; `additionalFields` when not given.
    var name: String
    /// The type of each value.
    var valueType: TypeRef
    var typeLocation: SourceLocation
    var description: String?
    var location: SourceLocation
}

/// A date format as the spec names it.
enum DateFormatSpec: Sendable, Hashable {
    case iso8601, epochSeconds, epochMillis, date
    case pattern(String)

    static let keywords = ["iso8601", "epochSeconds", "epochMillis", "date"]

    /// `epochSeconds` → `.epochSeconds`; other text is a `DateFormatter` pattern, when it looks like one
    /// and is not a keyword spelt otherwise.
    static func parse(_ text: String) -> DateFormatSpec? {
        switch text {
        case "iso8601": return .iso8601
        case "epochSeconds": return .epochSeconds
        case "epochMillis": return .epochMillis
        case "date": return .date
        default:
            // A keyword in another case or with separators (`ISO8601`, `epoch_seconds`) is a misspelt
            // keyword, not a pattern.
            let folded = text.lowercased().filter { $0 != "-" && $0 != "_" }
            if keywords.contains(where: { $0.lowercased() == folded }) { return nil }
            // A word of letters that are not all pattern letters is a misspelt keyword, not a pattern.
            let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHkKmsSAzZOvVXx")
            if text.isEmpty || text.allSatisfy({ $0.isLetter }) && !text.allSatisfy(patternLetters.contains) { return nil }
            return .pattern(text)
        }
    }

    /// The runtime's `DateFormat` expression.
    var swift: String {
        switch self {
        case .iso8601: ".iso8601"
        case .epochSeconds: ".epochSeconds"
        case .epochMillis: ".epochMilliseconds"
        case .date: ".date"
        case .pattern(let pattern): ".pattern(\(SwiftLiteral.string(pattern)))"
        }
    }
}
