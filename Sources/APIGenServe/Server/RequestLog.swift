import Foundation

/// One line per request: method, path, API, scenario, status and time. Never a header value, a body,
/// or the value of a secret param; query values are shown with secret ones masked.
///
/// `GET /api/items/7?fields=title ItemQuery scenario=- 200 0.4ms`
public struct RequestLogLine: Sendable, Equatable {
    /// The request's method.
    public var method: String
    /// The request's path, as received.
    public var path: String
    /// The raw query, after `?`.
    public var query: String?
    /// The API that answered (its spec name), or `nil` when none matched.
    public var api: String?
    /// The scenario that shaped the answer, if any.
    public var scenario: String?
    /// `proxy` when the backend answered.
    public var via: String?
    /// The answer's status.
    public var status: Int
    /// How long the answer took, in milliseconds.
    public var milliseconds: Double
    /// Lowercased keys whose values are masked: the API's `secret: true` params.
    public var secretKeys: Set<String> = []

    /// Creates a line.
    public init(method: String, path: String, query: String?, api: String?, scenario: String?, via: String?, status: Int, milliseconds: Double) {
        self.method = method
        self.path = path
        self.query = query
        self.api = api
        self.scenario = scenario
        self.via = via
        self.status = status
        self.milliseconds = milliseconds
    }

    /// The line as printed.
    public var text: String {
        var line = "\(method) \(path)"
        if let query, !query.isEmpty { line += "?" + Self.mask(query, secretKeys: secretKeys) }
        line += " \(api ?? "-") scenario=\(scenario.map(Self.oneLine) ?? "-")"
        if let via { line += " via=\(via)" }
        line += " \(status) " + String(format: "%.1fms", milliseconds)
        return line
    }

    /// What a secret value is replaced with.
    public static let mask = "***"

    /// `a=1&password=***`: the values of secret keys masked (`card[number]` belongs to `card`).
    static func mask(_ query: String, secretKeys: Set<String>) -> String {
        guard !secretKeys.isEmpty else { return query }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let key = PercentDecoding.decode(pair[..<equals], plusIsSpace: true).lowercased()
            let outer = key.firstIndex(of: "[").map { String(key[..<$0]) } ?? key
            return secretKeys.contains(key) || secretKeys.contains(outer) ? pair[..<equals] + "=" + mask : String(pair)
        }.joined(separator: "&")
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: " ", with: "_").filter { !$0.isNewline }
    }
}

/// Where log lines go.
public struct RequestLogger: Sendable {
    let write: @Sendable (RequestLogLine) -> Void

    /// Calls `write` with every line.
    public init(_ write: @escaping @Sendable (RequestLogLine) -> Void) {
        self.write = write
    }

    /// Lines on standard output, one write each so concurrent lines do not mix.
    public static let standardOutput = RequestLogger { line in
        FileHandle.standardOutput.write(Data((line.text + "\n").utf8))
    }

    /// No lines.
    public static let none = RequestLogger { _ in }
}
