/// Renders ``SubsetTemplate``s over a view model with plain dictionary lookups.
///
/// swift-mustache resolves every tag by casting each context value to several protocols; measured on
/// 3,000 APIs that was 78% of `apigen check`. This renderer converts the view model once into
/// ``Value`` and then renders without a dynamic cast. It produces exactly what swift-mustache
/// produces for the subset (a test renders every example spec both ways and compares the bytes); for
/// any value it does not know how to show the same way it throws ``Unsupported``, and the caller
/// renders that file with swift-mustache instead.
struct SubsetRenderer: Sendable {
    /// A view-model value in the shapes Mustache distinguishes.
    enum Value: Sendable {
        case text(String)
        case bool(Bool)
        case list([Value])
        case object([String: Value])

        /// Converts a `[String: Any]` view model (or any value in it).
        init(_ any: Any) throws(Unsupported) {
            switch any {
            case let text as String: self = .text(text)
            case let flag as Bool: self = .bool(flag)
            case let number as Int: self = .text(String(number))
            case let object as [String: Any]:
                var values: [String: Value] = [:]
                values.reserveCapacity(object.count)
                for (key, value) in object { values[key] = try Value(value) }
                self = .object(values)
            case let texts as [String]: self = .list(texts.map(Value.text))
            case let objects as [[String: Any]]:
                var values: [Value] = []
                values.reserveCapacity(objects.count)
                for object in objects { values.append(try Value(object)) }
                self = .list(values)
            default: throw Unsupported()
            }
        }
    }

    /// A template or value outside the subset.
    struct Unsupported: Error {}

    let templates: [String: SubsetTemplate]

    /// Renders the template `name` with `context`; `nil` when there is no such template.
    func render(_ context: Value, template name: String) throws(Unsupported) -> String? {
        guard let template = templates[name] else { return nil }
        var output = ""
        var stack = [context]
        try render(template.nodes, stack: &stack, into: &output)
        return output
    }

    private func render(_ nodes: [SubsetTemplate.Node], stack: inout [Value], into output: inout String) throws(Unsupported) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let path):
                switch lookUp(path, in: stack) {
                case .text(let text): output += text
                case .bool(let flag): output += flag ? "true" : "false"
                case .none: break
                case .list, .object: throw Unsupported()
                }
            case .section(let path, let children):
                switch lookUp(path, in: stack) {
                case .none, .bool(false): break
                case .bool(true): try render(children, stack: &stack, into: &output)
                case .list(let items):
                    for item in items { try renderPushing(item, children, stack: &stack, into: &output) }
                case .some(let value): try renderPushing(value, children, stack: &stack, into: &output)
                }
            case .inverted(let path, let children):
                switch lookUp(path, in: stack) {
                case .none, .bool(false): try render(children, stack: &stack, into: &output)
                case .list(let items) where items.isEmpty:
                    // swift-mustache pushes the empty list, which no name resolves in.
                    try renderPushing(.list([]), children, stack: &stack, into: &output)
                default: break
                }
            case .partial(let name):
                // swift-mustache renders a missing partial as nothing.
                if let partial = templates[name] { try render(partial.nodes, stack: &stack, into: &output) }
            }
        }
    }

    private func renderPushing(_ value: Value, _ nodes: [SubsetTemplate.Node], stack: inout [Value], into output: inout String) throws(Unsupported) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, stack: &stack, into: &output)
    }

    /// The value of a dotted name: its first part from the innermost object that has it, the rest
    /// from there on down; `.` is the innermost value.
    private func lookUp(_ path: [String], in stack: [Value]) -> Value? {
        guard let first = path.first else { return nil }
        if first == "." { return stack.last }
        for frame in stack.reversed() {
            guard case .object(let object) = frame, var value = object[first] else { continue }
            for name in path.dropFirst() {
                guard case .object(let child) = value, let next = child[name] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }
}
