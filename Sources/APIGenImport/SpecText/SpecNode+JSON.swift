/// ``SpecNode``s as indented JSON, keys in their order.
extension SpecNode {
    /// The node as JSON text, indented by two spaces per level.
    func jsonText(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        let close = String(repeating: "  ", count: indent)
        switch self {
        case .text(let text): return YAMLText.doubleQuoted(text)
        case .literal(let text): return text
        case .json(let value): return value.jsonText
        case .map(let entries):
            if entries.isEmpty { return "{}" }
            return "{\n" + entries.map { pad + YAMLText.doubleQuoted($0.key) + ": " + $0.value.jsonText(indent: indent + 1) }.joined(separator: ",\n") + "\n" + close + "}"
        case .list(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { pad + $0.jsonText(indent: indent + 1) }.joined(separator: ",\n") + "\n" + close + "]"
        }
    }
}
