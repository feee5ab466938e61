import Foundation

/// A JSON document read once for what Foundation's `JSONDecoder` loses: the order of each object's
/// keys (its keyed containers list keys in hash order, which changes from run to run) and literal
/// values as written. OpenAPIKit still decodes the document's structure; this only answers "in
/// which order" and "what exactly" for a JSON pointer.
struct OrderedJSON {
    /// Keys of every object, in document order, by the object's pointer tokens joined with `/`
    /// (escaped as in a JSON pointer).
    private(set) var keyOrder: [String: [String]] = [:]
    /// Numbers with more significant digits than a Double keeps (`99999999999999999999`), as
    /// written, by path as ``keyOrder``: Foundation reads them as `1e+20`.
    private(set) var numberLiterals: [String: String] = [:]
    private let bytes: [UInt8]

    /// The byte offset where a document stops being JSON this scan reads.
    struct SyntaxError: Error {
        var offset: Int
    }

    /// Reads the document.
    init(_ data: Data) throws(SyntaxError) {
        bytes = [UInt8](data)
        var index = 0
        guard scan(&index, path: "") else { throw SyntaxError(offset: index) }
    }

    /// A key as a pointer token: `~` → `~0`, `/` → `~1` (most keys have neither).
    private static func token(_ key: String) -> String {
        guard key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return key }
        var token = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": token += "~0"
            case "/": token += "~1"
            default: token.unicodeScalars.append(scalar)
            }
        }
        return token
    }

    /// Whether the value at `index` (after white space) is an object or an array: only those have
    /// a path worth recording, so scalars are skipped without building one.
    private func holdsChildren(_ index: Int) -> Bool {
        var index = index
        skipSpace(&index)
        return index < bytes.count && (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "["))
    }

    private func skipSpace(_ index: inout Int) {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
    }

    /// Records the key order of the value at `index` and its children; moves past it.
    private mutating func scan(_ index: inout Int, path: String) -> Bool {
        skipSpace(&index)
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var keys: [String] = []
            skipSpace(&index)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; keyOrder[path] = keys; return true }
            while true {
                skipSpace(&index)
                guard let key = string(&index) else { return false }
                keys.append(key)
                skipSpace(&index)
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return false }
                index += 1
                if let literal = longNumber(at: index) { numberLiterals[path + "/" + Self.token(key)] = literal }
                guard scan(&index, path: holdsChildren(index) ? path + "/" + Self.token(key) : "") else { return false }
                skipSpace(&index)
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "}") else { return false }
                index += 1
                keyOrder[path] = keys
                return true
            }
        case UInt8(ascii: "["):
            index += 1
            var position = 0
            skipSpace(&index)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return true }
            while true {
                if let literal = longNumber(at: index) { numberLiterals[path + "/" + String(position)] = literal }
                guard scan(&index, path: holdsChildren(index) ? path + "/" + String(position) : "") else { return false }
                position += 1
                skipSpace(&index)
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                guard bytes[index] == UInt8(ascii: "]") else { return false }
                index += 1
                return true
            }
        case UInt8(ascii: "\""):
            return skipString(&index)
        default:
            // A number, true, false or null.
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return true
                default: index += 1
                }
            }
            return true
        }
    }

    private func skipString(_ index: inout Int) -> Bool {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): index += 1; return true
            default: index += 1
            }
        }
        return false
    }

    /// A key: decoded only when it has escapes (rare in keys).
    private func string(_ index: inout Int) -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index
        guard skipString(&index) else { return nil }
        let raw = bytes[(start + 1)..<(index - 1)]
        if !raw.contains(UInt8(ascii: "\\")) { return String(decoding: raw, as: UTF8.self) }
        return (try? JSONSerialization.jsonObject(with: Data(bytes[start..<index]), options: [.fragmentsAllowed])) as? String
    }

    /// The keys of the object at `pointer`, in document order.
    func keys(at pointer: JSONPointer) -> [String]? {
        keyOrder[Self.path(of: pointer)]
    }

    /// The number at `pointer` as written, when it has more digits than a Double keeps.
    func numberLiteral(at pointer: JSONPointer) -> String? {
        numberLiterals.isEmpty ? nil : numberLiterals[Self.path(of: pointer)]
    }

    /// A pointer's tokens joined as the scan records paths.
    private static func path(of pointer: JSONPointer) -> String {
        var path = ""
        for token in pointer.tokens { path += "/" + Self.token(token) }
        return path
    }

    /// The number at `index` (after white space), as written, when it has more than 15
    /// significant digits, the most a Double keeps.
    private func longNumber(at index: Int) -> String? {
        var index = index
        skipSpace(&index)
        let start = index
        var digits = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if digits > 0 || byte != UInt8(ascii: "0") { digits += 1 }
            } else if !"-+.eE".utf8.contains(byte) {
                break
            }
            index += 1
        }
        guard digits > 15, bytes[start] != UInt8(ascii: "e"), bytes[start] != UInt8(ascii: "E") else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }
}
