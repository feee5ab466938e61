/// Renders ``SubsetTemplate``s over a view model with plain dictionary lookups.
///
/// swift-mustache resolves every tag by casting each context value to several protocols; measured on
/// 3,000 APIs that was 78% of `apigen check`. This renderer looks names up in the typed view model
/// (``TemplateValue``) without a dynamic cast. It produces exactly what swift-mustache produces for
/// the subset (a test renders every example spec both ways and compares the bytes); for a value it
/// cannot show the same way (a list or object as text) it throws ``Unsupported``, and the caller
/// renders that file with swift-mustache instead.
struct SubsetRenderer: Sendable {
    /// A template or value outside the subset.
    struct Unsupported: Error {}

    let templates: [String: SubsetTemplate]

    /// Renders the template `name` with `context`; `nil` when there is no such template.
    func render(_ context: ViewModel, template name: String) throws(Unsupported) -> String? {
        try renderUTF8(context, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:template:)`` as UTF-8 bytes: appending bytes costs a fraction of appending strings.
    func renderUTF8(_ context: ViewModel, template name: String) throws(Unsupported) -> [UInt8]? {
        guard let template = templates[name] else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        var stack: [TemplateValue] = [.object(context)]
        try render(template.nodes, stack: &stack, into: &output)
        return output
    }

    private func render(_ nodes: [SubsetTemplate.Node], stack: inout [TemplateValue], into output: inout [UInt8]) throws(Unsupported) {
        for node in nodes {
            switch node {
            case .text(let text):
                output.append(contentsOf: text.utf8)
            case .variable(let path):
                switch lookUp(path, in: stack) {
                case .text(let text): output.append(contentsOf: text.utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
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

    private func renderPushing(_ value: TemplateValue, _ nodes: [SubsetTemplate.Node], stack: inout [TemplateValue], into output: inout [UInt8]) throws(Unsupported) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, stack: &stack, into: &output)
    }

    /// The value of a dotted name: its first part from the innermost object that has it, the rest
    /// from there on down; `.` is the innermost value.
    private func lookUp(_ path: [String], in stack: [TemplateValue]) -> TemplateValue? {
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
