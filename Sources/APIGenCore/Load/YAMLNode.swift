/// A YAML value with the place it was written, so every later stage can point at it.
struct YAMLNode: Sendable {
    /// The value's shape.
    enum Kind: Sendable {
        /// A scalar's text; `isQuoted` when written in quotes or as a block scalar (always a string).
        case scalar(String, isQuoted: Bool)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// A key and its value, in written order.
    struct Pair: Sendable {
        var key: YAMLNode
        var value: YAMLNode
        /// The key's text.
        var name: String { key.text ?? "" }
    }

    var kind: Kind
    var location: SourceLocation

    /// The scalar's text, or `nil` for a sequence or mapping.
    var text: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// The mapping's pairs, or `nil`.
    var pairs: [Pair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The sequence's elements, or `nil`.
    var elements: [YAMLNode]? {
        if case .sequence(let elements) = kind { return elements }
        return nil
    }

    /// The value of `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.name == key }?.value
    }

    /// What a plain scalar means under the YAML core schema; quoted scalars are always strings.
    var scalarValue: ScalarValue? {
        guard case .scalar(let text, let isQuoted) = kind else { return nil }
        return isQuoted ? .string(text) : ScalarValue.resolve(plain: text)
    }

    /// A word for the kind of node, for messages: "a mapping", "a list", "a string", …
    var kindDescription: String {
        switch kind {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: scalarValue?.kindDescription ?? "a scalar"
        }
    }
}

/// The meaning of a scalar under the YAML 1.2 core schema.
enum ScalarValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(String)
    case float(String)
    case string(String)

    static func resolve(plain text: String) -> ScalarValue {
        // Only a text that starts with one of these can be anything but a string; most spec texts
        // (names, types, paths) are decided by their first byte.
        guard let first = text.utf8.first else { return .null }
        if keywordStarts.contains(first) {
            switch text {
            case "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(text)
            }
        }
        guard numberStarts.contains(first) else { return .string(text) }
        if isInteger(text) { return .int(text) }
        if isFloat(text) { return .float(text) }
        return .string(text)
    }

    private static let keywordStarts: Set<UInt8> = Set("~nNtTfF".utf8)
    private static let numberStarts: Set<UInt8> = Set("0123456789-+.".utf8)
    private static let digits: Set<UInt8> = Set("0123456789".utf8)
    private static let floatMarks: Set<UInt8> = Set(".eE".utf8)

    private static func isInteger(_ text: String) -> Bool {
        var rest = Substring(text).utf8
        if let sign = rest.first, sign == 0x2D || sign == 0x2B { rest = rest.dropFirst() }  // - or +
        return !rest.isEmpty && rest.allSatisfy(digits.contains)
    }

    private static func isFloat(_ text: String) -> Bool {
        text.utf8.contains(where: floatMarks.contains) && Double(text) != nil
    }

    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .float: "a number"
        case .string: "a string"
        }
    }
}
