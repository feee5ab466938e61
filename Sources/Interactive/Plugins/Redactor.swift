public import Foundation

/// Renders requests for logs with every secret value masked.
///
/// Secret keys come from ``RequestOptions/secretKeys`` (the spec's `secret: true` params) and are
/// compared case-insensitively; `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie`
/// headers are always masked. Query items, headers, and members of JSON (at any depth) and form
/// bodies are covered; a body in any other format is shown only by its size.
public struct Redactor: Sendable {
    /// What a secret value is replaced with.
    public static let mask = "***"
    /// Header names masked whatever the spec says, lowercased.
    public static let alwaysSecretHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// The secret keys, lowercased.
    public let secretKeys: Set<String>

    /// Creates a redactor for these secret keys.
    public init(secretKeys: Set<String>) {
        self.secretKeys = Set(secretKeys.map { $0.lowercased() })
    }

    /// Creates a redactor for the secret keys of this request.
    public init(for request: HTTPRequest) {
        self.init(secretKeys: request.options.secretKeys)
    }

    /// Whether the value of this key must be masked.
    public func isSecret(_ key: String) -> Bool {
        secretKeys.contains(key.lowercased())
    }

    /// The URL with a password in it (`https://user:password@host`) and the values of secret query
    /// items masked.
    public func url(_ url: URL) -> String {
        let text = Self.withoutPassword(url.absoluteString)
        guard let mark = text.firstIndex(of: "?") else { return text }
        let query = text[text.index(after: mark)...]
        return String(text[...mark]) + pairs(String(query))
    }

    /// `scheme://user:***@host…` for `scheme://user:password@host…`; other URLs as they are.
    static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + mask + String(text[at...])
    }

    /// The header fields with secret values masked.
    public func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        var result = HTTPHeaders()
        for field in headers {
            let secret = isSecret(field.name) || Self.alwaysSecretHeaders.contains(field.name.lowercased())
            result.add(secret ? Self.mask : field.value, for: field.name)
        }
        return result
    }

    /// The body as text with secret members masked, judged by its `Content-Type`.
    public func body(_ body: Data?, contentType: String?) -> String {
        guard let body, !body.isEmpty else { return "" }
        let type = contentType?.lowercased() ?? ""
        if type.contains("json"), let json = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) {
            let masked = redactJSON(json)
            if let data = try? JSONSerialization.data(withJSONObject: masked, options: [.sortedKeys, .fragmentsAllowed]),
               let text = String(data: data, encoding: .utf8) {
                return text
            }
        }
        if type.contains("x-www-form-urlencoded"), let text = String(data: body, encoding: .utf8) {
            return pairs(text)
        }
        return "<\(body.count) bytes>"
    }

    /// The request as log lines: method and URL, headers, and the body when asked for.
    public func describe(_ request: HTTPRequest, includeBody: Bool) -> String {
        var lines = ["\(request.method) \(url(request.url))"]
        lines += headers(request.headers).fields.map { "  \($0.name): \($0.value)" }
        if includeBody, case let text = body(request.body, contentType: request.headers["Content-Type"]), !text.isEmpty {
            lines.append("  " + text)
        }
        return lines.joined(separator: "\n")
    }

    /// `a=1&secret=***` from `a=1&secret=hunter2`.
    private func pairs(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawKey = String(pair[..<equals])
            let key = rawKey.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? rawKey
            // `card[number]` and `card[0][cvc]` (deepObject and brackets styles) belong to `card`.
            let outer = key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
            return isSecret(key) || isSecret(outer) ? rawKey + "=" + Self.mask : String(pair)
        }.joined(separator: "&")
    }

    private func redactJSON(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, member) in object {
                result[key] = isSecret(key) ? Self.mask : redactJSON(member)
            }
            return result
        }
        if let array = value as? [Any] { return array.map(redactJSON) }
        return value
    }
}
