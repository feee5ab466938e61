import APIGenCore
import Foundation

/// Checks values against spec types: text (path, query, header and form values) and JSON (bodies).
/// A problem is a short phrase (`expected Int64, got "abc"`) the caller puts after the param's name.
struct ValueCheck {
    let models: ModelLookup

    // MARK: Text

    /// The problem with a text value of `type`, or `nil`.
    func text(_ text: String, type: TypeExpression, format: String?) -> String? {
        switch type {
        case .optional(let wrapped):
            return self.text(text, type: wrapped, format: format)
        case .array(let element):
            return self.text(text, type: element, format: format)
        case .dictionary:
            return jsonText(text, type: type, format: format)
        case .named(let name):
            if let model = models[name] {
                switch model.kind {
                case .enumeration(let cases, let isInteger, let open):
                    return enumProblem(text, cases: cases.map(\.value), isInteger: isInteger, open: open)
                case .object, .sum:
                    return jsonText(text, type: type, format: format)
                }
            }
            return scalarText(text, builtin: name, format: format)
        }
    }

    private func jsonText(_ text: String, type: TypeExpression, format: String?) -> String? {
        guard let value = try? JSONValue(parsing: text) else { return "expected \(type.spelled) as JSON text, got \(Self.quoted(text))" }
        return json(value, type: type, format: format, path: "")
    }

    private func scalarText(_ text: String, builtin: String, format: String?) -> String? {
        let valid: Bool
        switch builtin {
        case "Int", "Int64": valid = Int64(text) != nil
        case "Int32": valid = Int32(text) != nil
        // A decimal number as JSON writes one, in range: `Double(_:)` also reads `nan`, `inf`,
        // `0x10`, and `1e400` as infinity.
        case "Double", "Float", "Decimal":
            let isNumber = (try? JSONValue(parsing: text)).map { if case .number = $0 { true } else { false } } ?? false
            valid = isNumber && Double(text)?.isFinite == true
        case "Bool": valid = ["true", "false", "1", "0"].contains(text.lowercased())
        case "UUID": valid = UUID(uuidString: text) != nil
        case "URL": valid = URL(string: text) != nil
        case "Date": valid = MockDates.accepts(text, format: format)
        default: valid = true
        }
        return valid ? nil : "expected \(builtin)\(dateNote(builtin, format)), got \(Self.quoted(text))"
    }

    private func enumProblem(_ text: String, cases: [String], isInteger: Bool, open: Bool) -> String? {
        if isInteger {
            guard let number = Int64(text) else { return "expected a whole number, got \(Self.quoted(text))" }
            if open || cases.contains(where: { Int64($0) == number }) { return nil }
        } else if open || cases.contains(text) {
            return nil
        }
        return "unknown value \(Self.quoted(text)); expected one of \(cases.joined(separator: ", "))"
    }

    // MARK: JSON

    /// The problem with a JSON value of `type` at `path` (`items[0].price`), or `nil`.
    func json(_ value: JSONValue, type: TypeExpression, format: String?, path: String) -> String? {
        let place = path.isEmpty ? "" : " at \(path)"
        if case .null = value {
            return type.isOptional ? nil : "\(type.spelled) must not be null\(place)"
        }
        switch type {
        case .optional(let wrapped):
            return json(value, type: wrapped, format: format, path: path)
        case .array(let elementType):
            guard case .array(let elements) = value else { return "expected a list\(place)" }
            for (index, element) in elements.enumerated() {
                if let problem = json(element, type: elementType, format: format, path: path + "[\(index)]") { return problem }
            }
            return nil
        case .dictionary(let element):
            guard case .object(let members) = value else { return "expected an object\(place)" }
            for member in members {
                if let problem = json(member.value, type: element, format: format, path: Self.join(path, member.key)) { return problem }
            }
            return nil
        case .named(let name):
            if let model = models[name] { return json(value, model: model, path: path) }
            return scalarJSON(value, builtin: name, format: format, place: place)
        }
    }

