import Foundation

/// Checks a spec's `mock` against the API's response type and turns it into canonical JSON text.
struct MockChecker {
    let models: [String: ModelDecl]
    var diagnostics = Diagnostics()
    /// The API whose mock is checked, for messages.
    var api = ""
    /// What is checked when it is not a mock (`default of field 'x' of model 'Y'`).
    var subjectOverride: String?
    /// How the dates of the value being checked are written.
    var dateFormat: DateFormatSpec = .iso8601
    /// The untagged sums being tried on a value (by model and the value's place): a sum reached
    /// again on the same value is a loop.
    var sumsTried: Set<String> = []

    /// `mock of api 'Login'` or `mock of api 'Login' at 'user.id'`.
    func subject(_ path: String) -> String {
        let what = subjectOverride ?? "mock of api '\(api)'"
        return path.isEmpty ? what : "\(what) at '\(path)'"
    }

    private func child(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    /// The JSON text of `node` when it matches `type`; reports every mismatch with its path.
    mutating func json(for node: YAMLNode, as type: TypeRef, api: String) -> String? {
        let before = diagnostics.all.count
        self.api = api
        let text = check(node, type, path: "")
        return diagnostics.all.count == before ? text : nil
    }

    /// JSON text for a mock of a text or binary response.
    mutating func rawJSON(for node: YAMLNode, binary: Bool, api: String) -> String? {
        guard case .string(let text) = node.scalarValue else {
            diagnostics.error("mock of api '\(api)' must be a string, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if binary, Data(base64Encoded: text) == nil {
            diagnostics.error("mock of api '\(api)' must be base64 text for a binary response", at: node.location)
            return nil
        }
        return QuotedText.json(text)
    }

    mutating func check(_ node: YAMLNode, _ type: TypeRef, path: String) -> String {
        switch type {
        case .optional(let wrapped):
            if case .null = node.scalarValue { return "null" }
            return check(node, wrapped, path: path)
        case .array(let element):
            guard let elements = node.elements else { return mismatch(node, "a list", path) }
            return "[" + elements.enumerated().map { check($0.element, element, path: "\(path.isEmpty ? "" : path)[\($0.offset)]") }.joined(separator: ",") + "]"
        case .dictionary(let value):
            guard let pairs = node.pairs else { return mismatch(node, "a mapping", path) }
            return "{" + pairs.map { QuotedText.json($0.name) + ":" + check($0.value, value, path: child(path, $0.name)) }.joined(separator: ",") + "}"
        case .named(let name):
            if let model = models[name] { return checkModel(node, model, path: path) }
            // An unknown type is reported where it is used; a mock cannot be held against it.
            guard BuiltinType.isBuiltin(name) else { return "null" }
            return checkBuiltin(node, name, path: path)
        }
    }

    private mutating func checkModel(_ node: YAMLNode, _ model: ModelDecl, path: String) -> String {
        switch model.kind {
        case .enumeration(let enumeration):
            let value: String?
            switch (enumeration.rawType, node.scalarValue) {
            case (.string, .string(let text)?):
                value = enumeration.allowsUnknown || enumeration.cases.contains { $0.rawValue == text } ? QuotedText.json(text) : nil
            case (.int, .int(let text)?):
                // Raw values are stored as numbers (`01` and `+1` are `1`), and so is the JSON written.
                let number = Int(text).map(String.init)
                if enumeration.allowsUnknown, let number { return number }
                value = enumeration.cases.contains { $0.rawValue == number } ? number : nil
            default: value = nil
            }
            guard let value else {
                let found = node.text.map { "'\($0)'" } ?? node.kindDescription
                if enumeration.allowsUnknown {
                    // Any value of the raw type is allowed, listed or not.
                    let kind = enumeration.rawType == .int ? "a whole number" : "a string"
                    diagnostics.error("\(subject(path)) must be \(kind) (\(model.name) is an open enum: unlisted values are allowed), found \(found)", at: node.location)
                    return "null"
                }
                let cases = enumeration.cases.map(\.rawValue).joined(separator: ", ")
                diagnostics.error("\(subject(path)) must be one of \(cases) (\(model.name)), found \(node.text.map { "'\($0)'" } ?? node.kindDescription)", at: node.location)
                return "null"
            }
            return value
        case .object(let fields):
            guard let pairs = node.pairs else { return mismatch(node, "a mapping (\(model.name))", path) }
            return object(pairs, fields: fields, owner: model.name, node: node, path: path, additionalFields: model.additionalFields)
        case .sum(let sum):
            return checkSum(node, sum, model: model, path: path)
        }
    }

    /// Checks an object's members against fields, by JSON key.
    mutating func object(
        _ pairs: [YAMLNode.Pair], fields: [FieldDecl], owner: String, node: YAMLNode, path: String, api: String? = nil,
        additionalFields: AdditionalFieldsDecl? = nil
    ) -> String {
        if let api { self.api = api }
        var members: [String] = []
        let outerFormat = dateFormat
        defer { dateFormat = outerFormat }
        for pair in pairs {
            guard let field = fields.first(where: { $0.key == pair.name }) else {
                if let additionalFields {
                    // Undeclared members are plain `Codable`: their dates are ISO 8601.
                    dateFormat = .iso8601
                    members.append(QuotedText.json(pair.name) + ":" + check(pair.value, additionalFields.valueType, path: child(path, pair.name)))
                    continue
                }
                let keys = fields.map(\.key)
                diagnostics.error("\(subject(path)) has unknown field '\(pair.name)' for \(owner)\(Suggestion.hint(for: pair.name, in: keys))", at: pair.key.location)
                continue
            }
            dateFormat = field.shape.dateFormat ?? .iso8601
            members.append(QuotedText.json(field.key) + ":" + check(pair.value, field.type, path: child(path, pair.name)))
        }
        // A field with a default may be absent: the default is used.
        for field in fields where !field.type.isOptional && field.shape.defaultNode == nil && !pairs.contains(where: { $0.name == field.key }) {
            diagnostics.error("\(subject(path)) is missing required field '\(field.key)' of \(owner)", at: node.location)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    private mutating func checkBuiltin(_ node: YAMLNode, _ name: String, path: String) -> String {
        let value = node.scalarValue
        switch (name, value) {
        case ("String", .string(let text)?): return QuotedText.json(text)
        case ("Int", .int(let text)?), ("Int64", .int(let text)?):
            if let value = Int64(text) { return String(value) }
            return outOfRange(node, name, text, path)
        case ("Int32", .int(let text)?):
            if let value = Int32(text) { return String(value) }
            return outOfRange(node, name, text, path)
        case ("Double", .int(let text)?), ("Double", .float(let text)?):
            if let json = JSONText.number(text), JSONText.decodes(json, as: Double.self) { return json }
            return outOfRange(node, name, text, path)
        case ("Decimal", .int(let text)?), ("Decimal", .float(let text)?):
            if let json = JSONText.number(text), JSONText.decodes(json, as: Decimal.self) { return json }
            return outOfRange(node, name, text, path)
        case ("Float", .int(let text)?), ("Float", .float(let text)?):
            if let json = JSONText.number(text), JSONText.decodes(json, as: Float.self) { return json }
            return outOfRange(node, name, text, path)
        case ("Bool", .bool(let flag)?): return flag ? "true" : "false"
        case ("Date", _):
            if let json = DateCheck.json(for: node, format: dateFormat) { return json }
            diagnostics.error("\(subject(path)) must be \(DateCheck.expectation(dateFormat)), found \(node.text.map { "'\($0)'" } ?? node.kindDescription)", at: node.location)
            return "null"
        case ("UUID", .string(let text)?):
            if UUID(uuidString: text) != nil { return QuotedText.json(text) }
            diagnostics.error("\(subject(path)) must be a UUID, found '\(text)'", at: node.location)
            return "null"
        case ("URL", .string(let text)?):
            if URL(string: text) != nil { return QuotedText.json(text) }
            diagnostics.error("\(subject(path)) must be a URL, found '\(text)'", at: node.location)
            return "null"
        case ("Data", .string(let text)?):
            if Data(base64Encoded: text) != nil { return QuotedText.json(text) }
            diagnostics.error("\(subject(path)) must be base64 text, found '\(text)'", at: node.location)
            return "null"
        case ("JSON", _): return anyJSON(node)
        default: break
        }
        return mismatch(node, EnglishArticle.before(name), path)
    }

    func anyJSON(_ node: YAMLNode) -> String {
        switch node.kind {
        case .sequence(let elements): return "[" + elements.map(anyJSON).joined(separator: ",") + "]"
        case .mapping(let pairs): return "{" + pairs.map { QuotedText.json($0.name) + ":" + anyJSON($0.value) }.joined(separator: ",") + "}"
        case .scalar:
            switch node.scalarValue {
            case .null?, nil: return "null"
            case .bool(let flag)?: return flag ? "true" : "false"
            case .int(let text)?, .float(let text)?: return JSONText.number(text) ?? "null"
            case .string(let text)?: return QuotedText.json(text)
            }
        }
    }

    private mutating func outOfRange(_ node: YAMLNode, _ name: String, _ text: String, _ path: String) -> String {
        diagnostics.error("\(subject(path)) must be \(EnglishArticle.before(name)), found \(text), which is out of its range", at: node.location)
        return "null"
    }

    mutating func mismatch(_ node: YAMLNode, _ expected: String, _ path: String) -> String {
        diagnostics.error("\(subject(path)) must be \(expected), found \(node.kindDescription)", at: node.location)
        return "null"
    }
}

/// JSON text helpers.
enum JSONText {
    /// A YAML number as JSON: as written when JSON allows it (`-1.5e3`), else the value's shortest
    /// form (`+3` → `3`, `.5` → `0.5`); `nil` when it is not a finite number.
    static func number(_ text: String) -> String? {
        guard let value = Double(text), value.isFinite else { return nil }
        if isJSONNumber(text) { return text }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// Whether Foundation's `JSONDecoder`, which the runtime decodes mocks and responses with, reads
    /// the JSON number as `type`. Its limits are not the type's range: `1e-46` underflows `Float`
    /// and fails, `Decimal` takes exponents from -128 to 127 as written (`1e128` fails, though
    /// `Decimal` can hold 1e165), and `0e-200` fails as `Decimal`. So the decoder itself decides.
    static func decodes<T: Decodable>(_ json: String, as type: T.Type) -> Bool {
        (try? JSONDecoder().decode([T].self, from: Data("[\(json)]".utf8))) != nil
    }

    /// Whether `text` is a number as JSON's grammar writes one:
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix { (0x30...0x39).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == 0x2D { bytes = bytes.dropFirst() }  // -
        if bytes.first == 0x30 { bytes = bytes.dropFirst() } else if digits() == 0 { return false }
        if bytes.first == 0x2E {  // .
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == 0x65 || bytes.first == 0x45 {  // e E
            bytes = bytes.dropFirst()
            if bytes.first == 0x2B || bytes.first == 0x2D { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

}
