import Foundation

/// Mends what published documents get wrong in OpenAPI's structure (not in schemas, which
/// ``DocumentRepair`` mends) where OpenAPIKit would reject the whole document, each with a note:
///
/// - A component key with characters OpenAPI does not allow (`PagedList`1[System.String]`, .NET's
///   generic names) is renamed (`PagedList_1_System.String_`), and every `$ref`, discriminator
///   mapping and security requirement that names it follows.
/// - A document without `paths` gets an empty one (3.0 requires it): its components still import.
/// - A server variable without a `default` takes its first `enum` value, or its own name.
/// - A security scheme missing what its type needs (an `apiKey` without `name`…) is left out, and
///   so are requirements that name a scheme the document does not define. apigen imports neither;
///   the importer says so for every scheme and requirement it reads.
/// - A response whose `description` is missing or not text gets an empty one; an operation without
///   `responses` gets none.
/// - A parameter or header with neither `schema` nor `content` is read as text; one with both,
///   as its `schema` says.
struct StructureRepair {
    private(set) var notes: [DocumentRepair.Note] = []
    /// Component keys renamed, by section (`schemas`): new key → key as written.
    private(set) var renamedKeys: [String: [String: String]] = [:]

    /// The root mended, or `nil` when nothing in it needed mending.
    mutating func repaired(_ root: [String: Any]) -> [String: Any]? {
        var root = root
        var changed = renameComponentKeys(&root)
        if root["paths"] == nil {
            root["paths"] = [String: Any]()
            notes.append(DocumentRepair.Note(pointer: JSONPointer(["paths"]), kind: "paths", message: "the document has no 'paths': only its components are imported"))
            changed = true
        }
        changed = mendSecurity(&root) || changed
        changed = Self.edit(&root, "servers") { self.mendServers(&$0, at: JSONPointer(["servers"])) } || changed
        changed = Self.editObject(&root, "paths") { paths in
            var changed = false
            for path in paths.keys.sorted() {
                changed = Self.editObject(&paths, path) { self.mendPathItem(&$0, at: JSONPointer(["paths", path])) } || changed
            }
            return changed
        } || changed
        changed = Self.editObject(&root, "components") { components in
            let here = JSONPointer(["components"])
            var changed = Self.editEach(&components, "responses") { self.mendResponse(&$0, at: here.appending("responses", $1)) }
            changed = Self.editEach(&components, "requestBodies") { self.mendContent(&$0, at: here.appending("requestBodies", $1)) } || changed
            changed = Self.editEach(&components, "headers") { self.mendParameter(&$0, at: here.appending("headers", $1), what: "header '\($1)'") } || changed
            changed = Self.editEach(&components, "parameters") { self.mendParameter(&$0, at: here.appending("parameters", $1), what: "parameter '\($0["name"] as? String ?? $1)'") } || changed
            return changed
        } || changed
        return changed ? root : nil
    }

    // MARK: Component keys

