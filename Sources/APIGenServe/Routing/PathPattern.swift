/// An API's path as a pattern: literal segments and `{name}` placeholders, which may sit inside a
/// segment (`/files/{name}.json`). A placeholder alone in the last segment whose param has
/// `allowReserved: true` takes the rest of the path, slashes included.
struct PathPattern: Sendable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        /// `prefix{name}suffix`
        case placeholder(name: String, prefix: String, suffix: String)
        /// `{name}` taking every remaining segment.
        case rest(name: String)
    }

    var segments: [Segment]

    /// The number of placeholder segments: fewer wins when two patterns match the same path.
    var placeholderCount: Int {
        segments.count { if case .literal = $0 { false } else { true } }
    }

    /// Reads `/api` + `/items/{itemId}`; `spanning` names placeholders that may cross slashes.
    init(_ path: String, spanning: Set<String> = []) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        segments = parts.enumerated().map { index, part in
            // Requests are compared decoded, so a base path written with escapes (`/my%20api`) is too.
            guard let open = part.firstIndex(of: "{"), let close = part[open...].firstIndex(of: "}") else { return .literal(PercentDecoding.decode(Substring(part))) }
            let name = String(part[part.index(after: open)..<close])
            let prefix = String(part[..<open]), suffix = String(part[part.index(after: close)...])
            if index == parts.count - 1, prefix.isEmpty, suffix.isEmpty, spanning.contains(name) { return .rest(name: name) }
            return .placeholder(name: name, prefix: prefix, suffix: suffix)
        }
    }

    /// The placeholders' values (percent-decoded) when `segments` (raw, not decoded) match.
    func match(_ path: [Substring]) -> [String: String]? {
        var values: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                guard index < path.count, PercentDecoding.decode(path[index]) == text else { return nil }
            case .placeholder(let name, let prefix, let suffix):
                guard index < path.count else { return nil }
                let raw = path[index]
                guard raw.count >= prefix.count + suffix.count, raw.hasPrefix(prefix), raw.hasSuffix(suffix) else { return nil }
                let value = raw.dropFirst(prefix.count).dropLast(suffix.count)
                guard !value.isEmpty else { return nil }
                let decoded = PercentDecoding.decode(value)
                // A placeholder named twice in the path matches only the same value in both places.
                if let earlier = values[name], earlier != decoded { return nil }
                values[name] = decoded
            case .rest(let name):
                guard index < path.count else { return nil }
                values[name] = path[index...].map { PercentDecoding.decode($0) }.joined(separator: "/")
                return values
            }
        }
        return path.count == segments.count ? values : nil
    }
}

/// Percent-decoding of URL parts; `+` is a space only in query strings and forms.
enum PercentDecoding {
    static func decode(_ text: Substring, plusIsSpace: Bool = false) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+"), plusIsSpace {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let high = hexDigit(iterator[iterator.startIndex]), let low = hexDigit(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of a hex digit (`0`-`9`, `a`-`f`, `A`-`F`), or `nil`.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `a=1&b=x+y` → `[("a", "1"), ("b", "x y")]`.
    static func pairs(_ text: Substring) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (decode(pair, plusIsSpace: true), "") }
            return (decode(pair[..<equals], plusIsSpace: true), decode(pair[pair.index(after: equals)...], plusIsSpace: true))
        }
    }
}
