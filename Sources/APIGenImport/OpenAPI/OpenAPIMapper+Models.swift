import APIGenCore
import Foundation
import OpenAPIKit

/// Schemas → models: their fields, defaults and the keywords apigen does not keep.
extension OpenAPIMapper {
    /// Builds a model from an object, `allOf`, `oneOf`/`anyOf` or enum schema.
    mutating func buildModel(_ name: String, schema: JSONSchema, pointer: JSONPointer) {
        var entries: [SpecEntry] = []
        entries.add("description", text: schema.description ?? schema.title)
        if schema.deprecated { entries.add("deprecated", deprecation(at: pointer)) }
        switch schema.value {
        case .string(let core, _):
            entries.add("enum", .list(stringEnumCases(rawList(core.allowedValues, at: pointer.appending("enum")), at: pointer)))
            if extensionFlag("x-apigen-unknown", at: pointer) { entries.add("unknown", .literal("true")) }
        case .integer(let core, _):
            entries.add("enum", .map(integerEnumCases(rawList(core.allowedValues, at: pointer.appending("enum")), at: pointer)))
            if extensionFlag("x-apigen-unknown", at: pointer) { entries.add("unknown", .literal("true")) }
        case .one(let parts, _), .any(let parts, _):
            if let cases = Self.constCases(of: schema) {
                entries.add("enum", constEnum(cases, at: pointer))
            } else if let (index, part) = Self.openEnumPart(of: schema), case .string(let core, _) = part.value {
                // "Any text, these values known": an enum that keeps the values it does not know.
                let here = pointer.appending(schema.value.isOneOf ? "oneOf" : "anyOf", String(index))
                entries.add("enum", .list(stringEnumCases(rawList(core.allowedValues, at: here.appending("enum")), at: here)))
                entries.add("unknown", .literal("true"))
            } else {
                entries += sumEntries(name, schema: schema, parts: parts, at: pointer)
            }
        default:
            if schema.discriminator != nil {
                warn(pointer.appending("discriminator"), "discriminator", "discriminator without oneOf not kept: apigen's tagged sums list their members with oneOf")
            }
            let (fields, additional) = objectFields(name, schema: schema, at: pointer)
            if let additional {
                if fields.isEmpty {
                    warn(pointer, "additionalProperties", "an object with only extra keys becomes a model with no fields; they are kept as 'additionalFields'")
                }
                if case .object(let kept)? = raw.value(at: pointer.appending("x-apigen-additional-fields")) {
                    // An apigen export: the member's name and description.
                    var parts = kept.filter { $0.key == "name" || $0.key == "description" }.map { SpecEntry($0.key, SpecNode(block: $0.value)) }
                    parts.insert(SpecEntry("type", .text(additional.expression(optional: false))), at: min(1, parts.count))
                    entries.add("additionalFields", .map(parts))
                } else {
                    entries.add("additionalFields", .text(additional.expression(optional: false)))
                }
            }
            entries.add("fields", .map(fields))
        }
        noteDroppedKeywords(at: pointer)
        service.models.append(ImportedService.Item(name: name, entries: entries, file: SpecAssembler.serviceFile, origin: pointer.description))
    }

    /// `deprecated:` of the schema or parameter at `pointer`: the message of an apigen export's
    /// `x-apigen-deprecated`, or `true`.
    func deprecation(at pointer: JSONPointer) -> SpecNode {
        if case .string(let message)? = raw.value(at: pointer.appending("x-apigen-deprecated")), !message.isEmpty { return .text(message) }
        return .literal("true")
    }

    /// A list as written at `pointer` (text stays text), else as OpenAPIKit decoded it.
    func rawList(_ decoded: [AnyCodable]?, at pointer: JSONPointer) -> [Any] {
        if case .array(let items)? = raw.value(at: pointer) {
            return items.map { item -> Any in
                switch item {
                case .string(let text): return text
                case .number(let text): return Int(text).map { $0 as Any } ?? (Double(text) ?? 0) as Any
                case .bool(let flag): return flag
                default: return NSNull()
                }
            }
        }
        return (decoded ?? []).map(\.value)
    }

