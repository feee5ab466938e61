extension JSONValue {
    /// Why a text is not JSON.
    public struct SyntaxError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Reads JSON text (any value at the top level, surrounded by optional white space).
    public init(parsing text: String) throws(SyntaxError) {
        var reader = JSONReader(bytes: Array(text.utf8))
        self = try reader.readDocument()
    }

    /// Reads JSON bytes.
    public init(parsing bytes: [UInt8]) throws(SyntaxError) {
        var reader = JSONReader(bytes: bytes)
        self = try reader.readDocument()
    }
}

/// A small recursive-descent JSON reader; nesting is limited so a hostile body cannot exhaust the stack.
private struct JSONReader {
    let bytes: [UInt8]
    var index = 0
    var depth = 0
    static let depthLimit = 256

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func readDocument() throws(JSONValue.SyntaxError) -> JSONValue {
        let value = try readValue()
        skipSpace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ message: String) -> JSONValue.SyntaxError {
        JSONValue.SyntaxError(description: "\(message) at byte \(index)")
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func readValue() throws(JSONValue.SyntaxError) -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw fail("unexpected end of JSON") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try nested { (reader: inout JSONReader) throws(JSONValue.SyntaxError) in try reader.readObject() }
        case UInt8(ascii: "["): return try nested { (reader: inout JSONReader) throws(JSONValue.SyntaxError) in try reader.readArray() }
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try readWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try readWord("null"); return .null
        default: return .number(try readNumber())
        }
    }

    mutating func nested(_ body: (inout JSONReader) throws(JSONValue.SyntaxError) -> JSONValue) throws(JSONValue.SyntaxError) -> JSONValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else { throw fail("JSON nests deeper than \(Self.depthLimit) levels") }
        return try body(&self)
    }

    mutating func readObject() throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var members: [JSONValue.Member] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
            let key = try readString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            members.append(JSONValue.Member(key, try readValue()))
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    mutating func readArray() throws(JSONValue.SyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            elements.append(try readValue())
            skipSpace()
            guard index < bytes.count else { throw fail("unexpected end of array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    mutating func readWord(_ word: String) throws(JSONValue.SyntaxError) {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw fail("unexpected text")
        }
        index += expected.count
    }

    mutating func readNumber() throws(JSONValue.SyntaxError) -> String {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > digitsStart else { throw fail("unexpected character") }
        guard bytes[digitsStart] != UInt8(ascii: "0") || index == digitsStart + 1 else { throw fail("a number with a leading zero") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > fractionStart else { throw fail("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { throw fail("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func readString() throws(JSONValue.SyntaxError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run: [UInt8] = []
        func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) {
            if !run.isEmpty { scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars); run.removeAll() }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                flush(&run, into: &scalars)
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(&run, into: &scalars)
                guard index < bytes.count else { throw fail("unexpected end of string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let code = try readHex4()
                    // A high surrogate joins the low one escaped right after it; a lone one (or one
                    // followed by anything else, which is then read on its own) is U+FFFD.
                    if (0xD800..<0xDC00).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                       let low = hexValue(at: index + 2), (0xDC00..<0xE000).contains(low) {
                        index += 6
                        scalars.append(Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                    } else {
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    }
                default: throw fail("unknown escape")
                }
            case 0..<0x20:
                throw fail("control character in string")
            default:
                run.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    mutating func readHex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard let code = hexValue(at: index) else { throw fail("bad \\u escape") }
        index += 4
        return code
    }

    /// The four hex digits at `start`, or `nil` (no sign, no fewer digits: `UInt32(_:radix:)`
    /// would take `+041`).
    func hexValue(at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<start + 4] {
            guard let digit = PercentDecoding.hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
