import Foundation

/// Substitutes path parameters into a path template.
enum PathTemplate {
    /// Characters left as they are in a path segment: RFC 3986 unreserved (``PercentEncoding`` encodes
    /// with this set without building it; this is the base of ``reservedAllowed``).
    static let segmentAllowed: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// Replaces each `{name}` by its percent-encoded value, so that `/`, `?`, `#` and `..` in a value
    /// stay data inside one segment; names in `reserved` keep `/` and the other reserved characters
    /// (see ``encodeReserved(_:name:)``). A list's elements (`lists`) are encoded one by one and
    /// joined with a literal `,` (OpenAPI's `simple` style): `[200, 201]` → `200,201`, `["a,b"]` →
    /// `a%2Cb`.
    static func expand(
        _ template: String, values: [(name: String, value: String)], lists: [(name: String, elements: [String])] = [], reserved: Set<String> = []
    ) throws(InteractiveError) -> String {
        // Braces are looked for among the UTF-8 bytes: walking the template by `Character` cost more
        // than the rest of the expansion.
        let bytes = template.utf8
        var result = ""
        result.reserveCapacity(bytes.count + 16)
        var rest = bytes.startIndex
        while let open = bytes[rest...].firstIndex(of: UInt8(ascii: "{")) {
            result += template[rest..<open]
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: "}")) else {
                throw .invalidRequest("unterminated placeholder in path \"\(template)\"")
            }
            let name = String(template[bytes.index(after: open)..<close])
            if let elements = lists.first(where: { $0.name == name })?.elements {
                guard !elements.isEmpty, !elements.allSatisfy(\.isEmpty) else { throw .invalidRequest("path parameter \"\(name)\" is empty") }
                var encoded: [String] = []
                for element in elements { encoded.append(reserved.contains(name) ? try encodeReserved(element, name: name) : encodeSegment(element)) }
                result += encoded.joined(separator: ",")
                rest = bytes.index(after: close)
                continue
            }
            guard let value = values.first(where: { $0.name == name })?.value else {
                throw .invalidRequest("missing value for path parameter \"\(name)\"")
            }
            guard !value.isEmpty else {
                throw .invalidRequest("path parameter \"\(name)\" is empty")
            }
            result += reserved.contains(name) ? try encodeReserved(value, name: name) : encodeSegment(value)
            rest = bytes.index(after: close)
        }
        result += template[rest...]
        return result
    }

    static func encodeSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return PercentEncoding.encodeUnreserved(value)
    }
}

/// Joins base URL, path and query into one URL.
enum URLBuilder {
    /// Joins base URL, path and an already encoded query (empty: none).
    static func make(base: String, path: String, encodedQuery: String) throws(InteractiveError) -> URL {
        // A prefix check: the whole URL is parsed once, below.
        guard hasWebScheme(base) else {
            throw .invalidRequest("base URL \"\(base)\" is not an absolute http(s) URL")
        }
        var text = ""
        text.reserveCapacity(base.utf8.count + path.utf8.count + encodedQuery.utf8.count + 2)
        text += base
        while text.hasSuffix("/") { text.removeLast() }
        if !path.isEmpty {
            if !path.hasPrefix("/") { text += "/" }
            text += path
        }
        if !encodedQuery.isEmpty {
            text += "?"
            text += encodedQuery
        }
        guard let url = URL(string: text) else {
            throw .invalidRequest("cannot form a URL from \"\(text)\"")
        }
        return url
    }
}

extension URLBuilder {
    /// Whether `base` starts with `http://` or `https://`, in any case (compared on bytes, without
    /// lower-casing a copy).
    static func hasWebScheme(_ base: String) -> Bool {
        var bytes = base.utf8.makeIterator()
        // "http", an optional "s", then "://"; letters in either case, the rest only as they are.
        for letter in "http".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == letter else { return false }
        }
        var next = bytes.next()
        if let byte = next, byte | 0x20 == UInt8(ascii: "s") { next = bytes.next() }
        return next == UInt8(ascii: ":") && bytes.next() == UInt8(ascii: "/") && bytes.next() == UInt8(ascii: "/")
    }
}

/// `application/x-www-form-urlencoded` text, also used for query strings.
enum FormEncoding {
    static let allowed: CharacterSet = PathTemplate.segmentAllowed

    static func escape(_ text: String) -> String {
        PercentEncoding.encodeUnreserved(text)
    }
}

/// Rejects header names and values that could split or smuggle a header.
package enum HeaderCheck {
    package static func validate(name: String, value: String) throws(InteractiveError) {
        guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
            throw .invalidRequest("header name \"\(name)\" is not a valid token")
        }
        // CR, LF and NUL are single bytes in UTF-8 and never part of a longer sequence.
        if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
            throw .invalidRequest("header \"\(name)\" contains a line break")
        }
    }

    /// Whether a byte is an RFC 9110 token character: ASCII letters, digits and ``!#$%&'*+-.^_`|~``.
    /// Checked on bytes, without a `CharacterSet` (building one cost more than the rest of a request).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Checks every field: the executor does this after the plugins' `prepare` and again after their
    /// `send` steps (where signers add headers), and the transports before sending, because
    /// Foundation would silently drop a field it cannot send and the request would go out without it.
    package static func validate(_ headers: HTTPHeaders) throws(InteractiveError) {
        for field in headers { try validate(name: field.name, value: field.value) }
    }
}

/// Encodes request bodies.
enum BodyEncoder {
    static func json(_ value: any Encodable) throws(InteractiveError) -> Data {
        do {
            return try InteractiveCoding.makeEncoder().encode(value)
        } catch {
            throw .invalidRequest("cannot encode body: \(error)")
        }
    }

    static func jsonObject(_ members: [ApiRequest.Parameter]) throws(InteractiveError) -> Data {
        try json(DynamicObject(members: members.map { ($0.key, $0.value) }))
    }

    static func form(_ members: [ApiRequest.Parameter]) throws(InteractiveError) -> Data {
        var writer = FormWriter(literalBrackets: true)
        for member in members {
            writer.append(try ParameterValue.make(member.value), as: member.key, style: member.style)
        }
        return Data(writer.text.utf8)
    }
}

/// A JSON object whose keys are known only at run time; `nil` members are left out.
private struct DynamicObject: Encodable {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    let members: [(String, any Encodable)]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (key, value) in members where !OptionalCheck.isNil(value) {
            try container.encode(value, forKey: Key(key))
        }
    }
}
