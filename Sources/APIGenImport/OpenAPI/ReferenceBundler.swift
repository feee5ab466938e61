import APIGenCore
import Foundation

/// Follows `$ref`s to other files of a document split over several (`schemas/pet.yaml`,
/// `common.yaml#/components/parameters/Id`), as `redocly bundle` does, so that the importer reads
/// one document:
/// - a reference to another file's component (`…#/components/<section>/<name>`) and a schema
///   reference (under `schema`, `items`, `properties`, `allOf`…) become components of the
///   document (`#/components/schemas/pet`), each target once, so that names and recursion survive;
/// - any other reference (a path item, a parameter, a response that is no component) is replaced
///   by what it points to.
///
/// References inside another file are read relative to that file (its `#/…` ones too). URLs are
/// not fetched; a file that cannot be read is a warning, and its reference stays as written (the
/// mapper then reports what that loses).
struct ReferenceBundler {
    /// The document with every followed reference local, as JSON, and what was not followed.
    struct Bundled {
        var data: Data
        var notes: [DocumentRepair.Note]
        /// Where each added component came from, so that a warning about it names its own file.
        var origins: [Origin]
    }

    /// A component added from another file: its place in the bundled document and in its file.
    struct Origin {
        /// `#/components/schemas/pet`.
        var component: JSONPointer
        /// The file, relative to the document's folder when it is inside it (`schemas/pet.yaml`).
        var file: String
        /// The component's place in that file (`[]` for the whole file).
        var tokens: [String]
    }

    /// Where a value sits, which decides whether a reference found there is to a schema.
    private enum Context {
        case schema, schemaMap, schemaList, other
    }

    private let documentPath: String
    private var files: [String: Result<JSONValue, Failure>] = [:]
    /// Local references made so far, by target (`/abs/common.yaml#/components/schemas/Error`).
    private var placed: [String: String] = [:]
    /// Components added, in the order their walk ended.
    private var additions: [(section: String, member: JSONMember)] = []
    /// Component names in use, by section.
    private var taken: [String: Set<String>] = [:]
    /// Targets being replaced by their value, to stop a reference that leads back to itself.
    private var inlining: Set<String> = []
    private var inlined = 0
    private var notes: [DocumentRepair.Note] = []
    private var origins: [Origin] = []

    /// Values replaced by their targets at most this many times: each is a copy, and chains of
    /// files could otherwise multiply them.
    static let inlineLimit = 20_000

    private struct Failure: Error {
        var message: String
    }

    private init(documentPath: String) {
        self.documentPath = documentPath
    }

    /// The document with references to other files followed, or `nil` when it has none to follow
    /// (it is then read as it is).
    /// - Parameters:
    ///   - data: The document's bytes, YAML or JSON.
    ///   - document: Where the document is, against which references are resolved.
    static func bundle(_ data: Data, document: URL) -> Bundled? {
        guard mayReferToOtherFiles(data), case .success(let root) = read(data, file: document.lastPathComponent) else { return nil }
        var bundler = ReferenceBundler(documentPath: document.standardizedFileURL.path)
        bundler.files[bundler.documentPath] = .success(root)
        if case .object(let members) = root, case .object(let components)? = members.first(where: { $0.key == "components" })?.value {
            for section in components {
                guard case .object(let entries) = section.value else { continue }
                bundler.taken[section.key] = Set(entries.map(\.key))
            }
        }
        let walked = bundler.walk(root, base: bundler.documentPath, pointer: JSONPointer(), context: .other, isData: false)
        guard walked != root || !bundler.notes.isEmpty else { return nil }
        return Bundled(data: bundler.adding(bundler.additions, to: walked).jsonData, notes: bundler.notes, origins: bundler.origins)
    }

    /// Whether some `$ref` in the text is followed by anything but `#`: a cheap scan, so that a
    /// document in one file is not read twice.
    static func mayReferToOtherFiles(_ data: Data) -> Bool {
        let marker = Array("$ref".utf8)
        return data.withUnsafeBytes { buffer in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var index = 0
            while index + marker.count <= bytes.count {
                guard bytes[index] == marker[0], bytes[index + 1] == marker[1], bytes[index + 2] == marker[2], bytes[index + 3] == marker[3] else {
                    index += 1
                    continue
                }
                index += marker.count
                while index < bytes.count, [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[index]) {
                    index += 1
                }
                if index < bytes.count, bytes[index] != UInt8(ascii: "#") { return true }
            }
            return false
        }
    }

