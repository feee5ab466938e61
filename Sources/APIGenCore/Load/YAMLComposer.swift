import CYaml

/// Builds one document's ``YAMLNode`` tree from LibYAML's events, with an explicit stack of open
/// collections instead of recursion.
///
/// The limits are decided on the events, so no way of writing YAML (anchors, tags, tabs, explicit
/// keys, block or flow style) gets around them:
/// - a collection nested deeper than ``nestingLimit`` stops the composer at the event that opens
///   it, before a recursive later stage could overflow the stack;
/// - an alias is a reference, so a few lines of anchors inside anchors ("billion laughs") can
///   stand for billions of nodes: the nodes an alias stands for count against ``nodeBudget``, and
///   the composer stops when they run out. An alias also counts at the depth of what it repeats.
struct YAMLComposer {
    /// Why composing stopped without a tree.
    enum Stop: Error {
        case libYAML(LibYAMLParser.Failure)
        case empty
        case tooDeep(line: Int, column: Int)
        case overBudget
        case undefinedAlias(line: Int, column: Int)
        case secondDocument(line: Int, column: Int)
    }

    /// The deepest nesting of collections a spec may have; specs need a dozen levels.
    static let nestingLimit = 100

    let file: String
    /// The most nodes the tree may stand for, aliases expanded.
    let nodeBudget: Int
    /// Duplicate keys and bad merge keys; the tree is still built.
    var diagnostics = Diagnostics()

    private var nodesUsed = 0
    private var stack: [OpenCollection] = []
    private var anchors: [String: Measured] = [:]

    init(file: String, nodeBudget: Int) {
        self.file = file
        self.nodeBudget = nodeBudget
    }

    /// A finished node with the number of nodes it stands for and the number of collections on
    /// its deepest path (0 for a scalar).
    private struct Measured {
        var node: YAMLNode
        var size: Int
        var height: Int
    }

    /// A sequence or mapping whose end event has not come yet.
    private struct OpenCollection {
        var isMapping: Bool
        var location: SourceLocation
        var anchor: String?
        /// A sequence's elements, or a mapping's keys and values in turn.
        var children: [YAMLNode] = []
        var size = 1
        var height = 1
    }

    /// Reads the one document of the stream.
    mutating func compose(_ parser: inout LibYAMLParser) throws(Stop) -> YAMLNode {
        _ = try next(&parser)  // stream start
        guard try next(&parser).pointee.type != YAML_STREAM_END_EVENT else { throw .empty }
        var root: YAMLNode?
        while root == nil {
            let event = try next(&parser)
            if let finished = try take(event) {
                if stack.isEmpty { root = finished.node } else { add(finished) }
            }
        }
        _ = try next(&parser)  // document end
        let after = try next(&parser)
        guard after.pointee.type == YAML_STREAM_END_EVENT else {
            let (line, column) = after.start
            throw .secondDocument(line: line, column: column)
        }
        return root ?? YAMLNode(kind: .scalar("", isQuoted: false), location: location(line: 1, column: 1))
    }

    private func next(_ parser: inout LibYAMLParser) throws(Stop) -> UnsafePointer<yaml_event_t> {
        do {
            return try parser.next()
        } catch {
            throw .libYAML(error)
        }
    }

    /// Handles one event inside the document; returns a node when one is finished.
    private mutating func take(_ event: UnsafePointer<yaml_event_t>) throws(Stop) -> Measured? {
        let (line, column) = event.start
        switch event.pointee.type {
        case YAML_SCALAR_EVENT:
            try count(1)
            let scalar = event.pointee.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let isQuoted = Self.isQuoted(style: scalar.style, tag: scalar.tag)
            let finished = Measured(node: YAMLNode(kind: .scalar(text, isQuoted: isQuoted), location: location(line: line, column: column)), size: 1, height: 0)
            if let anchor = libYAMLString(scalar.anchor) { anchors[anchor] = finished }
            return finished
        case YAML_ALIAS_EVENT:
            guard let name = libYAMLString(event.pointee.data.alias.anchor), let anchored = anchors[name] else {
                throw .undefinedAlias(line: line, column: column)
            }
            if stack.count + anchored.height > Self.nestingLimit { throw .tooDeep(line: line, column: column) }
            try count(anchored.size)
            return anchored
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if stack.count >= Self.nestingLimit { throw .tooDeep(line: line, column: column) }
            try count(1)
            let isMapping = event.pointee.type == YAML_MAPPING_START_EVENT
            let anchor = isMapping ? event.pointee.data.mapping_start.anchor : event.pointee.data.sequence_start.anchor
            var open = OpenCollection(isMapping: isMapping, location: location(line: line, column: column), anchor: libYAMLString(anchor))
            // Room for four pairs at once: growing from one element by doubling cost three copies.
            open.children.reserveCapacity(8)
            stack.append(open)
            return nil
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return nil }
            let kind: YAMLNode.Kind = open.isMapping ? .mapping(Self.pairs(of: open.children, diagnostics: &diagnostics)) : .sequence(open.children)
            let finished = Measured(node: YAMLNode(kind: kind, location: open.location), size: open.size, height: open.height)
            if let anchor = open.anchor { anchors[anchor] = finished }
            return finished
        default:
            // A document holds exactly one node; its end cannot come before it.
            throw .empty
        }
    }

    /// Adds a finished node to the innermost open collection.
    private mutating func add(_ child: Measured) {
        let top = stack.count - 1
        stack[top].children.append(child.node)
        stack[top].size += child.size
        stack[top].height = max(stack[top].height, child.height + 1)
    }

    private mutating func count(_ nodes: Int) throws(Stop) {
        nodesUsed += nodes
        if nodesUsed > nodeBudget { throw .overBudget }
    }

    private func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    /// Quoted, a block scalar, or tagged `!!str`: text as written, never a number or a boolean.
    private static func isQuoted(style: yaml_scalar_style_t, tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        if style != YAML_PLAIN_SCALAR_STYLE && style != YAML_ANY_SCALAR_STYLE { return true }
        return libYAMLString(tag) == "tag:yaml.org,2002:str"
    }
}
