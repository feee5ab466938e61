import Foundation

/// Writes a checked `default:` as a Swift expression of its type.
enum DefaultLiteral {
    /// The name in `type` when it cannot have a default (URL, Data, JSON, UUID, models with fields).
    static func unsupportedName(in type: TypeRef, models: [String: ModelDecl]) -> String? {
        let name = type.name
        if let model = models[name] {
            if case .enumeration = model.kind { return nil }
            return name
        }
        return ["URL", "Data", "JSON", "UUID"].contains(name) ? name : nil
    }

    /// The expression; `node` has been checked against `type` already.
    static func make(_ node: YAMLNode, type: TypeRef, models: [String: ModelDecl], dates: DateFormatSpec) -> String? {
        switch type {
        case .optional(let wrapped):
            if case .null? = node.scalarValue { return "nil" }
            let literal = make(node, type: wrapped, models: models, dates: dates)
            // An enum's `none` (or `some`) case where an optional is expected would be read as
            // `Optional.none`: the default would be `nil`, with a compiler warning.
            if literal == ".none" || literal == ".some" { return literal.map { ".some(" + $0 + ")" } }
            return literal
        case .array(let elementType):
            // Every element or none: a list with one left out would be another default.
            guard let elements = node.elements else { return nil }
            var items: [String] = []
            for element in elements {
                guard let item = make(element, type: elementType, models: models, dates: dates) else { return nil }
                items.append(item)
            }
            return "[" + items.joined(separator: ", ") + "]"
        case .dictionary(let valueType):
            guard let pairs = node.pairs else { return nil }
            if pairs.isEmpty { return "[:]" }
            var items: [String] = []
            for pair in pairs {
                guard let item = make(pair.value, type: valueType, models: models, dates: dates) else { return nil }
                items.append(SwiftLiteral.string(pair.name) + ": " + item)
            }
            return "[" + items.joined(separator: ", ") + "]"
        case .named(let name):
            if let model = models[name], case .enumeration(let enumeration) = model.kind {
                let rawValue = enumRawValue(node)
                return enumeration.cases.first { $0.rawValue == rawValue }.flatMap { Naming.propertyName($0.name) }.map { "." + Naming.afterDot($0) }
            }
            return builtin(node, name: name, dates: dates)
        }
    }

    /// An enum default's raw value as the spec's cases write it (`+2` is the case `2`).
    static func enumRawValue(_ node: YAMLNode) -> String {
        let raw = node.text ?? ""
        return raw.hasPrefix("+") ? String(raw.dropFirst()) : raw
    }

    private static func builtin(_ node: YAMLNode, name: String, dates: DateFormatSpec) -> String? {
        switch (name, node.scalarValue) {
        case ("String", .string(let text)?): return SwiftLiteral.string(text)
        case ("Bool", .bool(let flag)?): return flag ? "true" : "false"
        case ("Int", .int(let text)?), ("Int32", .int(let text)?), ("Int64", .int(let text)?):
            return Int64(text).map(String.init)
        case ("Double", .int(let text)?), ("Double", .float(let text)?), ("Float", .int(let text)?), ("Float", .float(let text)?):
            return JSONText.number(text)
        case ("Decimal", .int(let text)?), ("Decimal", .float(let text)?):
            return decimal(text)
        case ("Date", _):
            // To the microsecond: `Date` keeps its time from 2001, so `.123` from 1970 reads `.1230001`.
            return DateCheck.date(for: node, format: dates).map { date in
                "Date(timeIntervalSince1970: \(SwiftLiteral.number((date.timeIntervalSince1970 * 1e6).rounded() / 1e6)))"
            }
        default: return nil
        }
    }

    /// `30`, or `Decimal(sign: .plus, exponent: -2, significand: 999)` for `9.99`: exact, as a
    /// floating-point literal would not be. A significand beyond an integer literal's 64 bits is a
    /// sum of such terms, 18 digits each (Decimal adds them exactly, up to its 38 digits).
    private static func decimal(_ text: String) -> String? {
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value.isFinite else { return nil }
        if value.exponent >= 0, let whole = Int64(exactly: NSDecimalNumber(decimal: value).doubleValue), Decimal(whole) == value {
            return String(whole)
        }
        let sign = value.sign == .minus ? ".minus" : ".plus"
        var digits = Substring("\(value.significand.magnitude)")
        guard digits.count > 18 else { return "Decimal(sign: \(sign), exponent: \(value.exponent), significand: \(digits))" }
        var terms: [String] = []
        var exponent = Int(value.exponent)
        while !digits.isEmpty {
            let chunk = digits.suffix(18).drop { $0 == "0" }
            digits = digits.dropLast(18)
            if !chunk.isEmpty { terms.insert("Decimal(sign: \(sign), exponent: \(exponent), significand: \(chunk))", at: 0) }
            exponent += 18
        }
        return terms.joined(separator: " + ")
    }
}