    /// The validation keywords of JSON Schema, in the order a warning names them: no Swift type
    /// carries them.
    static let validationKeywords = [
        "minLength", "maxLength", "pattern", "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf",
        "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
    ]

    /// Warns once of the validation keywords the schema at `pointer` constrains its values with
    /// (`maxLength`, `pattern`, `minItems`, `uniqueItems: true`…), as the document writes them; a
    /// bound already mended away (``DocumentRepair``) was reported there.
    mutating func noteDroppedKeywords(at pointer: JSONPointer) {
        guard let schema = raw.foundationValue(at: pointer) as? [String: Any] else { return }
        let dropped = Self.validationKeywords.filter { key in
            guard let value = schema[key], !mendedKeywords.contains(pointer.appending(key)) else { return false }
            return Self.constrains(key, value)
        }
        if !dropped.isEmpty {
            warn(pointer, "validation", "validation keywords not kept (apigen checks types, not values): \(dropped.joined(separator: ", "))")
        }
    }

    /// Whether a validation keyword's value says something: `minLength: 0`, `uniqueItems: false`
    /// and 3.0's `exclusiveMinimum: false` allow every value.
    private static func constrains(_ key: String, _ value: Any) -> Bool {
        if value is NSNull { return false }
        guard let number = value as? NSNumber else { return true }
        if number.isJSONBoolean { return number.boolValue }
        switch key {
        case "minLength", "minItems", "minProperties": return number.doubleValue != 0
        default: return true
        }
    }

    /// A property of an object or of an `allOf` part.
    private struct Property {
        var key: String
        var schema: JSONSchema
        var required: Bool
        var pointer: JSONPointer
        /// A later declaration of the same key that only annotates (`{description, default}`
        /// without a type), or says a wider type than this one (`type: string` after an enum):
        /// its description and default win.
        var annotation: (schema: JSONSchema, pointer: JSONPointer)?
        /// Later declarations of the same key that are objects too: the field's type is a model
        /// of all of them merged, as `allOf` means.
        var mergedWith: [(schema: JSONSchema, pointer: JSONPointer)] = []
        /// The description of an earlier declaration, for a later one that gives none.
        var earlierDescription: String?
    }

    /// The fields of an object or `allOf` schema (and of the schemas in `also`, as if they were
    /// its `allOf` members), and the type of its `additionalProperties`.
    mutating func objectFields(
        _ model: String, schema: JSONSchema, at pointer: JSONPointer, also: [(schema: JSONSchema, pointer: JSONPointer)] = []
    ) -> ([SpecEntry], TypeInfo?) {
        var properties: [Property] = []
        var additional: TypeInfo?
        var visited: Set<String> = []
        var requiredLists: [RequiredList] = []
        for part in [(schema, pointer)] + also {
            collectProperties(model, schema: part.0, at: part.1, into: &properties, additional: &additional, visited: &visited, required: &requiredLists)
        }
        noteRequiredWithoutProperty(requiredLists, properties: properties)
        let required = Set(requiredLists.flatMap(\.names))
        var names = NameRegistry()
        var fields: [SpecEntry] = []
        for var property in merged(properties) {
            property.required = property.required || required.contains(property.key)
            if let given = extensionText("x-apigen-name", at: property.pointer), names.isFree(SpecNaming.memberName(given) ?? given) {
                names.reserve(SpecNaming.memberName(given) ?? given)
                fields.add(given, field(property, in: model, keyed: true))
                continue
            }
            let (name, renamed) = names.memberName(for: property.key, fallback: "field")
            if renamed, SpecNaming.memberName(property.key) != nil {
                warn(property.pointer, "rename", "field '\(property.key)' renamed '\(name)': its Swift name is taken by another field")
            }
            fields.add(name, field(property, in: model, keyed: renamed))
        }
        return (fields, additional)
    }

