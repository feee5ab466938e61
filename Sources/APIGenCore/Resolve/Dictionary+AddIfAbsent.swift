extension Dictionary {
    /// Adds `value` under `key` unless the key has a value already, with one lookup where reading
    /// and then writing took two; returns the value that was there, or `nil` when `value` was added.
    @discardableResult
    mutating func addIfAbsent(_ key: Key, _ value: @autoclosure () -> Value) -> Value? {
        var added = false
        let present = Self.read(&self[key, default: { added = true; return value() }()])
        return added ? nil : present
    }

    private static func read(_ value: inout Value) -> Value { value }
}
