import APIGenCore
import Foundation
import OpenAPIKit

/// Enums and sums.
extension OpenAPIMapper {
    /// Case names the document gives beside the values: `x-enum-varnames` (openapi-generator) or
    /// `x-enumNames` (NSwag).
    private func vendorNames(at pointer: JSONPointer) -> [String]? {
        for key in ["x-enum-varnames", "x-enumNames"] {
            if case .array(let names)? = extensionValue(key, at: pointer) {
                return names.map { name in
                    switch name {
                    case .string(let text), .number(let text): text
                    default: name.jsonText
                    }
                }
            }
        }
        return nil
    }

    /// A vendor extension's list of texts; `""` for entries that are not text.
    private func texts(_ key: String, at pointer: JSONPointer) -> [String]? {
        guard case .array(let items)? = extensionValue(key, at: pointer) else { return nil }
        return items.map { if case .string(let text) = $0 { text } else { "" } }
    }

    /// The case names an enum cannot take: `unknown`, `rawValue` and `allCases` where the enum keeps
    /// unknown values (an apigen export's `x-apigen-unknown`), whose generated code declares them;
    /// none for a closed enum (a case `allCases` came back from a round trip as `allCases2`).
    private func caseNames(at pointer: JSONPointer) -> NameRegistry {
        NameRegistry(reserved: extensionFlag("x-apigen-unknown", at: pointer) ? ["unknown", "rawValue", "allCases"] : [])
    }

