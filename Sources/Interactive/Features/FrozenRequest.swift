public import Foundation

/// A request written to the offline journal, with everything needed to send it again later,
/// possibly from another process.
public struct FrozenRequest: Sendable, Hashable, Codable {
    /// The journal's identifier of the request, as in ``InteractiveError/frozen(id:)``.
    public var id: String
    /// The `Idempotency-Key` header value the server dedupes by; the same on every send.
    public var idempotencyKey: String
    /// The API's name.
    public var apiName: String
    /// The method, e.g. `POST`.
    public var method: String
    /// The absolute URL.
    public var url: String
    /// The header fields as `[name, value]` pairs, in order.
    public var headers: [[String]]
    /// The body, if any.
    public var body: Data?
    /// The request's timeout, in seconds.
    public var timeoutSeconds: Double
    /// When it was frozen (seconds since 1970).
    public var frozenAt: Double

    /// The header carrying the idempotency key.
    public static let idempotencyHeader = "Idempotency-Key"

    /// Freezes `request`, which must already carry an ``idempotencyHeader``.
    public init(id: String, request: HTTPRequest, frozenAt: Date = Date()) {
        self.id = id
        idempotencyKey = request.headers[Self.idempotencyHeader] ?? id
        apiName = request.apiName
        method = request.method.rawValue
        url = request.url.absoluteString
        headers = request.headers.map { [$0.name, $0.value] }
        body = request.body
        let parts = request.timeout.components
        timeoutSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.frozenAt = frozenAt.timeIntervalSince1970
    }

    /// The request to send again; `nil` when the stored method or URL is not valid.
    /// It carries the idempotency key and is marked idempotent, since the key makes repeating it safe.
    public func makeRequest() -> HTTPRequest? {
        guard let method = HTTPMethod(rawValue: method), let url = URL(string: url) else { return nil }
        var fields = HTTPHeaders()
        for pair in headers where pair.count == 2 { fields.add(pair[1], for: pair[0]) }
        fields.set(idempotencyKey, for: Self.idempotencyHeader)
        // The journal is read from disk: a value too large for a `Duration` is capped, not trusted.
        let timeout = timeoutSeconds.isFinite && timeoutSeconds > 0 ? Duration.wait(seconds: timeoutSeconds) : .seconds(10)
        return HTTPRequest(
            apiName: apiName, method: method, url: url, headers: fields, body: body, timeout: timeout,
            options: RequestOptions(idempotent: true, freezable: true))
    }
}

/// One record of the journal: a request frozen, or a frozen request acknowledged by the server.
struct JournalRecord: Codable, Sendable {
    enum Kind: String, Codable, Sendable {
        case frozen
        case done
    }

    var kind: Kind
    var id: String
    var request: FrozenRequest?
}
