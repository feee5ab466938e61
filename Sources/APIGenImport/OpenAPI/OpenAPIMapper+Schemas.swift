import APIGenCore
import Foundation
import OpenAPIKit

/// A spec type for a schema: `Int64`, `[Pet]`, `[String: JSON]`, `PetStatus`, with whether null is
/// allowed and a date format when the schema's format asks for one.
struct TypeInfo: Hashable {
    var type: String
    var nullable = false
    var format: String?

    func expression(optional: Bool) -> String {
        optional || nullable ? type + "?" : type
    }
}

/// Schemas → types and models.
extension OpenAPIMapper {
    /// Names every component schema that becomes a model, then builds them: object schemas,
    /// `allOf`, `oneOf`/`anyOf`, enums. Other components (a `string`, an array, a map) are aliases:
    /// their references are replaced by the type they stand for.
    mutating func mapComponents() {
        let schemas = inDocumentOrder(document.components.schemas, at: JSONPointer(["components", "schemas"]), key: \.rawValue)
        for (key, schema) in schemas where isComponentModel(schema, at: JSONPointer(["components", "schemas", key.rawValue])) {
            // An apigen export keeps a name OpenAPI allows no key of (`物流`) in `x-apigen-name`.
            let source = extensionText("x-apigen-name", at: JSONPointer(["components", "schemas", key.rawValue])) ?? key.rawValue
            let name = typeNames.typeName(for: source, fallback: "Model")
            componentModels[key.rawValue] = name
            if SpecNaming.typeName(source) != name {
                warn(JSONPointer(["components", "schemas", key.rawValue]), "rename", "schema '\(source)' named '\(name)': \(NameRegistry.renameReason(of: source, taken: "is taken by the generated code or another schema"))")
            }
            if Self.isEnum(schema) { enumModels.insert(name) }
            if schema.nullable || Self.nonNullMembers(schema)?.hasNull == true { nullableComponents.insert(key.rawValue) }
        }
        for (key, schema) in schemas {
            guard let name = componentModels[key.rawValue] else { continue }
            buildModel(name, schema: schema, pointer: JSONPointer(["components", "schemas", key.rawValue]))
        }
    }

    /// Whether a component becomes a model: as any schema does, or, when an apigen export says it
    /// is a model (`x-apigen-model`), an object without properties (a model with no fields) and a
    /// `oneOf` of one member (a sum of one, which is otherwise read as its member).
    private func isComponentModel(_ schema: JSONSchema, at pointer: JSONPointer) -> Bool {
        if case .object = schema.value, extensionFlag("x-apigen-model", at: pointer) { return true }
        if case .one = schema.value, extensionFlag("x-apigen-model", at: pointer), hasTypedMember(schema, at: pointer) { return true }
        return isModel(schema) && hasTypedMember(schema, at: pointer)
    }