    /// String enum cases: a value where the generator makes a good name of it, else
    /// `{ value, name }` with the vendor name or a made-up one.
    mutating func stringEnumCases(_ values: [Any], at pointer: JSONPointer, names givenNames: [String]? = nil, descriptions givenDescriptions: [String]? = nil) -> [SpecNode] {
        let names = givenNames ?? vendorNames(at: pointer)
        let descriptions = givenDescriptions ?? texts("x-enum-descriptions", at: pointer)
        var registry = caseNames(at: pointer)
        var cases: [SpecNode] = []
        var seen: Set<String> = []
        for (index, raw) in values.enumerated() {
            let value: String
            switch JSONValue(any: raw) {
            case .string(let text)?:
                value = text
            case .null?, nil:
                continue
            case let other?:
                // `- 3` under `type: string` (YAML reads it as a number) means the text `3`.
                guard let text = other.scalarText else {
                    warn(pointer.appending("enum", String(index)), "enum", "enum value \(other.jsonText) is not text: dropped")
                    continue
                }
                value = text
                warn(pointer.appending("enum", String(index)), "enum", "enum value \(text) is not text: read as \"\(text)\"")
            }
            guard seen.insert(value).inserted else { continue }
            let description = descriptions.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil }
            var explicitName: String?
            if let names, index < names.count, SpecNaming.memberName(names[index]) != SpecNaming.memberName(value) {
                let name = registry.memberName(for: names[index], fallback: "case").name
                explicitName = SpecNaming.memberName(name) ?? "case\(index)"
            } else {
                let (name, renamed) = registry.memberName(for: value, fallback: "value")
                if renamed { explicitName = SpecNaming.memberName(name) ?? "value\(index)" }
            }
            if explicitName == nil, description == nil {
                cases.append(.text(value))
            } else {
                var entry: [SpecEntry] = [SpecEntry("value", .text(value))]
                entry.add("name", text: explicitName)
                entry.add("description", text: description)
                cases.append(.map(entry))
            }
        }
        return cases
    }

    /// The enum of a `oneOf` of constants: a list of text cases, or `name: value` whole numbers,
    /// named by the members' titles (the value where a member has none) and described by their
    /// descriptions.
    mutating func constEnum(_ cases: [ConstCase], at pointer: JSONPointer) -> SpecNode {
        let descriptions = cases.map { $0.description ?? "" }
        let texts = cases.compactMap { if case .text(let text) = $0.value { text } else { nil } }
        if texts.count == cases.count {
            return .list(stringEnumCases(texts, at: pointer, names: zip(cases, texts).map { $0.title ?? $1 }, descriptions: descriptions))
        }
        let numbers = cases.compactMap { if case .integer(let number) = $0.value { number } else { nil } }
        let names = zip(cases, numbers).map { $0.title ?? Self.madeCaseName(of: $1) }
        return .map(integerEnumCases(numbers, at: pointer, names: names, descriptions: descriptions))
    }

    /// The name of an Int enum case the document does not name: `value3`, `minus1`.
    private static func madeCaseName(of value: Int) -> String {
        value < 0 ? "minus\(value.magnitude)" : "value\(value)"
    }

    /// Int enum cases: `name: value`, names from the vendor names (or those given) or made from the value.
    mutating func integerEnumCases(_ values: [Any], at pointer: JSONPointer, names givenNames: [String]? = nil, descriptions givenDescriptions: [String]? = nil) -> [SpecEntry] {
        let names = givenNames ?? vendorNames(at: pointer)
        let descriptions = givenDescriptions ?? texts("x-enum-descriptions", at: pointer)
        var registry = caseNames(at: pointer)
        var cases: [SpecEntry] = []
        var seen: Set<Int> = []
        for (index, raw) in values.enumerated() {
            guard let value = raw as? Int else {
                if !(raw is NSNull) { warn(pointer.appending("enum", String(index)), "enum", "enum value \(notIntegerReason(raw, at: pointer.appending("enum", String(index)))): dropped") }
                continue
            }
            guard seen.insert(value).inserted else { continue }
            let source = names.flatMap { index < $0.count ? $0[index] : nil } ?? Self.madeCaseName(of: value)
            let name = registry.memberName(for: source, fallback: "value").name
            let description = descriptions.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil }
            let node: SpecNode = description.map { .map([SpecEntry("value", .literal(String(value))), SpecEntry("description", .text($0))]) } ?? .literal(String(value))
            cases.append(SpecEntry(SpecNaming.memberName(name) ?? "value\(index)", node))
        }
        return cases
    }

    /// Why an enum value is no case of an Int enum, naming it as the document writes it:
    /// `1.5 is not a whole number`, `99999999999999999999 is a whole number beyond Int64`.
    private func notIntegerReason(_ value: Any, at pointer: JSONPointer) -> String {
        let written = self.raw.value(at: pointer).map { if case .number(let text) = $0 { text } else { $0.jsonText } } ?? "\(value)"
        if let number = value as? Double, number.isFinite, number == number.rounded() {
            return "\(written) is a whole number beyond Int64"
        }
        return "\(written) is not a whole number"
    }

    /// `oneOf` (and `anyOf`, approximated) with its discriminator.
    mutating func sumEntries(_ name: String, schema: JSONSchema, parts: [JSONSchema], at pointer: JSONPointer) -> [SpecEntry] {
        let key = schema.value.isOneOf ? "oneOf" : "anyOf"
        if !schema.value.isOneOf {
            warn(pointer.appending("anyOf"), "anyOf", "anyOf imported as oneOf: a value decodes as the first member that matches, not as all that do")
        }
        var members: [SpecNode] = []
        var memberTypes: [String] = []
        var kept: [SumMember] = []
        var names = NameRegistry()
        // An apigen export names each member's case.
        var given: [String] = []
        if case .array(let cases)? = raw.value(at: pointer.appending("x-apigen-cases")) {
            given = cases.compactMap { if case .string(let name) = $0 { name } else { nil } }
        }
        for (index, part) in parts.enumerated() {
            if case .null = part.value { continue }
            // An inline member is named after its title (`Card`), else its place.
            let title = part.title.flatMap { SpecNaming.typeName($0) }.flatMap { $0.hasPrefix("_") ? nil : $0 }
            let info = typeInfo(part, at: pointer.appending(key, String(index)), hint: name + (title ?? "Option\(index + 1)"))
            // A member cannot be optional: null is left out (the field holding the sum is optional).
            let type = info.type
            guard type != name else {
                warn(pointer.appending(key, String(index)), "oneOf", "member '\(type)' is the sum itself, which decoding would never end: dropped")
                continue
            }
            guard !memberTypes.contains(type) else {
                warn(pointer.appending(key, String(index)), "oneOf", "member '\(type)' listed twice: kept once")
                continue
            }
            if type == "JSON" {
                warn(pointer.appending(key, String(index)), "oneOf", "member of any type dropped; the sum keeps unknown values instead")
                continue
            }
            memberTypes.append(type)
            kept.append(SumMember(type: type, schema: part))
            // Case names come from the type; members whose names clash get one of their own.
            let caseName = SpecNaming.memberName(type.replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "List")) ?? "option\(index + 1)"
            var described: [SpecEntry] = []
            if !given.isEmpty, case .string(let text)? = raw.value(at: pointer.appending(key, String(index), "description")) {
                described.add("description", text: text)
            }
            if index < given.count, given[index] != caseName, names.isFree(given[index]) {
                names.reserve(given[index])
                members.append(.map([SpecEntry("type", .text(type)), SpecEntry("name", .text(given[index]))] + described))
            } else if !described.isEmpty, names.isFree(caseName) {
                names.reserve(caseName)
                members.append(.map([SpecEntry("type", .text(type))] + described))
            } else if names.isFree(caseName) {
                names.reserve(caseName)
                members.append(.text(type))
            } else {
                let made = names.memberName(for: "option\(index + 1)", fallback: "option").name
                members.append(.map([SpecEntry("type", .text(type)), SpecEntry("name", .text(made))]))
            }
        }
        var entries: [SpecEntry] = [SpecEntry("oneOf", .list(members))]
        if parts.contains(where: { if case .fragment = $0.value { return true } else { return false } })
            || extensionFlag("x-apigen-unknown", at: pointer) {
            entries.add("unknown", .literal("true"))
        }
        if let discriminator = schema.discriminator {
            let allModels = kept.allSatisfy { member in service.models.contains { $0.name == member.type } || componentModels.values.contains(member.type) }
            if !allModels {
                warn(pointer.appending("discriminator"), "discriminator", "discriminator dropped: a member is not an object; members are told apart by trying each in turn")
            } else if let entry = discriminatorEntry(discriminator, members: kept, at: pointer) {
                entries.add("discriminator", entry)
            }
        }
        return entries
    }
}
