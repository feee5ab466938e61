/// A type as written in a spec: a builtin or model name, possibly optional, in a list or in a map.
indirect enum TypeRef: Sendable, Hashable, CustomStringConvertible {
    /// A builtin (`String`, `Int64`, …) or a model name.
    case named(String)
    /// `T?`
    case optional(TypeRef)
    /// `[T]`
    case array(TypeRef)
    /// `[String: T]`
    case dictionary(TypeRef)

    /// The spec's own notation.
    var description: String {
        switch self {
        case .named(let name): name
        case .optional(let wrapped): "\(wrapped)?"
        case .array(let element): "[\(element)]"
        case .dictionary(let value): "[String: \(value)]"
        }
    }

    /// Whether the value may be absent.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outermost `?`.
    var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The builtin or model name the type is made of: `Item` of `[String: Item]?`. A type mentions
    /// exactly one name.
    var name: String {
        switch self {
        case .named(let name): name
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.name
        }
    }
}

/// The spec's builtin types and their Swift spelling.
enum BuiltinType {
    /// Spec name → Swift type.
    static let swiftNames: [String: String] = [
        "String": "String", "Int": "Int", "Int32": "Int32", "Int64": "Int64",
        "Double": "Double", "Float": "Float", "Bool": "Bool", "Decimal": "Decimal",
        "Date": "Date", "URL": "URL", "Data": "Data", "JSON": "JSON", "UUID": "UUID",
        "File": "UploadFile",
    ]

    /// Builtins that come from Foundation, so a file using them must import it publicly.
    static let foundationTypes: Set<String> = ["Decimal", "Date", "URL", "Data", "UUID"]

    static func isBuiltin(_ name: String) -> Bool { swiftNames[name] != nil }
}

/// Parses `[String: [Item]?]?`-style type expressions.
struct TypeParser {
    /// Why a type expression could not be read.
    struct Failure: Error {
        var message: String
    }

    private let characters: [Character]
    private var index = 0

    private init(_ text: String) {
        characters = Array(text)
    }

    /// Parses a whole type expression.
    static func parse(_ text: String) -> Result<TypeRef, Failure> {
        if let common = ASCIITypeParser.parse(text) { return .success(common) }
        return parseInGeneral(text)
    }

    /// ``parse(_:)`` by the general parser alone, which reads any text and words every error.
    static func parseInGeneral(_ text: String) -> Result<TypeRef, Failure> {
        var parser = TypeParser(text)
        do {
            let type = try parser.parseType()
            parser.skipSpaces()
            guard parser.index == parser.characters.count else {
                throw Failure(message: "unexpected '\(parser.characters[parser.index])' in type '\(text)'")
            }
            return .success(type)
        } catch let failure as Failure {
            return .failure(Failure(message: failure.message.isEmpty ? "invalid type '\(text)'" : failure.message))
        } catch {
            return .failure(Failure(message: "invalid type '\(text)'"))
        }
    }

    private mutating func skipSpaces() {
        while index < characters.count, characters[index] == " " { index += 1 }
    }

    /// How deep lists and maps may nest in one type; the parser recurses once per level.
    static let depthLimit = 32
    private var depth = 0

    private mutating func parseType() throws -> TypeRef {
        skipSpaces()
        var type: TypeRef
        if index < characters.count, characters[index] == "[" {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.depthLimit else {
                throw Failure(message: "type nests lists and maps deeper than \(Self.depthLimit) levels")
            }
            index += 1
            let first = try parseType()
            skipSpaces()
            if index < characters.count, characters[index] == ":" {
                index += 1
                guard first == .named("String") else {
                    throw Failure(message: "map keys must be String, found '\(first)'")
                }
                type = .dictionary(try parseType())
            } else {
                type = .array(first)
            }
            skipSpaces()
            guard index < characters.count, characters[index] == "]" else {
                throw Failure(message: "missing ']' in type '\(String(characters))'")
            }
            index += 1
        } else {
            let start = index
            // The scalars Swift takes in an identifier, as names are made of (an emoji, a combining
            // mark after `_`), and `.` of a qualified name.
            while index < characters.count, characters[index] == "." || characters[index].unicodeScalars.allSatisfy(IdentifierScalars.isCharacter) {
                index += 1
            }
            guard index > start else {
                throw Failure(message: index < characters.count ? "unexpected '\(characters[index])' in type '\(String(characters))'" : "missing type name in '\(String(characters))'")
            }
            type = .named(String(characters[start..<index]))
        }
        skipSpaces()
        while index < characters.count, characters[index] == "?" {
            index += 1
            if case .optional = type {
                throw Failure(message: "type '\(String(characters))' is optional twice")
            }
            type = .optional(type)
            skipSpaces()
        }
        return type
    }
}