    /// A YAML or JSON file's value, its objects in the file's order; a YAML error names its place
    /// in the file (`schemas/pet.yaml:4:1: …`), `file` being the file as the document refers to it.
    private static func read(_ data: Data, file: String) -> Result<JSONValue, Failure> {
        guard let text = String(data: data, encoding: .utf8) else { return .failure(Failure(message: "it is not UTF-8 text")) }
        var json = data
        let first = text.drop(while: \.isWhitespace).first
        if first != "{" && first != "[" || (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) == nil {
            switch YAMLAsJSON.convert(text, file: "") {
            case .success(let converted):
                json = converted
            case .failure(let failure):
                let problem = failure.diagnostics.first.map { "\(file):\($0.location.line):\($0.location.column): \($0.message)" } ?? "it is not YAML"
                return .failure(Failure(message: problem))
            }
        }
        guard let object = try? JSONSerialization.jsonObject(with: json, options: .fragmentsAllowed), let order = try? OrderedJSON(json),
              let value = RawDocument(order: order, root: object).value(at: JSONPointer()) else {
            return .failure(Failure(message: "it is not well-formed JSON"))
        }
        return .success(value)
    }

    private mutating func walk(_ value: JSONValue, base: String, pointer: JSONPointer, context: Context, isData: Bool) -> JSONValue {
        switch value {
        case .object(let members):
            if !isData, case .string(let reference)? = members.first(where: { $0.key == "$ref" })?.value,
               let followed = follow(reference, siblings: members.filter { $0.key != "$ref" }, base: base, pointer: pointer, context: context) {
                return followed
            }
            return .object(members.map { member in
                let (inner, data) = Self.child(member.key, of: context, at: pointer)
                return JSONMember(key: member.key, value: walk(member.value, base: base, pointer: pointer.appending(member.key), context: inner, isData: isData || data))
            })
        case .array(let items):
            let inner: Context = context == .schemaList ? .schema : .other
            return .array(items.enumerated().map { walk($1, base: base, pointer: pointer.appending(String($0)), context: inner, isData: isData) })
        default:
            return value
        }
    }

    /// The context of a member's value, and whether it is data (an example, a default, an
    /// extension), whose `$ref`s are not references.
    private static func child(_ key: String, of context: Context, at pointer: JSONPointer) -> (Context, Bool) {
        if key.hasPrefix("x-") || key == "example" || key == "examples" { return (.other, true) }
        switch context {
        case .schemaMap, .schemaList:
            return (.schema, false)
        case .schema:
            switch key {
            case "default", "enum", "const": return (.other, true)
            case "items", "additionalProperties", "not", "contains", "if", "then", "else", "propertyNames",
                 "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema":
                return (.schema, false)
            case "properties", "patternProperties", "$defs", "definitions", "dependentSchemas": return (.schemaMap, false)
            case "allOf", "anyOf", "oneOf", "prefixItems": return (.schemaList, false)
            default: return (.other, false)
            }
        case .other:
            if key == "schema" { return (.schema, false) }
            if key == "schemas", pointer.tokens.last == "components" { return (.schemaMap, false) }
            return (.other, false)
        }
    }

