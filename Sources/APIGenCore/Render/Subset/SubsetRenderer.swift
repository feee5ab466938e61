/// Renders ``SubsetTemplate``s over a view model with plain lookups.
///
/// swift-mustache resolves every tag by casting each context value to several protocols; measured on
/// 3,000 APIs that was 78% of `apigen check`. This renderer looks names up in the typed view model
/// (``TemplateValue``) without a dynamic cast. It produces exactly what swift-mustache produces for
/// the subset (a test renders every example spec both ways and compares the bytes); for a value it
/// cannot show the same way (a list or object as text) it throws ``Unsupported``, and the caller
/// renders that file with swift-mustache instead.
///
/// The templates are compiled into one flat ``SubsetProgram`` of plain integers: walking nested node
/// enums retained and released every node, text and name on every file, and with all cores rendering
/// the same templates those shared counters were the renderer's largest cost.
struct SubsetRenderer: Sendable {
    /// A template or value outside the subset.
    struct Unsupported: Error {}

    private let program: SubsetProgram

    init(templates: [String: SubsetTemplate]) {
        program = SubsetProgram(templates)
    }

    /// Renders the template `name` with `context`; `nil` when there is no such template.
    func render(_ context: ViewModel, template name: String) throws(Unsupported) -> String? {
        try renderUTF8(context, template: name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:template:)`` as UTF-8 bytes: appending bytes costs a fraction of appending strings.
    func renderUTF8(_ context: ViewModel, template name: String) throws(Unsupported) -> [UInt8]? {
        guard let template = program.templates[name] else { return nil }
        var output = RenderedBytes(capacity: 4096)
        var stack: [TemplateValue] = [.object(context)]
        try program.operations.withUnsafeBufferPointer { (operations) throws(Unsupported) in
            try program.text.withUnsafeBufferPointer { (text) throws(Unsupported) in
                try program.names.withUnsafeBufferPointer { (names) throws(Unsupported) in
                    let run = Run(operations: operations, text: text, names: names, ranges: program.ranges)
                    try run.render(template, stack: &stack, into: &output)
                }
            }
        }
        return output.array
    }

    /// One rendering's view of the program's storage.
    private struct Run {
        let operations: UnsafeBufferPointer<SubsetProgram.Operation>
        let text: UnsafeBufferPointer<UInt8>
        let names: UnsafeBufferPointer<String>
        let ranges: [Range<Int>?]

        func render(_ range: Range<Int>, stack: inout [TemplateValue], into output: inout RenderedBytes) throws(Unsupported) {
            var index = range.lowerBound
            while index < range.upperBound {
                let operation = operations[index]
                index += 1
                switch operation {
                case .text(let bytes):
                    output.append(UnsafeBufferPointer(rebasing: text[bytes]))
                case .variable(let path):
                    switch lookUp(path, in: stack) {
                    case .text(let value): output.append(value)
                    case .bool(let flag): output.append(flag ? "true" : "false")
                    case .none: break
                    case .list, .object: throw Unsupported()
                    }
                case .section(let path, let end):
                    let children = index..<end
                    index = end
                    switch lookUp(path, in: stack) {
                    case .none, .bool(false): break
                    case .bool(true): try render(children, stack: &stack, into: &output)
                    case .list(let items):
                        for item in items { try renderPushing(item, children, stack: &stack, into: &output) }
                    case .some(let value): try renderPushing(value, children, stack: &stack, into: &output)
                    }
                case .inverted(let path, let end):
                    let children = index..<end
                    index = end
                    switch lookUp(path, in: stack) {
                    case .none, .bool(false): try render(children, stack: &stack, into: &output)
                    case .list(let items) where items.isEmpty:
                        // swift-mustache pushes the empty list, which no name resolves in.
                        try renderPushing(.list([]), children, stack: &stack, into: &output)
                    default: break
                    }
                case .partial(let template):
                    // swift-mustache renders a missing partial as nothing.
                    if let partial = ranges[template] { try render(partial, stack: &stack, into: &output) }
                }
            }
        }

        private func renderPushing(_ value: TemplateValue, _ range: Range<Int>, stack: inout [TemplateValue], into output: inout RenderedBytes) throws(Unsupported) {
            stack.append(value)
            defer { stack.removeLast() }
            try render(range, stack: &stack, into: &output)
        }

        /// The value of a dotted name: its first part from the innermost object that has it, the rest
        /// from there on down; `.` is the innermost value.
        private func lookUp(_ path: Range<Int>, in stack: [TemplateValue]) -> TemplateValue? {
            guard let first = path.first else { return stack.last }
            var frame = stack.count
            while frame > 0 {
                frame -= 1
                guard let found = stack[frame].member(names[first]) else { continue }
                var value = found
                for name in path.dropFirst() {
                    guard let next = value.member(names[name]) else { return nil }
                    value = next
                }
                return value
            }
            return nil
        }
    }
}

extension TemplateValue {
    /// The value of `name` when this is an object that has it.
    fileprivate func member(_ name: String) -> TemplateValue? {
        guard case .object(let object) = self else { return nil }
        return object[name]
    }
}
