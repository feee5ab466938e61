/// A spec file's content before it is written out as YAML: mappings keep their order, so the text
/// is the same every run.
indirect enum SpecNode: Sendable, Hashable {
    /// Text, written plain when YAML reads it back as the same text, else double-quoted.
    case text(String)
    /// A number, `true`, `false` or `null`, written as it is.
    case literal(String)
    /// A mapping, in order.
    case map([SpecEntry])
    /// A sequence.
    case list([SpecNode])
    /// A JSON value written on one line in flow style (mocks and defaults).
    case json(JSONValue)
}

/// One key and value of a ``SpecNode/map(_:)``.
struct SpecEntry: Sendable, Hashable {
    var key: String
    var value: SpecNode

    init(_ key: String, _ value: SpecNode) {
        self.key = key
        self.value = value
    }
}

extension Array where Element == SpecEntry {
    /// Appends `key: text` when there is text.
    mutating func add(_ key: String, text: String?) {
        if let text, !text.isEmpty { append(SpecEntry(key, .text(text))) }
    }

    /// Appends `key: value`.
    mutating func add(_ key: String, _ value: SpecNode) {
        append(SpecEntry(key, value))
    }

    /// The value of a key, if present.
    subscript(key: String) -> SpecNode? {
        first { $0.key == key }?.value
    }
}
