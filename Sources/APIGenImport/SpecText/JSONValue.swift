import APIGenCore
import Foundation

/// A member of a JSON object.
struct JSONMember: Sendable, Hashable {
    var key: String
    var value: JSONValue
}

/// A JSON value whose objects keep their members in order: the order of the document they came
/// from, or sorted when the source has none (a Foundation dictionary), so that the text is the same
/// every run.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// Converts a value from `JSONSerialization`, Yams or OpenAPIKit's `AnyCodable`; `nil` for a
    /// value JSON cannot hold.
    init?(any value: Any?) {
        if let value, type(of: value) == Bool.self, let flag = value as? Bool {
            self = .bool(flag)
            return
        }
        if let number = value as? NSNumber, type(of: value as Any) != Int.self, type(of: value as Any) != Double.self {
            // `JSONSerialization` gives NSNumber: a Boolean is one whose type code is `c`.
            if number.isJSONBoolean {
                self = .bool(number.boolValue)
                return
            }
            // Whole numbers keep every digit (`9223372036854775807`, not `9.223372036854776e+18`).
            switch String(cString: number.objCType) {
            case "d", "f": self = .number(Self.text(of: number.doubleValue))
            default: self = .number(number.stringValue)
            }
            return
        }
        switch value {
        case nil, is NSNull: self = .null
        case let value as String: self = .string(value)
        case let value as Int: self = .number(String(value))
        case let value as Int64: self = .number(String(value))
        case let value as UInt64: self = .number(String(value))
        case let value as Double:
            guard value.isFinite else { return nil }
            self = .number(Self.text(of: value))
        case let value as Decimal: self = .number("\(value)")
        case let values as [Any?]:
            var items: [JSONValue] = []
            for item in values {
                guard let converted = JSONValue(any: item) else { return nil }
                items.append(converted)
            }
            self = .array(items)
        case let values as [String: Any?]:
            var object: [JSONMember] = []
            for key in values.keys.sorted() {
                guard let converted = JSONValue(any: values[key] ?? nil) else { return nil }
                object.append(JSONMember(key: key, value: converted))
            }
            self = .object(object)
        default:
            // AnyCodable and other wrappers expose their content as `value`.
            let mirror = Mirror(reflecting: value as Any)
            if let inner = mirror.children.first(where: { $0.label == "value" })?.value {
                self.init(any: inner)
            } else {
                return nil
            }
        }
    }

    /// A floating-point number's text: a whole number within `Int64` as digits (`1000000000000000`,
    /// which an `Int` default accepts), anything else as Swift prints it (`4.5`, `1e+300`).
    private static func text(of value: Double) -> String {
        if value == value.rounded(), abs(value) < 9.2e18 { return String(Int64(value)) }
        return String(value)
    }

    /// A string's text; `nil` for anything else.
    var stringText: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number's or a Boolean's text (`3`, `4.1`, `true`); `nil` for anything else.
    var scalarText: String? {
        switch self {
        case .number(let text): text
        case .bool(let flag): String(flag)
        default: nil
        }
    }

    /// The value as one line of JSON, object keys sorted; strings escaped so that YAML reads the
    /// same text (YAML's double-quoted style is a superset of JSON's).
    var jsonText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): YAMLText.doubleQuoted(text)
        case .array(let items): "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
        case .object(let object):
            "{" + object.map { YAMLText.doubleQuoted($0.key) + ": " + $0.value.jsonText }.joined(separator: ", ") + "}"
        }
    }

    /// The value as JSON text for a JSON decoder, members in their order (Foundation's own writer
    /// would put them in hash order).
    var jsonData: Data {
        var text = ""
        write(to: &text)
        return Data(text.utf8)
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let number): text += number
        case .string(let string): text += QuotedText.json(string)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += "," }
                item.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += QuotedText.json(member.key) + ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// The value as Foundation objects, for `JSONSerialization` and encoders.
    var foundationValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): value
        case .number(let text): Int64(text).map { $0 as Any } ?? (Double(text) ?? 0) as Any
        case .string(let text): text
        case .array(let items): items.map(\.foundationValue)
        case .object(let object): Dictionary(object.map { ($0.key, $0.value.foundationValue) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension NSNumber {
    /// Whether `JSONSerialization` made this number of a Boolean (type code `c`).
    var isJSONBoolean: Bool { String(cString: objCType) == "c" }
}
