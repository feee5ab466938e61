/// What the server does instead of (or before) its mock answer: a status, an envelope failure, a
/// delay, a dropped connection, for every request or only the first few.
public struct Scenario: Sendable, Equatable {
    /// An HTTP status to answer with (its declared body, if the API has one for it).
    public var status: Int?
    /// An envelope failure code, answered with HTTP 200 (the session-expired code, say).
    public var code: String?
    /// The envelope's or error body's message.
    public var message: String?
    /// Seconds to wait before answering.
    public var delay: Double?
    /// Close the connection without answering.
    public var drop = false
    /// Apply to the first `times` requests of the API only, then answer normally.
    public var times: Int?
    /// How the scenario was given, for logs: its name, or its text.
    public var label: String

    /// Creates a scenario.
    public init(status: Int? = nil, code: String? = nil, message: String? = nil, delay: Double? = nil, drop: Bool = false, times: Int? = nil, label: String) {
        self.status = status
        self.code = code
        self.message = message
        self.delay = delay
        self.drop = drop
        self.times = times
        self.label = label
    }

    /// Why a scenario could not be read.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String

        /// A problem that says `description`.
        public init(description: String) {
            self.description = description
        }
    }

    /// The keys a scenario has, in scenario files and in `key=value` texts.
    public static let keys = ["status", "code", "message", "delay", "drop", "times"]

    /// Reads `status=503;delay=1.5`, `code=401;message=Session expired;times=1` or `drop` (items
    /// separated by `;` or `,`).
    public init(text: String) throws(Problem) {
        var pairs: [(String, String)] = []
        for item in text.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let trimmed = item.trimmingSpacesAndTabs
            guard !trimmed.isEmpty else { continue }
            if let equals = trimmed.firstIndex(of: "=") {
                pairs.append((String(trimmed[..<equals].trimmingSpacesAndTabs), String(trimmed[trimmed.index(after: equals)...].trimmingSpacesAndTabs)))
            } else {
                pairs.append((String(trimmed), "true"))
            }
        }
        try self.init(pairs: pairs, label: text)
    }

    /// Builds a scenario from `key`/value texts.
    init(pairs: [(String, String)], label: String) throws(Problem) {
        self.init(label: label)
        for (key, value) in pairs {
            switch key {
            case "status":
                // A 1xx is no final answer: a client would read the body after it as the next response.
                guard let status = Int(value), (200...599).contains(status) else { throw Problem(description: "scenario status must be 200-599, got '\(value)'") }
                self.status = status
            case "code": code = value
            case "message": message = value
            case "delay":
                // The bound is on the time, whichever unit writes it (`601ms` is 0.601 s).
                let inMilliseconds = value.hasSuffix("ms")
                guard let number = Double(inMilliseconds ? String(value.dropLast(2)) : value), case let seconds = inMilliseconds ? number / 1_000 : number,
                      seconds >= 0, seconds <= 600 else {
                    throw Problem(description: "scenario delay must be seconds from 0 to 600 (or milliseconds with 'ms'), got '\(value)'")
                }
                delay = seconds
            case "drop":
                guard let flag = Bool(value) else { throw Problem(description: "scenario drop must be true or false, got '\(value)'") }
                drop = flag
            case "times":
                guard let count = Int(value), count > 0 else { throw Problem(description: "scenario times must be a whole number above 0, got '\(value)'") }
                times = count
            default:
                throw Problem(description: "unknown scenario key '\(key)'; expected one of \(Self.keys.joined(separator: ", "))")
            }
        }
        guard status != nil || code != nil || delay != nil || drop else {
            throw Problem(description: "scenario '\(label)' does nothing: give status, code, delay or drop")
        }
    }
}
