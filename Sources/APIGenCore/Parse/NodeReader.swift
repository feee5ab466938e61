import Foundation

/// Small checked reads of ``YAMLNode`` values that report what is wrong and where.
struct NodeReader {
    var diagnostics = Diagnostics()
    /// The type expressions read so far: a spec file writes the same few (`String`, `Int?`) for most
    /// of its fields and params, and looking one up costs less than parsing it again.
    private var parsedTypes: [String: TypeRef] = [:]

    /// The pairs of a mapping, after reporting keys not in `allowed` (with a suggestion).
    /// Keys starting with `x-` are allowed as extension data unless `extensions` is false.
    mutating func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String, allowed: [String], required: [String] = [], extensions: Bool = true) -> [YAMLNode.Pair]? {
        guard let pairs = node.pairs else {
            diagnostics.error("\(what()) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        for pair in pairs where !allowed.contains(pair.name) && !(extensions && pair.name.hasPrefix("x-")) {
            diagnostics.error("unknown key '\(pair.name)' in \(what())\(Suggestion.hint(for: pair.name, in: allowed))", at: pair.key.location)
        }
        for key in required where !pairs.contains(where: { $0.name == key }) {
            diagnostics.error("missing required key '\(key)' in \(what())", at: node.location)
        }
        return pairs
    }

    /// A string scalar; numbers and booleans are accepted as their text when `lenient`.
    mutating func string(_ node: YAMLNode, _ what: @autoclosure () -> String, lenient: Bool = false) -> String? {
        switch node.scalarValue {
        case .string(let text): return text
        case .int(let text) where lenient, .float(let text) where lenient: return text
        case .bool(let value) where lenient: return value ? "true" : "false"
        default:
            diagnostics.error("\(what()) must be a string, found \(node.kindDescription)", at: node.location)
            return nil
        }
    }

    /// A string scalar that is not empty; `hint` follows the "must not be empty" message.
    mutating func nonEmptyString(_ node: YAMLNode, _ what: @autoclosure () -> String, hint: String = "") -> String? {
        guard let text = string(node, what()) else { return nil }
        guard !text.isEmpty else {
            diagnostics.error("\(what()) must not be empty\(hint)", at: node.location)
            return nil
        }
        return text
    }

    /// A `true`/`false` scalar.
    mutating func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        if case .bool(let value) = node.scalarValue { return value }
        diagnostics.error("\(what()) must be true or false, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// The most seconds a timeout or backoff may be: a day. Larger values are mistakes, and past
    /// about 10^11 seconds they no longer fit a `Duration`, which would crash the app at run time.
    static let longestWait: Double = 86_400

    /// A number of seconds greater than 0 and at most `limit`.
    mutating func positiveNumber(_ node: YAMLNode, _ what: @autoclosure () -> String, atMost limit: Double = longestWait) -> Double? {
        switch node.scalarValue {
        case .int(let text), .float(let text):
            guard let value = Double(text), value > 0 else {
                diagnostics.error("\(what()) must be greater than 0, found \(text)", at: node.location)
                return nil
            }
            if value <= limit { return value }
            diagnostics.error("\(what()) must be at most \(SwiftLiteral.number(limit)) seconds, found \(text)", at: node.location)
        default:
            diagnostics.error("\(what()) must be a number, found \(node.kindDescription)", at: node.location)
        }
        return nil
    }

    /// A whole number in a range.
    mutating func integer(_ node: YAMLNode, _ what: @autoclosure () -> String, in range: ClosedRange<Int>) -> Int? {
        if case .int(let text) = node.scalarValue {
            if let value = Int(text), range.contains(value) { return value }
            // Too large for an Int is out of the range too, not "not a whole number".
            diagnostics.error("\(what()) must be between \(range.lowerBound) and \(range.upperBound), found \(text)", at: node.location)
            return nil
        }
        diagnostics.error("\(what()) must be a whole number, found \(node.kindDescription)", at: node.location)
        return nil
    }

    /// A list of scalars as text (a single scalar counts as a list of one).
    mutating func scalarList(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [String]? {
        let elements = node.elements ?? [node]
        var result: [String] = []
        for element in elements {
            guard let text = string(element, "each entry of \(what())", lenient: true) else { return nil }
            result.append(text)
        }
        return result
    }

    /// A mapping of names to scalar texts (headers, query params).
    mutating func stringMap(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [(String, String)] {
        guard let pairs = node.pairs else {
            diagnostics.error("\(what()) must be a mapping, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { pair in
            string(pair.value, "\(what()) '\(pair.name)'", lenient: true).map { (pair.name, $0) }
        }
    }

    /// A type expression.
    mutating func type(_ node: YAMLNode, _ what: @autoclosure () -> String) -> TypeRef? {
        guard let text = string(node, what()) else { return nil }
        if let parsed = parsedTypes[text] { return parsed }
        switch TypeParser.parse(text) {
        case .success(let type):
            parsedTypes[text] = type
            return type
        case .failure(let failure):
            diagnostics.error(failure.message, at: node.location)
            return nil
        }
    }

    /// A description: trimmed, `nil` when empty.
    mutating func description(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard let text = string(node, "description of \(what())", lenient: true) else { return nil }
        let trimmed = Self.trimmingWhitespace(text)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// `text` without the white space and line breaks around it, as Foundation's
    /// `whitespacesAndNewlines` trims them (Unicode's White_Space and U+200B, a space in Unicode's
    /// early versions), without Foundation's copy through `NSString`.
    static func trimmingWhitespace(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, isPlainByte(first), isPlainByte(last) { return text }
        let scalars = text.unicodeScalars
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace || scalar == "\u{200B}" }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(scalars[start...end])
    }

    /// An ASCII byte that is not white space: text that starts and ends with one needs no trimming.
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x80
    }
}
