/// A spec type expression (`[Item]?`, `[String: Int]`) as ``SpecDescription`` writes it.
public indirect enum TypeExpression: Sendable, Equatable {
    case named(String)
    case optional(TypeExpression)
    case array(TypeExpression)
    case dictionary(TypeExpression)

    /// Reads a type expression; one the generator accepted always reads.
    public init(_ text: String) {
        let trimmed = text.trimmingSpaces
        if trimmed.hasSuffix("?") {
            self = .optional(TypeExpression(String(trimmed.dropLast())))
        } else if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            let inner = trimmed.dropFirst().dropLast()
            if let colon = Self.topLevelColon(in: inner) {
                self = .dictionary(TypeExpression(String(inner[inner.index(after: colon)...])))
            } else {
                self = .array(TypeExpression(String(inner)))
            }
        } else {
            self = .named(trimmed)
        }
    }

    /// The type without its outermost `?`.
    public var unwrapped: TypeExpression {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether the value may be absent.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    private static func topLevelColon(in text: Substring) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[": depth += 1
            case "]": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}

extension String {
    /// The text without leading and trailing spaces (the type notation has no other white space).
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
