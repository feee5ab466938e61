/// Reads an API's `responses:`: status → body, as OpenAPI's `responses` object.
extension ApiParser {
    /// The keys of a status's response mapping.
    static let statusResponseKeys = ["type", "format", "description", "success"]
    /// Keys of `response:` a status's response refuses with an explanation rather than as unknown.
    static let refusedStatusResponseKeys = ["fields", "headers"]

    mutating func responses(_ node: YAMLNode, of what: String) -> [StatusResponseDecl] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("responses of \(what) must be a mapping of statuses (404, 4XX, default) to responses, found \(node.kindDescription)", at: node.location)
            return []
        }
        // A status given twice (`404` and `"404"`) is a duplicate key, reported by the loader: only
        // the exact text `NNN` is a code.
        return pairs.compactMap { pair in
            guard let status = statusKey(pair.key, of: what) else { return nil }
            return statusResponse(pair.value, status: status, keyLocation: pair.key.location, of: "response \(status.text) of \(what)")
        }
    }

    private mutating func statusKey(_ node: YAMLNode, of what: String) -> StatusKey? {
        let text: String = switch node.kind {
        case .scalar(let text, _): text
        default: node.kindDescription
        }
        if let status = StatusKey(text) { return status }
        var hint = ""
        if let fixed = StatusKey(text.uppercased() == "DEFAULT" ? "default" : text.uppercased()) {
            hint = "; did you mean '\(fixed.text)'?"
        } else {
            hint = Suggestion.hint(for: text, in: StatusKey.spelledKeys)
        }
        reader.diagnostics.error("invalid status '\(text)' in responses of \(what); expected a code from 100 to 599, a range 1XX to 5XX, or default\(hint)", at: node.location)
        return nil
    }

    /// `NotFound`, `"Item?"`, `empty` or nothing (no body), or `{ type | format, description, success }`.
    private mutating func statusResponse(_ node: YAMLNode, status: StatusKey, keyLocation: SourceLocation, of what: String) -> StatusResponseDecl? {
        var entry = StatusResponseDecl(status: status, location: keyLocation, body: .none, bodyLocation: node.location)
        guard node.pairs != nil else {
            switch node.scalarValue {
            case .null?: return entry
            case _ where Self.isEmptyBody(node): return entry
            default:
                guard let type = reader.type(node, "type of \(what)") else { return nil }
                entry.body = .type(type, node.location)
                return entry
            }
        }
        guard let pairs = reader.mapping(node, what, allowed: Self.statusResponseKeys + Self.refusedStatusResponseKeys) else { return nil }
        var shapes: [String] = []
        for pair in pairs {
            let value = pair.value
            switch pair.name {
            case "type":
                shapes.append("type")
                if let type = reader.type(value, "type of \(what)") {
                    entry.body = .type(type, value.location)
                    entry.bodyLocation = value.location
                }
            case "format":
                shapes.append("format")
                entry.bodyLocation = value.location
                guard let format = reader.string(value, "format of \(what)") else { continue }
                switch format {
                case "text": entry.body = .text
                case "binary": entry.body = .binary
                case "json": entry.body = .type(.named("JSON"), value.location)
                default:
                    let hint = Suggestion.hint(for: format, in: ["json", "text", "binary"])
                    reader.diagnostics.error("invalid format '\(format)' in \(what); expected json, text or binary\(hint)", at: value.location)
                }
            case "description": entry.description = reader.description(value, what)
            case "success": entry.success = reader.bool(value, "success of \(what)")
            case "fields":
                reader.diagnostics.error("\(what) cannot declare inline fields; declare a model and give its name as the type", at: pair.key.location)
            case "headers":
                reader.diagnostics.error("\(what) cannot declare headers; typed headers belong to 'response', and every declared failure carries the response's headers", at: pair.key.location)
            default: break
            }
        }
        if shapes.count > 1 {
            reader.diagnostics.error("\(what) must have at most one of 'type' or 'format'", at: node.location)
        }
        return entry
    }

    /// Whether `node` is the word `empty`, unquoted: no body (`response: empty`, `204: empty`); a
    /// quoted `"empty"` is a type name.
    static func isEmptyBody(_ node: YAMLNode) -> Bool {
        if case .scalar("empty", isQuoted: false) = node.kind { return true }
        return false
    }
}
