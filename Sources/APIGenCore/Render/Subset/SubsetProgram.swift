/// A set of ``SubsetTemplate``s compiled for ``SubsetRenderer``: one flat list of operations whose
/// operands are plain integers (offsets into one text buffer and one name table), so that rendering
/// copies no reference-counted value out of a template.
struct SubsetProgram: Sendable {
    /// One step of a template. A section's children are the operations after it, up to `end`.
    enum Operation: Sendable {
        /// Literal text: a range of ``SubsetProgram/text``.
        case text(Range<Int>)
        /// A dotted name: a range of ``SubsetProgram/names``; empty for `.`, the current value.
        case variable(Range<Int>)
        case section(Range<Int>, end: Int)
        case inverted(Range<Int>, end: Int)
        /// An index into ``SubsetProgram/ranges``.
        case partial(Int)
    }

    private(set) var operations: [Operation] = []
    private(set) var text: [UInt8] = []
    private(set) var names: [String] = []
    /// Each template's operations by its name.
    private(set) var templates: [String: Range<Int>] = [:]
    /// The operations of each template a partial names, `nil` for a missing one.
    private(set) var ranges: [Range<Int>?] = []

    init(_ parsed: [String: SubsetTemplate]) {
        var partials: [String: Int] = [:]
        // Sorted, so that the program does not depend on the dictionary's order.
        for (name, template) in parsed.sorted(by: { $0.key < $1.key }) {
            let start = operations.count
            append(template.nodes, partials: &partials)
            templates[name] = start..<operations.count
        }
        ranges = Array(repeating: nil, count: partials.count)
        for (name, index) in partials { ranges[index] = templates[name] }
    }

    private mutating func append(_ nodes: [SubsetTemplate.Node], partials: inout [String: Int]) {
        for node in nodes {
            switch node {
            case .text(let value):
                let start = text.count
                text.append(contentsOf: value.utf8)
                operations.append(.text(start..<text.count))
            case .variable(let path):
                operations.append(.variable(names(path)))
            case .section(let path, let children), .inverted(let path, let children):
                let isSection = if case .section = node { true } else { false }
                let at = operations.count
                let nameRange = names(path)
                operations.append(.text(0..<0))  // replaced once the children's end is known
                append(children, partials: &partials)
                operations[at] = isSection ? .section(nameRange, end: operations.count) : .inverted(nameRange, end: operations.count)
            case .partial(let name):
                let index = partials[name] ?? partials.count
                partials[name] = index
                operations.append(.partial(index))
            }
        }
    }

    /// The range of `names` holding a dotted name's parts; empty for `.`.
    private mutating func names(_ path: [String]) -> Range<Int> {
        let start = names.count
        if path != ["."] { names += path }
        return start..<names.count
    }
}
