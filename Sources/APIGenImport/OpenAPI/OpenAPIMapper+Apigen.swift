import APIGenCore
import Foundation
import OpenAPIKit

/// What `apigen export openapi` keeps in `x-apigen` extensions, read back so that importing an
/// export generates the same Swift: the service's `defaults` and default environment at the
/// document's root, an operation's client behaviour, constants, raw body, download or stream, and
/// the mock behind an envelope on the operation.
extension OpenAPIMapper {
    /// A vendor extension of the object at `pointer`, as written. Extensions are read from the
    /// text, not from OpenAPIKit's model: decoding them makes OpenAPIKit decode every object's
    /// whole subtree once more for each level above it, most of the time an import takes.
    func extensionValue(_ key: String, at pointer: JSONPointer) -> JSONValue? {
        raw.value(at: pointer.appending(key))
    }

    /// A text extension, or `nil`.
    func extensionText(_ key: String, at pointer: JSONPointer) -> String? {
        if case .string(let text)? = extensionValue(key, at: pointer) { return text }
        return nil
    }

    /// Whether a flag extension is `true`.
    func extensionFlag(_ key: String, at pointer: JSONPointer) -> Bool {
        extensionValue(key, at: pointer) == .bool(true)
    }

    /// The root `x-apigen` members, in the spec's own keys.
    var serviceKept: [JSONMember] {
        guard case .object(let members)? = raw.value(at: JSONPointer(["x-apigen"])) else { return [] }
        return members
    }

    /// The service's envelope keys from the root `x-apigen`, if it declares one.
    var serviceEnvelope: ExportedEnvelope? {
        guard case .object(let defaults)? = serviceKept.first(where: { $0.key == "defaults" })?.value else { return nil }
        return defaults.first { $0.key == "envelope" }.flatMap { ExportedEnvelope($0.value) }
    }

    /// The service file's settings from the root `x-apigen` (`defaultEnvironment`, `defaults`).
    mutating func mapServiceKept() {
        for member in serviceKept where ["defaultEnvironment", "defaults"].contains(member.key) {
            if member.key == "defaultEnvironment", case .string(let name) = member.value, !service.environments.contains(where: { $0.name == name }) {
                warn(JSONPointer(["x-apigen", "defaultEnvironment"]), "server", "default environment '\(name)' is none of the servers' environments: the first is the default")
                continue
            }
            service.settings.add(member.key, SpecNode(block: member.value))
            service.settingsOrigins[member.key] = JSONPointer(["x-apigen", member.key]).description
        }
    }

    /// An operation's `x-apigen` members.
    func operationKept(at pointer: JSONPointer) -> [JSONMember] {
        guard case .object(let members)? = raw.value(at: pointer.appending("x-apigen")) else { return [] }
        return members
    }

    /// The envelope an operation's answers are wrapped in: its own, none (`envelope: false`), or the service's.
    func envelope(of kept: [JSONMember]) -> ExportedEnvelope? {
        guard let own = kept.first(where: { $0.key == "envelope" })?.value else { return serviceEnvelope }
        return ExportedEnvelope(own)
    }

    /// Puts an operation's `x-apigen` members in its spec mapping, replacing what the document's
    /// standard parts gave for the same key (a `response` of `format: binary` becomes the
    /// download or stream it was).
    static func apply(_ kept: [JSONMember], to entries: inout [SpecEntry]) {
        for member in kept where member.key != "paramOrder" {
            let node = member.key == "mock" ? SpecNode.json(member.value) : SpecNode(block: member.value)
            if let index = entries.firstIndex(where: { $0.key == member.key }) {
                entries[index].value = node
            } else {
                entries.insert(SpecEntry(member.key, node), at: entries.firstIndex { $0.key == "mock" } ?? entries.endIndex)
            }
        }
    }

    /// Params in the order the exported spec declared them (`paramOrder`), when it says one.
    static func ordered(_ params: [SpecEntry], by kept: [JSONMember]) -> [SpecEntry] {
        guard case .array(let names)? = kept.first(where: { $0.key == "paramOrder" })?.value else { return params }
        let rank = Dictionary(names.enumerated().compactMap { index, name in
            if case .string(let text) = name { (text, index) } else { nil }
        }, uniquingKeysWith: { first, _ in first })
        return params.enumerated().sorted { (rank[$0.element.key] ?? Int.max, $0.offset) < (rank[$1.element.key] ?? Int.max, $1.offset) }.map(\.element)
    }

    /// Whether a parameter stands for a value apigen sends by itself, which `x-apigen` carries:
    /// a constant of the operation or a default of the service.
    func isCarriedByKept(at pointer: JSONPointer, operationKept: [JSONMember]) -> Bool {
        if extensionFlag("x-apigen-constant", at: pointer) {
            return operationKept.contains { $0.key == "query" || $0.key == "headers" || $0.key == "accept" }
        }
        if extensionFlag("x-apigen-default", at: pointer) {
            return serviceEnvelope != nil || !serviceKept.isEmpty
        }
        return false
    }
}

/// The keys of an envelope written in `x-apigen` (`{code, success, message, result}`).
struct ExportedEnvelope {
    var result: String

    init?(_ value: JSONValue) {
        guard case .object(let members) = value, case .string(let result)? = members.first(where: { $0.key == "result" })?.value else { return nil }
        self.result = result
    }
}

extension SpecNode {
    /// A JSON value as block YAML: objects as mappings, arrays as sequences.
    init(block value: JSONValue) {
        switch value {
        case .null: self = .literal("null")
        case .bool(let flag): self = .literal(flag ? "true" : "false")
        case .number(let text): self = .literal(text)
        case .string(let text): self = .text(text)
        case .array(let items): self = .list(items.map { SpecNode(block: $0) })
        case .object(let members): self = .map(members.map { SpecEntry($0.key, SpecNode(block: $0.value)) })
        }
    }
}