    /// A `required` list of an object or `allOf` member, and where it stands.
    private struct RequiredList {
        var pointer: JSONPointer
        var names: [String]
    }

    /// Warns of the names `required` lists that no property declares (Box's `shared_link` requires
    /// `accessed`, its property is `access`): they are left out, not made required `JSON` fields
    /// that every answer lacks.
    private mutating func noteRequiredWithoutProperty(_ lists: [RequiredList], properties: [Property]) {
        let declared = Set(properties.map(\.key))
        for list in lists {
            let missing = list.names.filter { !declared.contains($0) }
            guard !missing.isEmpty else { continue }
            let quoted = missing.map { "'\($0)'" }.joined(separator: ", ")
            warn(list.pointer, "required", "required names no property: \(quoted) not imported")
        }
    }

    /// Whether a property OpenAPIKit lists is only a name in `required` (it reads each such name as
    /// a property that says nothing), not one the document declares under `properties`.
    private func isOnlyRequired(_ key: String, of pointer: JSONPointer) -> Bool {
        raw.foundationValue(at: pointer) != nil && raw.foundationValue(at: pointer.appending("properties", key)) == nil
    }

    /// What a declaration of a property says, for merging `allOf` members that declare it again.
    private enum Declaration {
        /// No type: a description, a default.
        case annotation
        /// A type without values listed (`type: string`).
        case plain
        /// An enum, a `const`, or a reference to an enum component.
        case values
        /// A reference to a component that is an object.
        case objectReference
        /// An object with properties, or an `allOf`, written in place.
        case object
        /// An object without properties (any object, or a map of `additionalProperties`).
        case freeObject
        /// A list, whose elements a later declaration may only annotate.
        case list
        case other
    }

    private func declaration(_ schema: JSONSchema) -> Declaration {
        switch schema.value {
        case .fragment: return .annotation
        case .object(_, let context): return context.properties.isEmpty ? .freeObject : .object
        case .all: return .object
        case .reference:
            guard let target = resolved(schema) else { return .other }
            if Self.isEnum(target) { return .values }
            switch target.value {
            case .object, .all: return .objectReference
            default: return .other
            }
        case .string, .integer, .number, .boolean:
            return schema.allowedValues == nil ? .plain : .values
        case .array: return .list
        default: return .other
        }
    }

    /// The kind of JSON value a declaration allows, with its article (`a text`), where it allows one
    /// kind (an integer is a number); `nil` for an annotation, a sum, or a reference that leads nowhere.
    private func valueKind(_ schema: JSONSchema) -> String? {
        switch resolved(schema)?.value {
        case .string?: "a text"
        case .integer?, .number?: "a number"
        case .boolean?: "a Bool"
        case .object?, .all?: "an object"
        case .array?: "a list"
        default: nil
        }
    }

    /// One property per key, where it was first declared. `allOf` members that declare a key again
    /// narrow it, as `allOf` means all of them hold: a later reference is taken as the narrower
    /// (`keys: Keys` then `keys: KeysWithPrivate`); objects with properties written in place are
    /// merged (into a model of their own when the first is a reference); a type without values after
    /// one with values (`type: string` after an enum, any object after one with properties, a list
    /// after a list) or no type at all gives only its description and default; otherwise the later
    /// type is the field's.
    /// `required` in any holds. Two declarations that no value satisfies at once (`type: boolean`
    /// then `type: integer`) keep the later one with a warning.
    private mutating func merged(_ properties: [Property]) -> [Property] {
        var order: [String] = []
        var byKey: [String: Property] = [:]
        for property in properties {
            guard var earlier = byKey[property.key] else {
                order.append(property.key)
                byKey[property.key] = property
                continue
            }
            let required = earlier.required || property.required
            let before = declaration(earlier.schema), after = declaration(property.schema)
            switch (before, after) {
            case (_, .annotation), (.values, .plain), (.objectReference, .plain), (.object, .plain), (.object, .freeObject), (.objectReference, .freeObject), (.list, .list):
                earlier.annotation = (property.schema, property.pointer)
            case (.object, .object), (.objectReference, .object):
                earlier.mergedWith.append((property.schema, property.pointer))
            default:
                if let was = valueKind(earlier.schema), let now = valueKind(property.schema), was != now {
                    warn(property.pointer, "allOf", "'\(property.key)' is \(was) at \(earlier.pointer) and \(now) here: no value is both; this later declaration is kept")
                }
                let description = earlier.schema.description ?? earlier.earlierDescription
                earlier = property
                earlier.earlierDescription = description
            }
            earlier.required = required
            byKey[property.key] = earlier
        }
        return order.compactMap { byKey[$0] }
    }