    /// OpenAPI's rule for a component's key, which OpenAPIKit enforces.
    static func isComponentKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-_".unicodeScalars.contains($0)) }
    }

    private mutating func renameComponentKeys(_ root: inout [String: Any]) -> Bool {
        guard var components = root["components"] as? [String: Any] else { return false }
        var renames: [String: [String: String]] = [:]
        for section in components.keys.sorted() {
            guard var entries = components[section] as? [String: Any], entries.keys.contains(where: { !Self.isComponentKey($0) }) else { continue }
            for key in entries.keys.sorted() where !Self.isComponentKey(key) {
                var base = String(key.unicodeScalars.map { Self.isComponentKey(String($0)) ? Character($0) : "_" })
                while base.contains("__") { base = base.replacingOccurrences(of: "__", with: "_") }
                if base.isEmpty || base == "_" { base = "Component" }
                var candidate = base
                var number = 2
                while entries[candidate] != nil || renames[section]?.values.contains(candidate) == true {
                    candidate = base + String(number)
                    number += 1
                }
                entries[candidate] = entries.removeValue(forKey: key)
                renames[section, default: [:]][key] = candidate
                renamedKeys[section, default: [:]][candidate] = key
                notes.append(DocumentRepair.Note(pointer: JSONPointer(["components", section, key]), kind: "rename", message: "component key '\(key)' has characters OpenAPI does not allow in one: read as '\(candidate)'"))
            }
            components[section] = entries
        }
        guard !renames.isEmpty else { return false }
        root["components"] = components
        root = Self.followingRenames(root, renames) as? [String: Any] ?? root
        return true
    }

    /// A value whose `$ref`s, discriminator mappings and security requirements name the renamed
    /// components by their new keys.
    private static func followingRenames(_ value: Any, _ renames: [String: [String: String]], inSecurity: Bool = false) -> Any {
        if var object = value as? [String: Any] {
            if let reference = object["$ref"] as? String { object["$ref"] = renamedReference(reference, renames) }
            if var discriminator = object["discriminator"] as? [String: Any], let mapping = discriminator["mapping"] as? [String: Any] {
                discriminator["mapping"] = mapping.mapValues { target -> Any in
                    guard let target = target as? String else { return target }
                    return target.hasPrefix("#") ? renamedReference(target, renames) : renames["schemas"]?[target] ?? target
                }
                object["discriminator"] = discriminator
            }
            if inSecurity, let schemes = renames["securitySchemes"] {
                object = Dictionary(object.map { (schemes[$0.key] ?? $0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            }
            for (key, member) in object where member is [String: Any] || member is [Any] {
                object[key] = followingRenames(member, renames, inSecurity: key == "security")
            }
            return object
        }
        if let array = value as? [Any] {
            return array.map { followingRenames($0, renames, inSecurity: inSecurity) }
        }
        return value
    }

    /// `#/components/<section>/<key>…` with the key renamed, else the reference as it was.
    private static func renamedReference(_ reference: String, _ renames: [String: [String: String]]) -> String {
        guard let pointer = JSONPointer(reference: reference), pointer.tokens.count >= 3, pointer.tokens[0] == "components",
              let new = renames[pointer.tokens[1]]?[pointer.tokens[2]] else { return reference }
        var tokens = pointer.tokens
        tokens[2] = new
        return JSONPointer(tokens).description
    }

    // MARK: Security

    private static let schemeNeeds: [String: [String]] = [
        "apiKey": ["name", "in"], "http": ["scheme"], "oauth2": ["flows"], "openIdConnect": ["openIdConnectUrl"], "mutualTLS": [],
    ]

    private mutating func mendSecurity(_ root: inout [String: Any]) -> Bool {
        var changed = false
        var schemes = Set<String>()
        if var components = root["components"] as? [String: Any], var defined = components["securitySchemes"] as? [String: Any] {
            for name in defined.keys.sorted() {
                guard let scheme = defined[name] as? [String: Any], scheme["$ref"] == nil else {
                    schemes.insert(name)
                    continue
                }
                let type = scheme["type"] as? String ?? ""
                let missing = Self.schemeNeeds[type].map { $0.filter { scheme[$0] == nil } } ?? ["a known 'type'"]
                if missing.isEmpty {
                    schemes.insert(name)
                    continue
                }
                defined[name] = nil
                changed = true
                notes.append(DocumentRepair.Note(pointer: JSONPointer(["components", "securitySchemes", name]), kind: "security", message: "security scheme without \(missing.map { $0.hasPrefix("a ") ? $0 : "'\($0)'" }.joined(separator: " and ")) left out"))
            }
            components["securitySchemes"] = defined
            root["components"] = components
        }
        changed = mendRequirements(&root, schemes: schemes, at: JSONPointer()) || changed
        changed = Self.editObject(&root, "paths") { paths in
            var changed = false
            for path in paths.keys.sorted() {
                changed = Self.editObject(&paths, path) { item in
                    var changed = false
                    for method in Self.methods {
                        changed = Self.editObject(&item, method) { self.mendRequirements(&$0, schemes: schemes, at: JSONPointer(["paths", path, method])) } || changed
                    }
                    return changed
                } || changed
            }
            return changed
        } || changed
        return changed
    }

    /// Takes out of `object["security"]` the schemes the document does not define.
    private mutating func mendRequirements(_ object: inout [String: Any], schemes: Set<String>, at pointer: JSONPointer) -> Bool {
        guard let requirements = object["security"] as? [Any] else { return false }
        var changed = false
        let mended = requirements.enumerated().map { index, requirement -> Any in
            guard var names = requirement as? [String: Any] else { return requirement }
            for name in names.keys.sorted() where !schemes.contains(name) {
                names[name] = nil
                changed = true
                notes.append(DocumentRepair.Note(pointer: pointer.appending("security", String(index)), kind: "security", message: "security requirement names '\(name)', which the document does not define (or was left out): left out"))
            }
            return names
        }
        if changed { object["security"] = mended }
        return changed
    }

    // MARK: Paths, servers, responses, parameters

    private static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"]

    private mutating func mendPathItem(_ item: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard item["$ref"] == nil else { return false }
        var changed = Self.edit(&item, "servers") { self.mendServers(&$0, at: pointer.appending("servers")) }
        changed = mendParameters(&item, at: pointer) || changed
        for method in Self.methods {
            changed = Self.editObject(&item, method) { operation in
                let here = pointer.appending(method)
                var changed = Self.edit(&operation, "servers") { self.mendServers(&$0, at: here.appending("servers")) }
                changed = self.mendParameters(&operation, at: here) || changed
                // An operation given as a `$ref` (to another file) is not OpenAPI's: left for the error.
                if operation["responses"] == nil, operation["$ref"] == nil {
                    operation["responses"] = [String: Any]()
                    self.notes.append(DocumentRepair.Note(pointer: here, kind: "response", message: "operation without 'responses' (OpenAPI requires them): read as answering nothing"))
                    changed = true
                }
                changed = Self.editEach(&operation, "responses") { self.mendResponse(&$0, at: here.appending("responses", $1)) } || changed
                changed = Self.editObject(&operation, "requestBody") { self.mendContent(&$0, at: here.appending("requestBody")) } || changed
                return changed
            } || changed
        }
        return changed
    }

    private static let places: Set<String> = ["query", "header", "path", "cookie", "querystring"]

    /// An operation's or path item's parameters without those OpenAPI 3 has no place for
    /// (Swagger 2.0's `in: body` and `in: formData`), each read as text when it gives no type.
    private mutating func mendParameters(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard let parameters = object["parameters"] as? [Any] else { return false }
        var changed = false
        var kept: [Any] = []
        for (index, value) in parameters.enumerated() {
            guard var parameter = value as? [String: Any], parameter["$ref"] == nil else {
                kept.append(value)
                continue
            }
            let here = pointer.appending("parameters", String(index))
            let name = parameter["name"] as? String ?? ""
            let place = parameter["in"] as? String ?? ""
            guard Self.places.contains(place), !name.isEmpty else {
                let reason = name.isEmpty ? "a parameter without a name" : "'in: \(place)' is no parameter place of OpenAPI 3\(["body", "formData"].contains(place) ? " (it is Swagger 2.0's: OpenAPI 3 has requestBody)" : "")"
                notes.append(DocumentRepair.Note(pointer: here, kind: "parameter", message: "\(reason): parameter '\(name)' not imported"))
                changed = true
                continue
            }
            changed = mendParameter(&parameter, at: here, what: "parameter '\(name)'") || changed
            kept.append(parameter)
        }
        if changed { object["parameters"] = kept }
        return changed
    }

    /// A parameter or header with neither `schema` nor `content`: read as text; with both: its
    /// `schema` read.
    private mutating func mendParameter(_ object: inout [String: Any], at pointer: JSONPointer, what: String) -> Bool {
        guard object["$ref"] == nil else { return false }
        if object["schema"] != nil, object["content"] != nil {
            object["content"] = nil
            notes.append(DocumentRepair.Note(pointer: pointer, kind: "parameter", message: "\(what) has both 'schema' and 'content' (OpenAPI allows one): its schema is read"))
            return true
        }
        guard object["schema"] == nil, object["content"] == nil else { return false }
        object["schema"] = ["type": "string"]
        notes.append(DocumentRepair.Note(pointer: pointer, kind: "parameter", message: "\(what) has neither 'schema' nor 'content': read as text"))
        return true
    }

    private mutating func mendResponse(_ response: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard response["$ref"] == nil else { return false }
        var changed = false
        if !(response["description"] is String) {
            response["description"] = ""
            changed = true
            notes.append(DocumentRepair.Note(pointer: pointer, kind: "response", message: "response without a 'description' (OpenAPI requires one): read as empty"))
        }
        changed = Self.editEach(&response, "headers") { self.mendParameter(&$0, at: pointer.appending("headers", $1), what: "header '\($1)'") } || changed
        return mendContent(&response, at: pointer) || changed
    }

    /// Media types that differ only in their parameters (`application/json` and
    /// `application/json;simple`), which OpenAPIKit reads as one key, keeping either as it happens:
    /// the one without parameters (else the first in sorted order) is kept, the others dropped.
    private mutating func mendContent(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard object["$ref"] == nil, let content = object["content"] as? [String: Any], content.count > 1 else { return false }
        let byType = Dictionary(grouping: content.keys) { Self.mediaType($0) }
        var kept = content
        // In sorted order, so that the warnings come in the same order every run.
        for (type, keys) in byType.sorted(by: { $0.key < $1.key }) where keys.count > 1 {
            let winner = keys.first { $0.lowercased() == type } ?? keys.min() ?? type
            for key in keys.sorted() where key != winner {
                kept[key] = nil
                notes.append(DocumentRepair.Note(
                    pointer: pointer.appending("content", key), kind: "body",
                    message: "media type '\(key)' not imported: it differs from '\(winner)', which is read, only in its parameters"
                ))
            }
        }
        guard kept.count < content.count else { return false }
        object["content"] = kept
        return true
    }

    /// A media type without its parameters, in lower case: `application/json;simple` → `application/json`.
    private static func mediaType(_ key: String) -> String {
        String(key.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether a server URL's braces are variables OpenAPIKit reads: `{name}`, not nested or open.
    static func isURLTemplate(_ url: String) -> Bool {
        var inside: String?
        for character in url {
            switch (character, inside) {
            case ("{", nil): inside = ""
            case ("{", _?), ("}", nil): return false
            case ("}", let name?):
                guard !name.isEmpty else { return false }
                inside = nil
            case (_, let name?): inside = name + String(character)
            default: break
            }
        }
        return inside == nil
    }

    /// Server variables without a `default`: the first `enum` value, or the variable's own name;
    /// a server whose URL is not a template OpenAPIKit reads is left out.
    private mutating func mendServers(_ value: inout Any, at pointer: JSONPointer) -> Bool {
        guard var servers = value as? [Any] else { return false }
        var changed = false
        for index in servers.indices {
            guard var server = servers[index] as? [String: Any] else { continue }
            let here = pointer.appending(String(index), "variables")
            if Self.editEach(&server, "variables", { variable, name in
                guard !(variable["default"] is String) else { return false }
                let choice = (variable["enum"] as? [Any])?.first.map { "\($0)" }
                variable["default"] = choice ?? name
                self.notes.append(DocumentRepair.Note(pointer: here.appending(name), kind: "server-variable", message: "server variable '\(name)' has no default (OpenAPI requires one): \(choice.map { "its first value '\($0)'" } ?? "its name") used; set the real one in the spec's environments"))
                return true
            }) {
                servers[index] = server
                changed = true
            }
        }
        // Left out last, so that the notes above name each server by its place in the document.
        for index in servers.indices.reversed() {
            guard let url = (servers[index] as? [String: Any])?["url"] as? String, !Self.isURLTemplate(url) else { continue }
            notes.append(DocumentRepair.Note(pointer: pointer.appending(String(index), "url"), kind: "server", message: "server URL '\(url)' has braces that are no variable ('{name}'): left out"))
            servers.remove(at: index)
            changed = true
        }
        if changed { value = servers }
        return changed
    }

    // MARK: Editing values of unknown shape in place

    /// Edits `object[key]` when it is there; whether it changed.
    private static func edit(_ object: inout [String: Any], _ key: String, _ body: (inout Any) -> Bool) -> Bool {
        guard var value = object[key] else { return false }
        guard body(&value) else { return false }
        object[key] = value
        return true
    }

    /// Edits `object[key]` when it is an object.
    private static func editObject(_ object: inout [String: Any], _ key: String, _ body: (inout [String: Any]) -> Bool) -> Bool {
        guard var value = object[key] as? [String: Any], body(&value) else { return false }
        object[key] = value
        return true
    }

    /// Edits each member of the object `object[key]` that is an object, with its key.
    private static func editEach(_ object: inout [String: Any], _ key: String, _ body: (inout [String: Any], String) -> Bool) -> Bool {
        editObject(&object, key) { members in
            var changed = false
            for name in members.keys.sorted() {
                guard var member = members[name] as? [String: Any], body(&member, name) else { continue }
                members[name] = member
                changed = true
            }
            return changed
        }
    }
}
