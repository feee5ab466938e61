/// Number defaults the compiler would warn about or that the type cannot hold as written.
extension DefaultLiteral {
    /// Decimal's significand holds 38 decimal digits (it is 128 bits wide).
    static let decimalDigits = 38

    /// Each number in `node` (a default of `type`, already checked like a mock) that its Swift
    /// literal would not keep: a subnormal `Float`/`Double` (the compiler warns that it underflows),
    /// a whole number written without a fraction that `Float`/`Double` cannot hold exactly (the
    /// compiler warns and rounds it), a `Decimal` of more than 38 significant digits.
    static func numberProblems(in node: YAMLNode, type: TypeRef) -> [(message: String, location: SourceLocation)] {
        switch type {
        case .optional(let wrapped): return numberProblems(in: node, type: wrapped)
        case .array(let element): return (node.elements ?? []).flatMap { numberProblems(in: $0, type: element) }
        case .dictionary(let value): return (node.pairs ?? []).flatMap { numberProblems(in: $0.value, type: value) }
        case .named(let name):
            let text: String
            switch node.scalarValue {
            case .int(let written)?, .float(let written)?: text = written
            default: return []
            }
            let problem: String? = switch name {
            case "Float": binaryProblem(text, as: Float.self, name: "Float")
            case "Double": binaryProblem(text, as: Double.self, name: "Double")
            case "Decimal": decimalProblem(text)
            default: nil
            }
            return problem.map { [(message: $0, location: node.location)] } ?? []
        }
    }

    private static func binaryProblem<T: BinaryFloatingPoint & LosslessStringConvertible>(_ text: String, as type: T.Type, name: String) -> String? {
        guard let literal = JSONText.number(text), let value = T(literal), value.isFinite else { return nil }
        if value.isSubnormal || (value == 0 && mantissaIsNonZero(literal)) {
            return "is \(text), below the smallest normal \(name) \(T.leastNormalMagnitude), where it would lose precision; write 0 or a value of at least \(T.leastNormalMagnitude)"
        }
        guard literal.allSatisfy({ $0 == "-" || $0.isASCII && $0.isNumber }) else { return nil }
        let exact = wholeDigits(value.magnitude)
        let written = String(literal.drop { $0 == "-" || $0 == "0" })
        guard !written.isEmpty, exact != written else { return nil }
        return "is \(text), which \(name) cannot hold exactly; the nearest \(name) is \(value < 0 ? "-" : "")\(exact)"
    }

    /// Whether the digits before any exponent are not all zero.
    private static func mantissaIsNonZero(_ literal: String) -> Bool {
        literal.prefix { $0 != "e" && $0 != "E" }.contains { ("1"..."9").contains($0) }
    }

    /// The decimal digits of a finite whole `value` ≥ 0, exactly (`100000002004087734272` for
    /// `Float(1e20)`).
    static func wholeDigits<T: BinaryFloatingPoint>(_ value: T) -> String {
        if value < 0x1p63 { return String(Int64(value)) }
        // value = significand × 2^shift, with the significand's implicit leading bit.
        var digits = Array(String(UInt64(value.significandBitPattern) | (1 << UInt64(T.significandBitCount))).utf8.map { Int($0) - 48 }.reversed())
        for _ in 0..<(Int(value.exponent) - T.significandBitCount) {
            var carry = 0
            for index in digits.indices {
                let doubled = digits[index] * 2 + carry
                digits[index] = doubled % 10
                carry = doubled / 10
            }
            if carry > 0 { digits.append(carry) }
        }
        return String(digits.reversed().map { Character(String($0)) })
    }

    private static func decimalProblem(_ text: String) -> String? {
        let mantissa = text.prefix { $0 != "e" && $0 != "E" }.filter { $0.isASCII && $0.isNumber }
        let significant = mantissa.drop { $0 == "0" }.reversed().drop { $0 == "0" }
        guard significant.count > decimalDigits else { return nil }
        return "has \(significant.count) significant digits; Decimal holds at most \(decimalDigits)"
    }
}