    /// Collects the properties of an object, an `allOf` and the components and schemas it refers
    /// to, and every `required` list on the way (one beside an `allOf`, one in a member that only
    /// says which properties another member declares are required).
    private mutating func collectProperties(
        _ model: String, schema: JSONSchema, at pointer: JSONPointer, into properties: inout [Property], additional: inout TypeInfo?,
        visited: inout Set<String>, required: inout [RequiredList]
    ) {
        if case .array(let keys)? = raw.value(at: pointer.appending("required")) {
            required.append(RequiredList(pointer: pointer.appending("required"), names: keys.compactMap { if case .string(let key) = $0 { key } else { nil } }))
        }
        switch schema.value {
        case .object(_, let context):
            for (key, property) in inDocumentOrder(context.properties, at: pointer.appending("properties"), key: { $0 }) where !isOnlyRequired(key, of: pointer) {
                properties.append(Property(key: key, schema: property, required: context.requiredProperties.contains(key), pointer: pointer.appending("properties", key)))
            }
            switch context.additionalProperties {
            case .b(let values)?:
                additional = typeInfo(values, at: pointer.appending("additionalProperties"), hint: model + "Value")
            case .a(true)? where !context.properties.isEmpty:
                // Keys beyond the properties are kept (Okta's custom profile attributes).
                additional = TypeInfo(type: "JSON")
            default:
                break
            }
        case .all(let parts, _):
            for (index, part) in parts.enumerated() {
                collectProperties(
                    model, schema: part, at: pointer.appending("allOf", String(index)), into: &properties, additional: &additional, visited: &visited, required: &required
                )
            }
        case .reference(let reference, _):
            collectReferenced(reference.absoluteString, model, at: pointer, into: &properties, additional: &additional, visited: &visited, required: &required)
        case .fragment:
            // OpenAPIKit reads a `$ref` into a schema's inside (`#/components/schemas/Tag/allOf/0`) as a fragment.
            if case .string(let reference)? = raw.value(at: pointer.appending("$ref")) {
                collectReferenced(reference, model, at: pointer, into: &properties, additional: &additional, visited: &visited, required: &required)
            }
        default:
            warn(pointer, "allOf", "allOf member is not an object: not merged into '\(model)'")
        }
    }

    /// Collects the properties of the schema a reference names: a component, or a schema's inside
    /// read as it stands there. A schema reached again (`Input: allOf [Base, Common]`,
    /// `Common: allOf [Base, …]`) is merged once.
    private mutating func collectReferenced(
        _ reference: String, _ model: String, at pointer: JSONPointer, into properties: inout [Property], additional: inout TypeInfo?,
        visited: inout Set<String>, required: inout [RequiredList]
    ) {
        guard let place = JSONPointer(reference: reference) else {
            warn(pointer, "allOf", "allOf member '\(reference)' cannot be merged: not a schema of this document")
            return
        }
        guard visited.insert(place.description).inserted else { return }
        let target: JSONSchema?
        if place.tokens.count == 3, place.tokens[0] == "components", place.tokens[1] == "schemas", let key = OpenAPI.ComponentKey(rawValue: place.tokens[2]) {
            target = document.components.schemas[key]
        } else {
            target = pointedSchema(at: place)
        }
        guard let target else {
            warn(pointer, "allOf", "allOf member '\(reference)' cannot be merged: not a schema of this document")
            return
        }
        collectProperties(model, schema: target, at: place, into: &properties, additional: &additional, visited: &visited, required: &required)
    }