    /// What a reference to another file becomes: a local reference to a component made of its
    /// target, or the target itself; `nil` to leave it as written.
    private mutating func follow(_ reference: String, siblings: [JSONMember], base: String, pointer: JSONPointer, context: Context) -> JSONValue? {
        let hash = reference.firstIndex(of: "#") ?? reference.endIndex
        let filePart = String(reference[..<hash])
        let fragment = hash < reference.endIndex ? String(reference[reference.index(after: hash)...]) : ""
        let targetPath: String
        if filePart.isEmpty {
            guard base != documentPath else { return nil }  // the document's own, already local
            targetPath = base
        } else {
            // A URL (`https://…`, `urn:…`) is not fetched.
            guard !filePart.contains(":") || filePart.hasPrefix("/") else { return nil }
            let path = filePart.removingPercentEncoding ?? filePart
            targetPath = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: base).deletingLastPathComponent()).standardizedFileURL.path
        }
        let tokens = JSONPointer(reference: "#" + fragment)?.tokens ?? []
        guard fragment.isEmpty || fragment.hasPrefix("/") else {
            note(pointer, "reference '\(reference)' not followed: its fragment is no JSON pointer")
            return nil
        }
        if targetPath == documentPath {
            return .object([JSONMember(key: "$ref", value: .string(JSONPointer(tokens).description))] + siblings)
        }
        let key = targetPath + "#" + JSONPointer(tokens).description
        let section: String
        let name: String
        if tokens.count == 3, tokens[0] == "components" {
            (section, name) = (tokens[1], tokens[2])
        } else if context == .schema {
            section = "schemas"
            name = tokens.last ?? URL(fileURLWithPath: targetPath).deletingPathExtension().lastPathComponent
        } else {
            return inline(key, reference: reference, targetPath: targetPath, tokens: tokens, siblings: siblings, pointer: pointer, context: context)
        }
        if let local = placed[key] {
            return .object([JSONMember(key: "$ref", value: .string(local))] + siblings)
        }
        guard let target = target(reference, in: targetPath, at: tokens, pointer: pointer) else { return nil }
        let unique = uniqueName(name, in: section)
        let componentPointer = JSONPointer(["components", section, unique])
        placed[key] = componentPointer.description
        origins.append(Origin(component: componentPointer, file: relativeToDocument(targetPath), tokens: tokens))
        let walked = walk(target, base: targetPath, pointer: componentPointer, context: section == "schemas" ? .schema : .other, isData: false)
        additions.append((section, JSONMember(key: unique, value: walked)))
        return .object([JSONMember(key: "$ref", value: .string(componentPointer.description))] + siblings)
    }

    /// The target in place of the reference, its own references followed from its file; the
    /// reference's other members (`description`, `summary`) win over the target's.
    private mutating func inline(
        _ key: String, reference: String, targetPath: String, tokens: [String], siblings: [JSONMember], pointer: JSONPointer, context: Context
    ) -> JSONValue? {
        guard !inlining.contains(key) else {
            note(pointer, "reference '\(reference)' not followed: it leads back to itself")
            return nil
        }
        guard inlined < Self.inlineLimit else {
            note(pointer, "reference '\(reference)' not followed: more than \(Self.inlineLimit) references to other files were replaced by their values")
            return nil
        }
        guard let target = target(reference, in: targetPath, at: tokens, pointer: pointer) else { return nil }
        inlined += 1
        inlining.insert(key)
        defer { inlining.remove(key) }
        let walked = walk(target, base: targetPath, pointer: pointer, context: context, isData: false)
        guard !siblings.isEmpty, case .object(var members) = walked else { return walked }
        for sibling in siblings {
            if let index = members.firstIndex(where: { $0.key == sibling.key }) { members[index] = sibling } else { members.append(sibling) }
        }
        return .object(members)
    }

    /// The value a reference points to, or `nil` (with a warning) when the file cannot be read or
    /// holds nothing there.
    private mutating func target(_ reference: String, in path: String, at tokens: [String], pointer: JSONPointer) -> JSONValue? {
        let file: Result<JSONValue, Failure>
        if let known = files[path] {
            file = known
        } else if let data = FileManager.default.contents(atPath: path) {
            file = Self.read(data, file: relativeToDocument(path))
            files[path] = file
        } else {
            file = .failure(Failure(message: "there is no readable file '\(path)'"))
            files[path] = file
        }
        switch file {
        case .failure(let failure):
            note(pointer, "reference '\(reference)' not followed: \(failure.message)")
            return nil
        case .success(let root):
            var current = root
            for token in tokens {
                switch current {
                case .object(let members) where members.contains { $0.key == token }:
                    current = members.first { $0.key == token }?.value ?? .null
                case .array(let items) where Int(token).map(items.indices.contains) == true:
                    current = items[Int(token) ?? 0]
                default:
                    note(pointer, "reference '\(reference)' not followed: the file has nothing at '\(JSONPointer(tokens).description)'")
                    return nil
                }
            }
            return current
        }
    }

    /// `name`, with characters a component key cannot hold made `_`, and a number when the
    /// section already has it.
    private mutating func uniqueName(_ name: String, in section: String) -> String {
        var base = String(name.unicodeScalars.map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar)) ? Character(scalar) : "_"
        })
        if base.isEmpty { base = "component" }
        return taken[section, default: []].insertFirstFree { number in base + (number.map(String.init) ?? "") }
    }

    /// A file's path relative to the document's folder, or as it is when it lies outside.
    private func relativeToDocument(_ path: String) -> String {
        let folder = URL(fileURLWithPath: documentPath).deletingLastPathComponent().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private mutating func note(_ pointer: JSONPointer, _ message: String) {
        notes.append(DocumentRepair.Note(pointer: pointer, kind: "reference", message: message))
    }

    /// The document with the new components added to their sections.
    private func adding(_ additions: [(section: String, member: JSONMember)], to root: JSONValue) -> JSONValue {
        guard !additions.isEmpty, case .object(var members) = root else { return root }
        var components: [JSONMember] = []
        if let index = members.firstIndex(where: { $0.key == "components" }), case .object(let existing) = members[index].value {
            components = existing
            members.remove(at: index)
        }
        for (section, member) in additions {
            if let index = components.firstIndex(where: { $0.key == section }), case .object(var entries) = components[index].value {
                entries.append(member)
                components[index].value = .object(entries)
            } else {
                components.append(JSONMember(key: section, value: .object([member])))
            }
        }
        members.append(JSONMember(key: "components", value: .object(components)))
        return .object(members)
    }
}
