/// A place in a spec file: its path as the user gave it, and a 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path: the spec folder as given on the command line joined with the path under
    /// it, e.g. `Specs/shop.yaml`, or absolute when the folder was given absolute.
    public var file: String
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, with any control characters in the path escaped.
    public var description: String { "\(MessageText.escaped(file)):\(line):\(column)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// One problem found in the specs.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious the problem is.
    public enum Severity: String, Sendable, Hashable {
        case error
        case warning
    }

    /// Where the problem is.
    public var location: SourceLocation
    /// How serious it is.
    public var severity: Severity
    /// What is wrong, in one line: line breaks and control characters in the text it quotes are
    /// escaped (`\n`, `\u{1B}`).
    public var message: String {
        didSet { message = MessageText.escaped(message) }
    }

    /// Creates a diagnostic; control characters in `message` are escaped.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation) {
        self.location = location
        self.severity = severity
        self.message = MessageText.escaped(message)
    }

    /// `path:line:col: error: message`, the format editors and Xcode understand.
    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Collects diagnostics from every stage so that all problems are reported at once.
public struct Diagnostics: Sendable {
    /// Everything reported so far, in the order reported.
    public private(set) var all: [Diagnostic] = []

    /// Creates an empty collection.
    public init() {}

    /// Reports an error.
    public mutating func error(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.error, message, at: location))
    }

    /// Reports a warning.
    public mutating func warning(_ message: String, at location: SourceLocation) {
        all.append(Diagnostic(.warning, message, at: location))
    }

    /// Adds every diagnostic of another collection, in its order.
    public mutating func append(contentsOf other: Diagnostics) {
        all += other.all
    }

    /// Whether any error was reported.
    public var hasErrors: Bool { all.contains { $0.severity == .error } }

    /// The diagnostics sorted by file, line and column, without repeats.
    public var sorted: [Diagnostic] {
        var seen = Set<Diagnostic>()
        return all.sorted { $0.location < $1.location }.filter { seen.insert($0).inserted }
    }
}
