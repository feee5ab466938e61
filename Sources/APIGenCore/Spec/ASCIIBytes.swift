/// ASCII character classes of a UTF-8 byte, for the readers and scanners that work on bytes (type
/// expressions, Swift names, identifiers in generated text). A byte of a non-ASCII character is in
/// none of them.
extension UInt8 {
    var isASCIIUpper: Bool { self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") }
    var isASCIILower: Bool { self >= UInt8(ascii: "a") && self <= UInt8(ascii: "z") }
    var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    var isASCIILetter: Bool { isASCIIUpper || isASCIILower }
    /// A letter, a digit or `_`: what continues an ASCII identifier.
    var isASCIIIdentifierCharacter: Bool { isASCIILetter || isASCIIDigit || self == UInt8(ascii: "_") }
}

/// The ASCII bytes the YAML reader looks for.
extension UInt8 {
    static let newline = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let hash = UInt8(ascii: "#")
    static let dash = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let percent = UInt8(ascii: "%")
    static let colon = UInt8(ascii: ":")
    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
}
