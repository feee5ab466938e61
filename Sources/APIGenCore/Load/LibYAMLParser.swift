import CYaml

/// LibYAML's parser over one text, read one event at a time.
///
/// LibYAML keeps its state in heap stacks rather than by recursing, so no input can overflow the
/// stack here; how deep a spec may nest is decided by ``YAMLComposer``, on these events.
struct LibYAMLParser: ~Copyable {
    /// Why LibYAML stopped.
    enum Failure: Error {
        /// The text cannot be decoded (a control character, say) at a byte offset.
        case reader(problem: String, byteOffset: Int)
        /// A scanner or parser error at a 1-based line and column.
        case syntax(problem: String, line: Int, column: Int)
        case outOfMemory
    }

    // Allocated, not stored inline: LibYAML keeps a pointer to the parser inside it, so it must
    // not move.
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let event: UnsafeMutablePointer<yaml_event_t>
    private var holdsEvent = false

    /// LibYAML wants an address even for no input; nothing is ever read from it.
    private nonisolated(unsafe) static let noBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    /// A parser over `bytes` (UTF-8), which must stay valid while the parser is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        event = .allocate(capacity: 1)
        event.initialize(to: yaml_event_t())
        yaml_parser_initialize(parser)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, bytes.baseAddress ?? UnsafePointer(Self.noBytes), bytes.count)
    }

    deinit {
        if holdsEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        parser.deallocate()
        event.deallocate()
    }

    /// Reads the next event, which stays valid until the next call.
    mutating func next() throws(Failure) -> UnsafePointer<yaml_event_t> {
        if holdsEvent {
            yaml_event_delete(event)
            holdsEvent = false
        }
        guard yaml_parser_parse(parser, event) == 1 else { throw failure }
        holdsEvent = true
        return UnsafePointer(event)
    }

    private var failure: Failure {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        switch state.error {
        case YAML_READER_ERROR:
            return .reader(problem: problem, byteOffset: state.problem_offset)
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            // LibYAML's problems read after their context when they start with "but" ("expected a
            // single document in the stream but found another document"), before it otherwise.
            let detail = state.context.map { context in
                let text = String(cString: context)
                return problem.hasPrefix("but ") ? "\(text) \(problem)" : "\(problem) \(text)"
            } ?? problem
            return .syntax(problem: detail, line: state.problem_mark.line + 1, column: state.problem_mark.column + 1)
        default:
            return .outOfMemory
        }
    }
}

extension UnsafePointer<yaml_event_t> {
    /// The 1-based line and column where the event starts.
    var start: (line: Int, column: Int) {
        (pointee.start_mark.line + 1, pointee.start_mark.column + 1)
    }
}

/// The text of a NUL-terminated LibYAML string (anchors, tags), or `nil`.
func libYAMLString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
}
