/// Writes `application/x-www-form-urlencoded` text, used for query strings and form bodies alike.
///
/// Keys and values are percent-encoded except RFC 3986's unreserved characters, and a `nil` value is
/// a bare flag (`?changecreator`, with no `=`). The brackets that nest keys (`metadata[order_id]`)
/// are written as they are in a form body, as Stripe's libraries write them, and escaped in a query
/// string (`metadata%5Border_id%5D`), where RFC 3986 does not allow them and URL parsers escape or
/// refuse them; servers decode both alike.
struct FormWriter {
    /// The text so far, e.g. `a=1&b=2`.
    private(set) var text = ""
    /// `[` and `]` around nested keys.
    private let open: String, close: String

    /// A writer for a form body (`literalBrackets`) or a query string.
    init(literalBrackets: Bool) {
        (open, close) = literalBrackets ? ("[", "]") : ("%5B", "%5D")
    }

    /// Whether nothing has been written.
    var isEmpty: Bool { text.isEmpty }

    /// Appends a key as written (it is escaped) and a value.
    mutating func append(_ key: String, _ value: String?) {
        append(escapedKey: FormEncoding.escape(key), value)
    }

    /// Appends a key that is already escaped and a value.
    mutating func append(escapedKey: String, _ value: String?) {
        if !text.isEmpty { text += "&" }
        text += escapedKey
        if let value {
            text += "="
            text += FormEncoding.escape(value)
        }
    }

    /// Appends a parameter value under `key` in its style (`nil`: apigen's own rule).
    mutating func append(_ value: ParameterValue, as key: String, style: ParameterStyle?) {
        switch style {
        case nil:
            for text in value.texts() { append(key, text) }
        case .form(explode: true)?:
            switch value {
            case .null: break
            case .object(let members):
                for (name, member) in members where member != .null { append(name, member.flatText) }
            case .array(let elements):
                for element in elements where element != .null { append(key, element.flatText) }
            case .scalar, .literal:
                append(key, value.flatText)
            }
        case .form(explode: false)?: appendDelimited(value, as: key, separator: ",")
        case .pipeDelimited?: appendDelimited(value, as: key, separator: "%7C")
        case .spaceDelimited?: appendDelimited(value, as: key, separator: "%20")
        case .deepObject?: appendNested(value, escapedKey: FormEncoding.escape(key), indexesScalars: true)
        case .brackets?: appendNested(value, escapedKey: FormEncoding.escape(key), indexesScalars: false)
        }
    }

    /// `key=a,b,c`; an object's members as `name,value` in turn. Nothing for `nil` or an empty list.
    /// Each part is escaped, so a separator inside a value stays data; `separator` is written as it is.
    private mutating func appendDelimited(_ value: ParameterValue, as key: String, separator: String) {
        let parts: [String] = switch value {
        case .null: []
        case .scalar, .literal: [value.flatText]
        case .array(let elements): elements.compactMap { $0 == .null ? nil : $0.flatText }
        case .object(let members): members.flatMap { $0.1 == .null ? [] : [$0.0, $0.1.flatText] }
        }
        guard !parts.isEmpty else { return }
        if !text.isEmpty { text += "&" }
        text += FormEncoding.escape(key) + "=" + parts.map(FormEncoding.escape).joined(separator: separator)
    }

    /// `key[member]=v`, `key[0][member]=v`, and `key[0]=v` or `key[]=v` for arrays of scalars.
    private mutating func appendNested(_ value: ParameterValue, escapedKey: String, indexesScalars: Bool) {
        switch value {
        case .null: break
        case .scalar(let text), .literal(let text): append(escapedKey: escapedKey, text)
        case .object(let members):
            for (name, member) in members {
                appendNested(member, escapedKey: escapedKey + open + FormEncoding.escape(name) + close, indexesScalars: indexesScalars)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let nested = indexesScalars || element.isComposite ? open + String(index) + close : open + close
                appendNested(element, escapedKey: escapedKey + nested, indexesScalars: indexesScalars)
            }
        }
    }
}

extension ParameterValue {
    /// Whether the value is an array or an object.
    var isComposite: Bool {
        switch self {
        case .array, .object: true
        case .null, .scalar, .literal: false
        }
    }

    /// A scalar's text, or JSON for an array or object nested where a style has no place for it.
    var flatText: String {
        switch self {
        case .null: ""
        case .scalar(let text), .literal(let text): text
        case .array, .object: jsonText
        }
    }
}
