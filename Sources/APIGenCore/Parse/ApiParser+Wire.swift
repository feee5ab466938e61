import Foundation

/// Reads spec format 2's wire keys of an API: `query`, `headers`, `accept`, a path's `?flag` and
/// `:name` sugar, and the response's `headers`.
extension ApiParser {
    static let responseHeaderKeys = ["type", "key", "description"]

    /// `/api/progroups/:id?changecreator` → `/api/progroups/{id}` and the query flag `changecreator`.
    /// A segment `:name` is NEI's placeholder; after `?`, `a=b` is a query item and a bare `flag` one
    /// without value. Percent escapes in the query part are decoded (they are encoded again on the wire).
    mutating func pathSugar(_ path: String, at location: SourceLocation, of what: String, query: [ConstantDecl]) -> (String, [ConstantDecl]) {
        guard !path.utf8.contains(UInt8(ascii: "#")) else { return (path, query) }  // reported by the resolver
        guard path.utf8.contains(UInt8(ascii: "?")) else { return (Self.placeholders(in: path), query) }
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var items = query
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                guard !item.contains("{"), !item.contains("}") else {
                    reader.diagnostics.error("query '\(item)' in the path of \(what) is a placeholder: placeholders go in the path before ?; after it come constants, name or name=value (for a value of your own, declare a param with `in: query`)", at: location)
                    continue
                }
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = String(pair[0]).removingPercentEncoding, !name.isEmpty,
                      let value = pair.count == 2 ? String(pair[1]).removingPercentEncoding : "" else {
                    reader.diagnostics.error("query '\(item)' in the path of \(what) needs a name and valid percent escapes", at: location)
                    continue
                }
                items.append(ConstantDecl(name: name, value: pair.count == 2 ? value : nil, location: location))
            }
        }
        return (Self.placeholders(in: String(parts[0])), items)
    }

    /// Rewrites NEI's `:name` segments as `{name}`; other colons (`/v1/{id}:run`) stay.
    static func placeholders(in path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: ":")), path.contains("/:") else { return path }
        var result = ""
        for (index, segment) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
            if index > 0 { result += "/" }
            let name = segment.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            if segment.first == ":", !name.isEmpty {
                result += "{\(name)}" + segment.dropFirst(1 + name.count)
            } else {
                result += segment
            }
        }
        return result
    }

    /// `query: { action: changecreator, flag: }`: an empty (null) value is a bare flag.
    mutating func constantQuery(_ node: YAMLNode, of what: String, adding existing: [ConstantDecl]) -> [ConstantDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("query of \(what) must be a mapping of names to values, found \(node.kindDescription)", at: node.location)
            return existing
        }
        return existing + pairs.compactMap { pair in
            if pair.name.isEmpty {
                reader.diagnostics.error("query item names of \(what) must not be empty", at: pair.key.location)
                return nil
            }
            if case .null = pair.value.scalarValue { return ConstantDecl(name: pair.name, value: nil, location: pair.key.location) }
            return reader.string(pair.value, "query item '\(pair.name)' of \(what)", lenient: true).map {
                ConstantDecl(name: pair.name, value: $0, location: pair.key.location)
            }
        }
    }

    /// `headers: { X-Feature: beta }`.
    mutating func constantHeaders(_ node: YAMLNode, of what: String) -> [ConstantDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("headers of \(what) must be a mapping of header names to values, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { pair in
            reader.string(pair.value, "header '\(pair.name)' of \(what)", lenient: true).map {
                ConstantDecl(name: pair.name, value: $0, location: pair.key.location)
            }
        }
    }

    /// `accept: application/vnd.github+json`.
    mutating func accept(_ node: YAMLNode, of what: String) -> ConstantDecl? {
        reader.nonEmptyString(node, "accept of \(what)").map { ConstantDecl(name: "Accept", value: $0, location: node.location) }
    }

    /// The response's `headers`: name → type, or `{ type, key, description }`; the key is the name
    /// when absent.
    mutating func responseHeaders(_ node: YAMLNode, of what: String) -> [FieldDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("response headers of \(what) must be a mapping of names to types, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { pair in
            let owner = "response header '\(pair.name)' of \(what)"
            guard pair.value.pairs != nil else {
                return reader.type(pair.value, "type of \(owner)").map {
                    FieldDecl(name: pair.name, key: pair.name, type: $0, typeLocation: pair.value.location, location: pair.key.location)
                }
            }
            guard let entries = reader.mapping(pair.value, owner, allowed: Self.responseHeaderKeys, required: ["type"]),
                  let typeNode = pair.value["type"], let type = reader.type(typeNode, "type of \(owner)") else { return nil }
            var header = FieldDecl(name: pair.name, key: pair.name, type: type, typeLocation: typeNode.location, location: pair.key.location)
            for entry in entries {
                switch entry.name {
                case "key": header.key = reader.nonEmptyString(entry.value, "key of \(owner)") ?? pair.name
                case "description": header.description = reader.description(entry.value, owner)
                default: break
                }
            }
            return header
        }
    }

    /// A param's `style` and `explode`, read from the param's mapping.
    mutating func style(_ node: YAMLNode, _ what: String) -> StyleDecl? {
        let styleNode = node["style"]
        let name = styleNode.flatMap { reader.string($0, "style of \(what)") }
        let explode = node["explode"].flatMap { reader.bool($0, "explode of \(what)") }
        return reader.style(name: name, at: styleNode?.location ?? node["explode"]?.location ?? node.location, explode: explode, of: what)
    }
}

extension NodeReader {
    /// A service's `queryStyle`/`formStyle`: a style name, or `{ style, explode }`.
    mutating func styleDefault(_ node: YAMLNode, _ what: String) -> StyleDecl? {
        guard node.pairs != nil else {
            return string(node, what).flatMap { style(name: $0, at: node.location, explode: nil, of: what) }
        }
        guard mapping(node, what, allowed: ["style", "explode"], required: ["style"]) != nil,
              let styleNode = node["style"], let name = string(styleNode, "style of \(what)") else { return nil }
        let explode = node["explode"].flatMap { bool($0, "explode of \(what)") }
        return style(name: name, at: styleNode.location, explode: explode, of: what)
    }

    /// Checks a style name and its `explode` (`form` alone may say `false`; without a style, `explode`
    /// means `form`).
    mutating func style(name: String?, at location: SourceLocation, explode: Bool?, of what: String) -> StyleDecl? {
        guard let name else { return explode.map { StyleDecl(style: .form, explode: $0, location: location) } }
        guard let style = WireStyle(rawValue: name) else {
            let names = WireStyle.allCases.map(\.rawValue)
            diagnostics.error("invalid style '\(name)' of \(what); expected \(names.joined(separator: ", "))\(Suggestion.hint(for: name, in: names))", at: location)
            return nil
        }
        if explode == false, style != .form {
            diagnostics.error("explode: false of \(what) applies to style form only; \(name) has one way to write a list", at: location)
        }
        return StyleDecl(style: style, explode: explode ?? true, location: location)
    }
}
