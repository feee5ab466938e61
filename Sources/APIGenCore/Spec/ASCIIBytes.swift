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