    /// A field: `Type`, or `{ type, key, description, default, format, deprecated }`.
    private mutating func field(_ property: Property, in model: String, keyed: Bool) -> SpecNode {
        let hint = model + " " + property.key
        let info = property.mergedWith.isEmpty
            ? typeInfo(property.schema, at: property.pointer, hint: hint)
            : TypeInfo(type: mergedObjectModel([(property.schema, property.pointer)] + property.mergedWith, hint: hint))
        let component = referencedComponent(property.schema)
        // An annotation's default is checked against the type it annotates (an enum's values).
        let annotationDefault = property.annotation.flatMap { annotation in
            (raw.value(at: annotation.pointer.appending("default")) ?? annotation.schema.defaultValue.flatMap { JSONValue(any: $0.value) })
                .flatMap { defaultNode($0, schema: property.schema, type: info, at: annotation.pointer) }
        }
        let defaultValue = annotationDefault
            ?? defaultNode(property.schema, type: info, at: property.pointer)
            ?? component.flatMap { defaultNode($0.schema, type: info, at: $0.pointer) }
        // A property the server fills in when absent is always known: `T` with its default.
        let optional = (!property.required && defaultValue == nil) || raw.value(at: property.pointer.appending("x-apigen-optional")) == .bool(true)
        var entries: [SpecEntry] = [SpecEntry("type", .text(info.expression(optional: optional)))]
        if keyed { entries.append(SpecEntry("key", .text(property.key))) }
        entries.add(
            "description",
            text: property.annotation?.schema.description ?? property.mergedWith.last?.schema.description ?? property.schema.description
                ?? property.schema.title ?? Self.annotation(of: property.schema) ?? property.earlierDescription
                ?? component.flatMap { $0.isModel ? nil : $0.schema.description }
        )
        if let defaultValue { entries.add("default", defaultValue) }
        if let format = info.format { entries.add("format", text: format) }
        if property.schema.deprecated { entries.add("deprecated", deprecation(at: property.pointer)) }
        noteDroppedKeywords(at: property.pointer)
        return entries.count == 1 ? entries[0].value : .map(entries)
    }

    /// The model of a property that several `allOf` members declare as objects: all of them
    /// merged, named after the property (`OrchestrationGlobal path` → `OrchestrationGlobalPath`).
    private mutating func mergedObjectModel(_ parts: [(schema: JSONSchema, pointer: JSONPointer)], hint: String) -> String {
        let key = JSONPointer(["merged"] + parts.map(\.pointer.description))
        if let name = inlineModels[key] { return name }
        let name = typeNames.typeName(for: hint, fallback: "Model")
        inlineModels[key] = name
        let (fields, additional) = objectFields(name, schema: parts[0].schema, at: parts[0].pointer, also: Array(parts.dropFirst()))
        var entries: [SpecEntry] = []
        entries.add("description", text: parts.lazy.reversed().compactMap(\.schema.description).first)
        if let additional { entries.add("additionalFields", .text(additional.expression(optional: false))) }
        entries.add("fields", .map(fields))
        service.models.append(ImportedService.Item(name: name, entries: entries, file: SpecAssembler.serviceFile, origin: parts[0].pointer.description))
        return name
    }

    /// The description an `allOf` member that only annotates gives (`allOf: [{$ref: …}, {description: …}]`).
    private static func annotation(of schema: JSONSchema) -> String? {
        guard case .all(let parts, _) = schema.value else { return nil }
        return parts.lazy.compactMap { part in
            if case .fragment = part.value { return part.description } else { return nil }
        }.first
    }

    /// A schema's `default` as the spec writes it, when it is a value of the type; a warning otherwise.
    mutating func defaultNode(_ schema: JSONSchema, type: TypeInfo, at pointer: JSONPointer) -> SpecNode? {
        guard let decoded = schema.defaultValue else { return nil }
        guard let value = raw.value(at: pointer.appending("default")) ?? JSONValue(any: decoded.value) else { return nil }
        return defaultNode(value, schema: schema, type: type, at: pointer)
    }

