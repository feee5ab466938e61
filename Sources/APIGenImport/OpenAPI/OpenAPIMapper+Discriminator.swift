import APIGenCore
import OpenAPIKit

/// A `oneOf`'s discriminator: kept as a tag per member where apigen's tagged sums can say what the
/// document says, dropped with a warning otherwise (the members are then told apart by trying each
/// in turn, which reads every value the tags would have).
extension OpenAPIMapper {
    /// A kept member of a sum: its spec type and the schema it came from.
    struct SumMember {
        var type: String
        var schema: JSONSchema
    }

    /// The `discriminator:` entry of a sum, or `nil` (and a warning) when it cannot be kept.
    mutating func discriminatorEntry(_ discriminator: OpenAPI.Discriminator, members: [SumMember], at pointer: JSONPointer) -> SpecNode? {
        let here = pointer.appending("discriminator")
        let property = discriminator.propertyName
        if let reason = property.isEmpty ? "its propertyName is empty" : untaggableMember(members, property: property) {
            warn(here, "discriminator", "discriminator dropped: \(reason); members are told apart by trying each in turn")
            return nil
        }
        // The document's mapping first, then what each member's own property allows, then (as
        // OpenAPI says) the component's name.
        var tags: [String: String] = [:]
        var tagOfMember: [String: String] = [:]
        var mapping: [SpecEntry] = []
        for (tag, target) in inDocumentOrder(discriminator.mapping ?? [:], at: here.appending("mapping"), key: { $0 }) {
            let targetName = target.split(separator: "/").last.map(String.init) ?? target
            guard let model = componentModels[targetName], members.contains(where: { $0.type == model }) else {
                warn(here.appending("mapping", tag), "discriminator", "mapping '\(tag)' → '\(target)' names no member: dropped")
                continue
            }
            if let other = tagOfMember[model] {
                warn(here, "discriminator", "discriminator dropped: tags '\(other)' and '\(tag)' both map to '\(model)', and a member of apigen's tagged sums has one tag (the one it is written back with); members are told apart by trying each in turn")
                return nil
            }
            if let member = members.first(where: { $0.type == model }), let reason = tagRefused(tag, by: member, property: property) {
                warn(here, "discriminator", "discriminator dropped: \(reason); members are told apart by trying each in turn")
                return nil
            }
            tagOfMember[model] = tag
            tags[tag] = model
            mapping.add(tag, .text(model))
        }
        for member in members where tagOfMember[member.type] == nil {
            let tag = onlyValue(of: property, in: member.schema) ?? componentKey(of: member)
            if let other = tags[tag] {
                warn(here, "discriminator", "discriminator dropped: members '\(other)' and '\(member.type)' both have the tag '\(tag)'; members are told apart by trying each in turn")
                return nil
            }
            if let reason = tagRefused(tag, by: member, property: property) {
                warn(here, "discriminator", "discriminator dropped: \(reason); members are told apart by trying each in turn")
                return nil
            }
            tagOfMember[member.type] = tag
            tags[tag] = member.type
            if tag != member.type { mapping.add(tag, .text(member.type)) }
        }
        if let fallback = discriminator.defaultMapping {
            warn(here.appending("defaultMapping"), "discriminator", "defaultMapping '\(fallback)' not kept")
        }
        if mapping.isEmpty { return .text(property) }
        return .map([SpecEntry("propertyName", .text(property)), SpecEntry("mapping", .map(mapping))])
    }

    /// Why the members cannot carry a tag: one is not an object, or holds the property as
    /// something other than text.
    private func untaggableMember(_ members: [SumMember], property: String) -> String? {
        for member in members {
            guard let schema = resolved(member.schema), isObjectModel(schema) else {
                return "member '\(member.type)' is not an object"
            }
            if let field = properties(of: schema)[property], !isText(field) {
                return "member '\(member.type)' holds '\(property)' as something other than text"
            }
        }
        return nil
    }

    /// Whether a schema becomes a model with fields (an object or an `allOf`), not a sum or an enum.
    private func isObjectModel(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .object, .all: isModel(schema)
        default: false
        }
    }

    /// Whether a property becomes a `String` or a string enum (not a `Date`, a `URL`…).
    private func isText(_ schema: JSONSchema) -> Bool {
        guard let schema = resolved(schema), case .string(let core, _) = schema.value else { return false }
        return !["date-time", "date", "uuid", "uri", "url", "byte"].contains(core.formatString ?? "")
    }

    /// The one value a member's property allows (`enum: [user]`, `const: user`): its tag.
    private func onlyValue(of property: String, in member: JSONSchema) -> String? {
        let values = allowedValues(of: property, in: member) ?? []
        return values.count == 1 ? values[0] : nil
    }

    /// Why a member's property cannot hold its tag (`enum: [c, cc]` for the tag `C`): the member
    /// would never decode, its property refusing the tag.
    private func tagRefused(_ tag: String, by member: SumMember, property: String) -> String? {
        guard let values = allowedValues(of: property, in: member.schema), !values.contains(tag) else { return nil }
        return "member '\(member.type)' holds '\(property)' as one of \(values.joined(separator: ", ")), not its tag '\(tag)'"
    }

    /// The text values a member's property allows (`enum`, `const`), or `nil` when it allows any.
    private func allowedValues(of property: String, in member: JSONSchema) -> [String]? {
        guard let schema = resolved(member), let field = properties(of: schema)[property].flatMap(resolved),
              let allowed = field.allowedValues else { return nil }
        return allowed.compactMap { $0.value as? String }
    }

    /// The component name of a member that is a component (OpenAPI's implicit tag), else its type.
    private func componentKey(of member: SumMember) -> String {
        if case .reference(let reference, _) = member.schema.value, let name = reference.name, componentModels[name] == member.type {
            return name
        }
        return member.type
    }

    /// A schema with references to this document's component schemas followed.
    func resolved(_ schema: JSONSchema) -> JSONSchema? {
        var current = schema
        for _ in 0..<32 {
            guard case .reference(let reference, _) = current.value else { return current }
            guard reference.isInternal, reference.absoluteString.hasPrefix("#/components/schemas/"), let name = reference.name,
                  let key = OpenAPI.ComponentKey(rawValue: name), let target = document.components.schemas[key] else { return nil }
            current = target
        }
        return nil
    }

    /// The properties of an object schema, with those of its `allOf` members.
    func properties(of schema: JSONSchema) -> [String: JSONSchema] {
        var found: [String: JSONSchema] = [:]
        var seen = 0
        collect(schema, into: &found, budget: &seen)
        return found
    }

    private func collect(_ schema: JSONSchema, into found: inout [String: JSONSchema], budget: inout Int) {
        budget += 1
        guard budget < 256, let schema = resolved(schema) else { return }
        switch schema.value {
        case .object(_, let context):
            for (key, value) in context.properties where found[key] == nil { found[key] = value }
        case .all(let parts, _):
            for part in parts { collect(part, into: &found, budget: &budget) }
        default:
            break
        }
    }
}
