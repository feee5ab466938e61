import APIGenCore
/// A JSON value whose objects keep their keys in order, as the mock server writes and reads them.
public indirect enum JSONValue: Sendable, Equatable {
    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    /// A number as JSON text (`12`, `9.99`), so integers of any size keep their digits.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// The member of an object under `key`, if any.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The compact JSON text.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Writes `text` as a JSON string literal.
    static func writeString(_ text: String, to output: inout String) {
        output += QuotedText.json(text)
    }
}