    /// A default the document gives beside a schema (`{$ref, default}`), checked as the schema's own.
    mutating func defaultNode(_ value: JSONValue, schema: JSONSchema, type: TypeInfo, at pointer: JSONPointer) -> SpecNode? {
        if case .null = value { return nil }
        let scalars: Set<String> = ["String", "Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal"]
        let isEnum = enumModels.contains(type.type)
        guard scalars.contains(type.type) || isEnum else {
            warn(pointer.appending("default"), "default", "default \(value.jsonText) not kept: apigen keeps defaults of numbers, text, Bool and enums, not of \(type.type)")
            return nil
        }
        if isValue(value, of: type.type, schema: schema) { return .json(value) }
        // `default: "20"` on an integer, `default: 5` on text: the value the document means.
        if let text = value.stringText ?? value.scalarText {
            var readings: [JSONValue] = [.string(text)]
            if Double(text) != nil { readings.append(.number(text)) }
            if text == "true" || text == "false" { readings.append(.bool(text == "true")) }
            for other in readings where other != value && isValue(other, of: type.type, schema: schema) {
                warn(pointer.appending("default"), "default", "default \(value.jsonText) read as \(other.jsonText), a value of \(type.type)")
                return .json(other)
            }
        }
        warn(pointer.appending("default"), "default", "default \(value.jsonText) not kept: \(Self.notAValueReason(value, of: type.type))")
        return nil
    }

    /// Why a default is no value of its type: `it is not a value of Int`, or, for a whole number
    /// too large for it, `it is a whole number beyond Int`.
    private static func notAValueReason(_ value: JSONValue, of type: String) -> String {
        let integers: Set<String> = ["Int", "Int32", "Int64"]
        if integers.contains(type), case .number(let text) = value, let number = Double(text), number.isFinite, number == number.rounded() {
            return "it is a whole number beyond \(type)"
        }
        return "it is not a value of \(type)"
    }

    /// Whether a default is what the generator takes for the type: text for `String`, a whole number
    /// within `Int64` for the integers, one of an enum's values.
    private func isValue(_ value: JSONValue, of type: String, schema: JSONSchema) -> Bool {
        switch (type, value) {
        case ("String", .string), ("Bool", .bool), ("Decimal", .number):
            return true
        // Within the type's range, as the generator checks it: `1e-300` is no Float, `1e999` no Double.
        case ("Double", .number(let text)):
            return Double(text)?.isFinite == true
        case ("Float", .number(let text)):
            guard let value = Float(text), value.isFinite else { return false }
            return value != 0 || Double(text) == 0
        case ("Int", .number(let text)), ("Int64", .number(let text)):
            return Int64(text) != nil
        case ("Int32", .number(let text)):
            return Int32(text) != nil
        case (_, .string(let text)), (_, .number(let text)):
            guard enumModels.contains(type) else { return false }
            // The enum's values as the document lists them (a default must name one), and of their
            // kind: `1` is not a value of an enum of the text "1".
            guard let allowed = enumValues(of: schema, depth: 0) else { return true }
            let isText = if case .string = value { true } else { false }
            return allowed.contains { ($0.value is String) == isText && "\($0.value)" == text }
        default:
            return false
        }
    }

    /// The values an enum schema lists, through references and an `allOf` that annotates it.
    private func enumValues(of schema: JSONSchema, depth: Int) -> [AnyCodable]? {
        guard depth < 8, let target = resolved(schema) else { return nil }
        if let allowed = target.allowedValues ?? Self.openEnumPart(of: target)?.part.allowedValues { return allowed }
        if let cases = Self.constCases(of: target) { return cases.map(\.value.decoded) }
        switch target.value {
        case .all(let members, _), .one(let members, _), .any(let members, _):
            return members.lazy.compactMap { enumValues(of: $0, depth: depth + 1) }.first
        default:
            return nil
        }
    }
}
