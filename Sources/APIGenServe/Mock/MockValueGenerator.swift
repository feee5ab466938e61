public import APIGenCore
import Foundation

/// Makes valid JSON values for spec types, the same ones for the same seed: objects with every field
/// (optional ones too), enum values the spec lists, a member of each sum type with its tag, dates in
/// the field's format, lists and maps of two entries. Models that contain themselves stop nesting
/// after ``depthLimit`` levels (their optional fields are then `null` and their lists empty).
public struct MockValueGenerator: Sendable {
    /// How many models deep values nest before optional members stop.
    public static let depthLimit = 3

    private let models: ModelLookup
    private var random: SeededRandom
    private var counter = 0

    /// A generator for the types of `service`, with a sequence of its own for each `label`.
    public init(service: SpecDescription.Service, seed: UInt64, label: String) {
        self.init(service: service, models: ModelLookup(service), seed: seed, label: label)
    }

    /// A generator for the types of `service` whose models are already looked up in `models`
    /// (made once per service: a server makes a generator for every API).
    public init(service: SpecDescription.Service, models: ModelLookup, seed: UInt64, label: String) {
        self.models = models
        random = SeededRandom(seed: seed, label: service.name + "." + label)
    }

    /// A value of `type`; `format` is the date format of its dates (`nil`: ISO 8601); `hint` (a field
    /// name) flavours strings.
    public mutating func value(of type: String, format: String? = nil, hint: String = "value") -> JSONValue {
        value(of: TypeExpression(type), format: format, hint: hint, depth: 0)
    }

    /// An object with every field of `fields`.
    public mutating func object(_ fields: [SpecDescription.Field]) -> JSONValue {
        object(fields, depth: 0)
    }

    mutating func value(of type: TypeExpression, format: String?, hint: String, depth: Int) -> JSONValue {
        let tooDeep = depth >= Self.depthLimit
        switch type {
        case .optional(let wrapped):
            return tooDeep ? .null : value(of: wrapped, format: format, hint: hint, depth: depth)
        case .array(let element):
            guard !tooDeep else { return .array([]) }
            return .array((0..<2).map { _ in value(of: element, format: format, hint: hint, depth: depth + 1) })
        case .dictionary(let element):
            guard !tooDeep else { return .object([]) }
            return .object((1...2).map { JSONValue.Member("\(hint)\($0)", value(of: element, format: format, hint: hint, depth: depth + 1)) })
        case .named(let name):
            if let model = models[name] { return value(of: model, depth: depth) }
            return builtin(name, format: format, hint: hint)
        }
    }

    private mutating func value(of model: SpecDescription.Model, depth: Int) -> JSONValue {
        switch model.kind {
        case .object(let fields, _):
            return object(fields, depth: depth + 1)
        case .enumeration(let cases, let isInteger, _):
            guard !cases.isEmpty else { return .null }
            let chosen = cases[random.int(in: 0...cases.count - 1)].value
            return isInteger ? .number(chosen) : .string(chosen)
        case .sum(let members, let discriminator, let mapping, _):
            guard !members.isEmpty else { return .null }
            var index = random.int(in: 0...members.count - 1)
            if depth >= Self.depthLimit, discriminator == nil,
               let builtin = members.firstIndex(where: { models[TypeExpression($0.type).unwrapped.name] == nil }) {
                index = builtin  // past the depth limit, a builtin member ends the nesting
            }
            let memberType = members[index].type
            var member = value(of: TypeExpression(memberType), format: nil, hint: members[index].name, depth: depth + 1)
            if let discriminator, case .object(var fields) = member {
                let modelName = models[memberType]?.name ?? memberType
                let tag = mapping.first { models[$0.model]?.name == modelName }?.tag ?? modelName
                fields.removeAll { $0.key == discriminator }
                fields.append(JSONValue.Member(discriminator, .string(tag)))
                member = .object(fields)
            }
            return member
        }
    }

    private mutating func object(_ fields: [SpecDescription.Field], depth: Int) -> JSONValue {
        .object(fields.map { field in
            JSONValue.Member(field.key, value(of: TypeExpression(field.type), format: field.format, hint: field.key, depth: depth))
        })
    }

    private mutating func builtin(_ name: String, format: String?, hint: String) -> JSONValue {
        counter += 1
        switch name {
        case "Int", "Int32": return .number(String(random.int(in: 1...1_000)))
        case "Int64": return .number(String(random.int(in: 1...1_000_000)))
        case "Double", "Float": return .number("\(random.int(in: 0...999)).5")
        case "Decimal": return .number("\(random.int(in: 1...999)).\(random.int(in: 10...99))")
        case "Bool": return .bool(random.int(in: 0...1) == 1)
        case "Date": return MockDates.value(secondsSince1970: 1_709_199_000 + Double(random.int(in: 0...30_000_000)), format: format)
        case "URL": return .string("https://example.com/\(Self.slug(hint))/\(counter)")
        case "UUID": return .string(uuid())
        case "Data": return .string("YXBpZ2VuIG1vY2s=")  // "apigen mock"
        case "JSON": return .object([JSONValue.Member("mock", .bool(true)), JSONValue.Member("n", .number(String(counter)))])
        default: return .string("\(hint) \(counter)")  // String, File, and names the generator never lets through
        }
    }

    private mutating func uuid() -> String {
        let high = random.next(), low = random.next()
        let hex = String(format: "%016llX%016llX", high, low)
        let characters = Array(hex)
        func part(_ range: Range<Int>) -> String { String(characters[range]) }
        // Version 4, variant 1, so every parser takes it.
        return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-A\(part(17..<20))-\(part(20..<32))"
    }

    private static func slug(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }
        return kept.isEmpty ? "item" : String(String.UnicodeScalarView(kept))
    }
}

extension TypeExpression {
    /// The name of a named type (`""` for lists and maps).
    var name: String {
        if case .named(let name) = self { return name }
        return ""
    }
}