    /// Whether a schema becomes a model of its own rather than a type expression. An `allOf` is a
    /// model when it merges objects' properties; one that only annotates another type
    /// (`allOf: [{$ref: TagNames}, {description: …}]`, `allOf: [{type: string, enum: […]}]`) is that type.
    func isModel(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .object(_, let context): return !context.properties.isEmpty
        case .all(let parts, _):
            return parts.contains { part in
                guard case .reference = part.value else { return isMergedObject(part) }
                guard parts.count > 1 else { return false }
                switch resolved(part)?.value {
                // An object of only extra keys (`additionalProperties`) is a map, not a model.
                case .object?: return resolved(part).map(isModel) ?? true
                case .all?: return true
                case nil: return true  // not a component: reported where the properties are merged
                default: return false
                }
            }
        case .one, .any:
            let count = Self.nonNullMembers(schema)?.members.count ?? 0
            return count > 1 || (count == 1 && schema.discriminator != nil)
        case .string(let core, _): return !(core.allowedValues ?? []).compactMap { $0.value as? String }.isEmpty
        case .integer(let core, _): return (core.allowedValues ?? []).contains { $0.value is Int }
        default: return false
        }
    }

    /// Whether an `allOf` member written in place gives properties to merge: an object with
    /// properties, or an `allOf` that merges some. An enum or a sum in place is a type, not fields.
    private func isMergedObject(_ part: JSONSchema) -> Bool {
        switch part.value {
        case .object, .all: isModel(part)
        default: false
        }
    }

    /// Whether a `oneOf`/`anyOf` has a member that is typed (not a schema that says nothing, a `not`,
    /// or a reference to either); `true` for any other schema, and for a `oneOf` of constants (an
    /// enum, whose members need no type). Without one, the value is `JSON`.
    func hasTypedMember(_ schema: JSONSchema, at pointer: JSONPointer, visiting: Set<JSONPointer> = []) -> Bool {
        guard let (members, _) = Self.nonNullMembers(schema), Self.constCases(of: schema) == nil else { return true }
        // Sums that only hold each other (and untyped members) hold nothing typed.
        guard !visiting.contains(pointer), visiting.count < 16 else { return false }
        let visiting = visiting.union([pointer])
        let key = schema.value.isOneOf ? "oneOf" : "anyOf"
        return members.indices.contains { index in
            switch members[index].value {
            case .fragment:
                // A `$ref` into a schema's inside is read as a fragment, and typed where it points.
                if case .string? = raw.value(at: pointer.appending(key, String(index), "$ref")) { return true }
                return false
            case .not: return false
            case .reference(let reference, _):
                // A member that is the sum itself says nothing of what else it may be.
                if JSONPointer(reference: reference.absoluteString) == pointer { return false }
                guard let target = resolved(members[index]) else { return false }
                switch target.value {
                case .fragment, .not: return false
                // A member that is itself a sum of nothing typed is `JSON` too.
                case .one, .any:
                    guard let targetPointer = JSONPointer(reference: reference.absoluteString) else { return true }
                    return hasTypedMember(target, at: targetPointer, visiting: visiting)
                default: return true
                }
            case .one, .any:
                return hasTypedMember(members[index], at: pointer.appending(key, String(index)), visiting: visiting)
            default: return true
            }
        }
    }

    /// Whether a schema that becomes a model becomes an enum (whose defaults are raw values): a text or
    /// integer enum, or text-or-known-values (`openEnumPart(of:)`).
    static func isEnum(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .string, .integer: true
        default: openEnumPart(of: schema) != nil || constCases(of: schema) != nil
        }
    }

    /// One member of a `oneOf` of constants: its value, title and description.
    struct ConstCase {
        /// The constant: text (`ar`) or a whole number (`1`).
        enum Value {
            case text(String)
            case integer(Int)

            /// The value as OpenAPIKit decodes one, to compare with defaults.
            var decoded: AnyCodable {
                switch self {
                case .text(let text): AnyCodable(text)
                case .integer(let number): AnyCodable(number)
                }
            }
        }

        var value: Value
        var title: String?
        var description: String?
    }

    /// The cases of a `oneOf` (or `anyOf`) of constants, all text or all whole numbers, each with
    /// its title and description: OpenAPI 3.1's way of documenting an enum's values (`oneOf:
    /// [{const: ar, title: Arabic}, …]`, Discord's locales; `type: integer` with `oneOf: [{const: 1,
    /// title: DM}, …]`, Discord's channel types).
    static func constCases(of schema: JSONSchema) -> [ConstCase]? {
        guard schema.discriminator == nil else { return nil }
        let parts: [JSONSchema]
        switch schema.value {
        case .one(let all, _), .any(let all, _): parts = all
        default: return nil
        }
        guard !parts.isEmpty else { return nil }
        var cases: [ConstCase] = []
        for part in parts {
            guard let value = constValue(of: part) else { return nil }
            cases.append(ConstCase(value: value, title: part.title, description: part.description))
        }
        let allText = cases.allSatisfy { if case .text = $0.value { true } else { false } }
        let allIntegers = cases.allSatisfy { if case .integer = $0.value { true } else { false } }
        return allText || allIntegers ? cases : nil
    }

    /// The one value a `oneOf` member allows (`{const: ar}`, `{type: integer, const: 1}`), when it
    /// is text or a whole number.
    private static func constValue(of part: JSONSchema) -> ConstCase.Value? {
        guard let values = part.allowedValues, values.count == 1 else { return nil }
        switch part.value {
        case .fragment, .string:
            if let text = values[0].value as? String { return .text(text) }
        default:
            break
        }
        switch part.value {
        case .fragment, .integer, .number:
            if let number = values[0].value as? Int { return .integer(number) }
        default:
            break
        }
        return nil
    }

    /// The enum of a `oneOf`/`anyOf` of plain text and a text enum (`anyOf: [{type: string},
    /// {type: string, enum: [gpt-4o, …]}]`, OpenAI's way of saying "these values, or any other"),
    /// with its index among the schema's members; such a sum is an enum with `unknown: true`.
    static func openEnumPart(of schema: JSONSchema) -> (index: Int, part: JSONSchema)? {
        guard schema.discriminator == nil, let (members, _) = nonNullMembers(schema), members.count == 2 else { return nil }
        let parts: [JSONSchema]
        switch schema.value {
        case .one(let all, _), .any(let all, _): parts = all
        default: return nil
        }
        func isPlainText(_ member: JSONSchema) -> Bool {
            guard case .string(let core, _) = member.value else { return false }
            return (core.formatString ?? "").isEmpty && (core.allowedValues ?? []).isEmpty
        }
        func isTextEnum(_ member: JSONSchema) -> Bool {
            guard case .string(let core, _) = member.value else { return false }
            return !(core.allowedValues ?? []).compactMap { $0.value as? String }.isEmpty
        }
        guard members.contains(where: isPlainText), let part = members.first(where: isTextEnum),
              let index = parts.firstIndex(where: { isTextEnum($0) }) else { return nil }
        return (index, part)
    }

    /// The members of a `oneOf`/`anyOf` other than `{type: null}`, and whether there was one.
    static func nonNullMembers(_ schema: JSONSchema) -> (members: [JSONSchema], hasNull: Bool)? {
        switch schema.value {
        case .one(let parts, _), .any(let parts, _):
            let members = parts.filter { if case .null = $0.value { return false } else { return true } }
            return (members, members.count < parts.count)
        default: return nil
        }
    }

    // MARK: Types

    /// The spec type of a schema; inline object, enum and sum schemas become models named `hint`.
    /// The validation keywords it drops are warned of.
    mutating func typeInfo(_ schema: JSONSchema, at pointer: JSONPointer, hint: String) -> TypeInfo {
        noteDroppedKeywords(at: pointer)
        var info = baseTypeInfo(schema, at: pointer, hint: hint)
        if schema.nullable { info.nullable = true }
        return info
    }

    private mutating func baseTypeInfo(_ schema: JSONSchema, at pointer: JSONPointer, hint: String) -> TypeInfo {
        // A date format apigen's export wrote (`epochSeconds`, `dd.MM.yyyy`), which OpenAPI has no word for.
        if let format = extensionText("x-apigen-format", at: pointer) {
            return TypeInfo(type: "Date", format: format)
        }
        switch schema.value {
        case .reference(let reference, _):
            return referencedType(reference, at: pointer)
        case .boolean:
            return TypeInfo(type: "Bool")
        case .integer(let core, _):
            if isModel(schema) { return TypeInfo(type: inlineModel(schema, at: pointer, hint: hint)) }
            if core.allowedValues?.isEmpty == false {
                warn(pointer, "enum", "no value of the enum (or const) is a whole number: typed as any integer")
            }
            switch core.formatString {
            case "int32": return TypeInfo(type: "Int32")
            case "int64": return TypeInfo(type: "Int64")
            default: return TypeInfo(type: "Int")
            }
        case .number(let core, _):
            if core.allowedValues?.isEmpty == false { warn(pointer.appending("enum"), "enum", "enum of numbers imported as Double: apigen's enums hold text or whole numbers") }
            switch core.formatString {
            case "float": return TypeInfo(type: "Float")
            case "decimal": return TypeInfo(type: "Decimal")
            default: return TypeInfo(type: "Double")
            }
        case .string(let core, _):
            if isModel(schema) { return TypeInfo(type: inlineModel(schema, at: pointer, hint: hint)) }
            if core.allowedValues?.contains(where: { !($0.value is NSNull) }) == true {
                warn(pointer, "enum", "no value of the enum (or const) is text: typed as any text")
            }
            switch core.formatString {
            case "date-time": return TypeInfo(type: "Date")
            case "date": return TypeInfo(type: "Date", format: "date")
            case "uuid": return TypeInfo(type: "UUID")
            case "uri", "url": return TypeInfo(type: "URL")
            case "byte": return TypeInfo(type: "Data")
            default: return TypeInfo(type: "String")
            }
        case .array(_, let context):
            guard let items = context.items else {
                if raw.value(at: pointer.appending("prefixItems")) != nil {
                    warn(pointer.appending("prefixItems"), "array", "prefixItems (a tuple) not kept: typed [JSON]")
                }
                return TypeInfo(type: "[JSON]")
            }
            let item = typeInfo(items, at: pointer.appending("items"), hint: hint + "Item")
            return TypeInfo(type: "[\(item.expression(optional: false))]", format: item.format)
        case .object(_, let context):
            if !context.properties.isEmpty { return TypeInfo(type: inlineModel(schema, at: pointer, hint: hint)) }
            if case .b(let values)? = context.additionalProperties {
                let value = typeInfo(values, at: pointer.appending("additionalProperties"), hint: hint + "Value")
                return TypeInfo(type: "[String: \(value.expression(optional: false))]", format: value.format)
            }
            return TypeInfo(type: "[String: JSON]")
        case .all(let parts, _):
            if !isModel(schema) {
                // No properties to merge: the type of the first member that says something (members
                // without a type only annotate).
                let meaningful = parts.indices.filter { if case .fragment = parts[$0].value { return false } else { return true } }
                guard let index = meaningful.first ?? parts.indices.first else { return TypeInfo(type: "JSON") }
                if meaningful.count > 1 { warn(pointer.appending("allOf"), "allOf", "allOf of types without properties: typed as its first member") }
                return typeInfo(parts[index], at: pointer.appending("allOf", String(index)), hint: hint)
            }
            return TypeInfo(type: inlineModel(schema, at: pointer, hint: hint))
        case .one, .any:
            if Self.constCases(of: schema) != nil { return TypeInfo(type: inlineModel(schema, at: pointer, hint: hint)) }
            if !hasTypedMember(schema, at: pointer) {
                let key = schema.value.isOneOf ? "oneOf" : "anyOf"
                let members = Self.nonNullMembers(schema)?.members ?? []
                warn(pointer.appending(key), "oneOf", "\(key) \(members.isEmpty ? "without members" : "whose members have no type"): typed JSON")
                return TypeInfo(type: "JSON", nullable: Self.nonNullMembers(schema)?.hasNull ?? false)
            }
            if let (members, hasNull) = Self.nonNullMembers(schema), members.count == 1, let only = members.first, schema.discriminator == nil {
                let key = schema.value.isOneOf ? "oneOf" : "anyOf"
                var info = typeInfo(only, at: pointer.appending(key, "0"), hint: hint)
                info.nullable = info.nullable || hasNull
                return info
            }
            var info = TypeInfo(type: inlineModel(schema, at: pointer, hint: hint))
            info.nullable = Self.nonNullMembers(schema)?.hasNull ?? false
            return info
        case .not:
            warn(pointer.appending("not"), "not", "'not' has no counterpart: the value is typed JSON")
            return TypeInfo(type: "JSON")
        case .null:
            return TypeInfo(type: "JSON", nullable: true)
        case .fragment:
            // OpenAPIKit reads a `$ref` deeper than a component (`#/components/schemas/Tag/allOf/0`)
            // as a schema that says nothing.
            if case .string(let target)? = raw.value(at: pointer.appending("$ref")) {
                return pointedType(target, at: pointer, hint: hint)
            }
            if schema.allowedValues?.isEmpty == false {
                warn(pointer, "enum", "a value list (enum or const) without a type: typed JSON")
            }
            return TypeInfo(type: "JSON")
        }
    }

    /// The type of a schema a JSON pointer into this document names (`#/components/schemas/Tag/allOf/0`,
    /// `#/components/parameters/kind/schema`): the schema there, read as it stands there.
    private mutating func pointedType(_ target: String, at pointer: JSONPointer, hint: String) -> TypeInfo {
        guard let place = JSONPointer(reference: target) else {
            warn(pointer, "reference", "reference '\(target)' is not in this document: typed JSON")
            return TypeInfo(type: "JSON")
        }
        let key = place.description
        guard !expandingAliases.contains(key) else {
            warn(pointer, "reference", "'\(target)' refers to itself without an object in between: typed JSON")
            return TypeInfo(type: "JSON")
        }
        guard let schema = pointedSchema(at: place) else {
            warn(pointer, "reference", "reference '\(target)' does not name a schema of this document: typed JSON")
            return TypeInfo(type: "JSON")
        }
        expandingAliases.insert(key)
        defer { expandingAliases.remove(key) }
        return typeInfo(schema, at: place, hint: hint)
    }

    /// The component a schema's `$ref` names, through components that only refer to another, and
    /// where it is; `isModel` when it is a model (its description is its own then). A use takes the
    /// description of an alias component (`ReportID: {type: string, description}`) and the default
    /// of any, when it says none itself.
    func referencedComponent(_ schema: JSONSchema) -> (schema: JSONSchema, pointer: JSONPointer, isModel: Bool)? {
        var current = schema
        var found: (schema: JSONSchema, pointer: JSONPointer, isModel: Bool)?
        for _ in 0..<Self.aliasDepthLimit {
            guard case .reference(let reference, _) = current.value, reference.isInternal, let name = reference.name,
                  reference.absoluteString.hasPrefix("#/components/schemas/"), let key = OpenAPI.ComponentKey(rawValue: name),
                  let target = document.components.schemas[key] else { break }
            found = (target, JSONPointer(["components", "schemas", name]), componentModels[name] != nil)
            current = target
        }
        return found
    }

    /// The schema at a place in this document, read as the document's version reads it.
    func pointedSchema(at place: JSONPointer) -> JSONSchema? {
        guard case .string(let version)? = raw.value(at: JSONPointer(["openapi"])), let value = raw.foundationValue(at: place) else { return nil }
        return OpenAPIDocumentLoader.schema(value, version: version)
    }

    /// How many component schemas that only stand for another are followed in a row.
    static let aliasDepthLimit = 64

    /// The type a `$ref` stands for: a component model's name, or the type of an alias component.
    private mutating func referencedType(_ reference: JSONReference<JSONSchema>, at pointer: JSONPointer) -> TypeInfo {
        guard reference.isInternal, let name = reference.name,
              reference.absoluteString.hasPrefix("#/components/schemas/"),
              let key = OpenAPI.ComponentKey(rawValue: name),
              let schema = document.components.schemas[key] else {
            warn(pointer, "reference", "reference '\(reference.absoluteString)' is not a component schema of this document: typed JSON")
            return TypeInfo(type: "JSON")
        }
        if let model = componentModels[name] {
            return TypeInfo(type: model, nullable: nullableComponents.contains(name))
        }
        if let cached = aliasTypes[name] { return cached }
        guard !expandingAliases.contains(name) else {
            warn(pointer, "reference", "'\(name)' refers to itself without an object in between: typed JSON")
            return TypeInfo(type: "JSON")
        }
        // Each alias is a few stack frames deeper: a chain of thousands would overflow the stack.
        guard expandingAliases.count < Self.aliasDepthLimit else {
            warn(pointer, "reference", "'\(name)' ends a chain of more than \(Self.aliasDepthLimit) schemas that only refer to the next: typed JSON")
            return TypeInfo(type: "JSON")
        }
        expandingAliases.insert(name)
        let info = typeInfo(schema, at: JSONPointer(["components", "schemas", name]), hint: name)
        expandingAliases.remove(name)
        aliasTypes[name] = info
        return info
    }

    /// Builds a model for an inline schema, named after where it stands, once per place.
    mutating func inlineModel(_ schema: JSONSchema, at pointer: JSONPointer, hint: String) -> String {
        if let name = inlineModels[pointer] { return name }
        let name = typeNames.typeName(for: hint, fallback: "Model")
        inlineModels[pointer] = name
        if Self.isEnum(schema) { enumModels.insert(name) }
        buildModel(name, schema: schema, pointer: pointer)
        return name
    }
}

extension JSONSchema.Schema {
    var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}
