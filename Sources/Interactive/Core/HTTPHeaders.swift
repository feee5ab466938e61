/// An ordered list of HTTP header fields whose names compare case-insensitively.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Hashable {
        /// The field name as given, e.g. `Content-Type`.
        public var name: String
        /// The field value.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields in the order they were added.
    public private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() { fields = [] }

    /// An empty header list with room for `minimumCapacity` fields.
    init(minimumCapacity: Int) {
        fields = []
        fields.reserveCapacity(minimumCapacity)
    }

    /// Creates a header list from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    /// Creates a header list from a dictionary literal.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of the field with this name, compared case-insensitively.
    public subscript(name: String) -> String? {
        get {
            fields.first { Self.namesMatch($0.name, name) }?.value
        }
        set {
            if let newValue {
                set(newValue, for: name)
            } else {
                remove(name)
            }
        }
    }

    /// Every value of the fields with this name, compared case-insensitively, in order: for fields
    /// that may repeat, such as `Set-Cookie`.
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    /// Replaces every field with this name by a single one with this value.
    public mutating func set(_ value: String, for name: String) {
        guard let first = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
            fields.append(Field(name: name, value: value))
            return
        }
        fields[first].value = value
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if Self.namesMatch(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index = fields.index(after: index)
            }
        }
    }

    /// Adds a field, keeping any existing fields with the same name.
    public mutating func add(_ value: String, for name: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field with this name.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Whether two names are equal ignoring case, as `a.lowercased() == b.lowercased()`: ASCII
    /// (every header name is) compared byte by byte without making lower-cased copies, anything else
    /// through `lowercased()`.
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        var left = a.utf8.makeIterator(), right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil):
                return true
            case let (x?, y?) where x < 0x80 && y < 0x80:
                guard x == y || (x ^ y == 0x20 && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(x | 0x20)) else { return false }
            case let (x?, nil) where x < 0x80, let (nil, x?) where x < 0x80:
                // An ASCII prefix and more: lower-casing never removes a character.
                return false
            default:
                return a.lowercased() == b.lowercased()
            }
        }
    }

    /// Whether a field with this name is present.
    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields as `Name: value` lines.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