    private func json(_ value: JSONValue, model: SpecDescription.Model, path: String) -> String? {
        let place = path.isEmpty ? "" : " at \(path)"
        switch model.kind {
        case .object(let fields, _):
            guard case .object = value else { return "expected \(model.name) (an object)\(place)" }
            for field in fields {
                let fieldPath = Self.join(path, field.key)
                let fieldType = TypeExpression(field.type)
                guard let member = value[field.key] else {
                    if fieldType.isOptional || field.defaultValue != nil { continue }
                    return "missing field '\(fieldPath)'"
                }
                if let problem = json(member, type: fieldType, format: field.format, path: fieldPath) { return problem }
            }
            return nil
        case .enumeration(let cases, let isInteger, let open):
            switch value {
            case .string(let text) where !isInteger: return enumProblem(text, cases: cases.map(\.value), isInteger: false, open: open).map { $0 + place }
            case .number(let text) where isInteger: return enumProblem(text, cases: cases.map(\.value), isInteger: true, open: open).map { $0 + place }
            default: return "expected \(model.name) (\(isInteger ? "a number" : "text"))\(place)"
            }
        case .sum(let members, let discriminator, let mapping, let open):
            if let discriminator {
                guard case .object = value else { return "expected \(model.name) (an object)\(place)" }
                guard case .string(let tag)? = value[discriminator] else { return "missing tag '\(Self.join(path, discriminator))'" }
                let mapped = mapping.first { $0.tag == tag }?.model
                let selected = mapped.flatMap { models[$0]?.name } ?? tag
                let member = members.first { models[$0.type]?.name == selected }
                guard let member else { return open ? nil : "unknown tag \(Self.quoted(tag)) of \(model.name)\(place)" }
                return json(value, type: TypeExpression(member.type), format: nil, path: path)
            }
            if open || members.contains(where: { json(value, type: TypeExpression($0.type), format: nil, path: path) == nil }) { return nil }
            return "expected one of \(members.map(\.type).joined(separator: ", "))\(place)"
        }
    }

    private func scalarJSON(_ value: JSONValue, builtin: String, format: String?, place: String) -> String? {
        let valid: Bool
        switch (builtin, value) {
        case ("Int", .number(let text)), ("Int64", .number(let text)): valid = Int64(text) != nil
        case ("Int32", .number(let text)): valid = Int32(text) != nil
        case ("Double", .number(let text)), ("Float", .number(let text)), ("Decimal", .number(let text)): valid = Double(text)?.isFinite == true
        case ("Bool", .bool): valid = true
        case ("String", .string), ("URL", .string), ("Data", .string), ("File", _), ("JSON", _): valid = true
        case ("UUID", .string(let text)): valid = UUID(uuidString: text) != nil
        case ("Date", .string(let text)): valid = MockDates.accepts(text, format: format)
        case ("Date", .number(let text)): valid = format == "epochSeconds" || format == "epochMillis" ? Double(text) != nil : false
        case (_, _) where models[builtin] == nil && BuiltinNames.all.contains(builtin) == false: valid = true
        default: valid = false
        }
        return valid ? nil : "expected \(builtin)\(dateNote(builtin, format)), got \(Self.shortText(value))\(place)"
    }

    private func dateNote(_ builtin: String, _ format: String?) -> String {
        builtin == "Date" ? " (\(format ?? "iso8601"))" : ""
    }

    static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    static func quoted(_ text: String) -> String {
        JSONValue.string(text.count > 40 ? String(text.prefix(40)) + "…" : text).text
    }

    static func shortText(_ value: JSONValue) -> String {
        let text = value.text
        return text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}

/// The spec's builtin type names.
enum BuiltinNames {
    static let all: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "URL", "Data", "JSON", "UUID", "File"]
}

extension TypeExpression {
    /// The element type of a list (itself otherwise).
    var elementType: TypeExpression {
        if case .array(let element) = self { return element }
        return self
    }

    /// The spec notation.
    var spelled: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): wrapped.spelled + "?"
        case .array(let element): "[\(element.spelled)]"
        case .dictionary(let element): "[String: \(element.spelled)]"
        }
    }
}
