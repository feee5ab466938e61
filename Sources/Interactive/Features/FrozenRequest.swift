public import Foundation

/// A request written to the offline journal, with everything needed to send it again later,
/// possibly from another process — except its secrets.
///
/// Secret header values never reach the disk: `Authorization`, `Proxy-Authorization`, `Cookie`,
/// `Set-Cookie` (``Redactor/alwaysSecretHeaders``) and the headers of `secret: true` parameters are
/// left out and only their names kept in ``withheldHeaders``. They are put back at replay by whatever
/// put them on the request in the first place: replay through an ``Executor``
/// (``FreezePlugin/resume(through:)-(Executor)``) runs its plugins again (a header plugin, re-login's
/// `authorize`, signing), or a `send` closure sets them. A request with a secret parameter anywhere
/// but in a header (a body member), or with a password in its URL, is never frozen: see
/// ``canFreeze(_:)``.
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
    /// The header fields as `[name, value]` pairs, in order, without the withheld ones.
    public var headers: [[String]]
    /// The names of the secret headers the request carried, whose values were not stored.
    public var withheldHeaders: [String]
    /// The body, if any (never one with a secret member).
    public var body: Data?
    /// The request's timeout, in seconds.
    public var timeoutSeconds: Double
    /// When it was frozen (seconds since 1970).
    public var frozenAt: Double
    /// The spec's `encrypt` flag, so a signer signs the replay.
    public var encrypt: Bool
    /// The request's secret keys (``RequestOptions/secretKeys``), so logs of the replay mask them.
    public var secretKeys: [String]
    /// The path of the journal's own copy of a body streamed from files (``HTTPRequest/upload``),
    /// sent again at replay and deleted once the server has it; `nil` for bodies in memory.
    public var uploadFile: String?

    /// The header carrying the idempotency key.
    public static let idempotencyHeader = "Idempotency-Key"

    /// Freezes `request`, which must already carry an ``idempotencyHeader``, without its secret headers.
    public init(id: String, request: HTTPRequest, frozenAt: Date = Date()) {
        self.id = id
        idempotencyKey = request.headers[Self.idempotencyHeader] ?? id
        apiName = request.apiName
        method = request.method.rawValue
        url = request.url.absoluteString
        var kept: [[String]] = []
        var withheld: [String] = []
        for field in request.headers {
            if Self.isSecretHeader(field.name, of: request) {
                if !withheld.contains(where: { $0.lowercased() == field.name.lowercased() }) { withheld.append(field.name) }
            } else {
                kept.append([field.name, field.value])
            }
        }
        headers = kept
        withheldHeaders = withheld
        body = request.body
        let parts = request.timeout.components
        timeoutSeconds = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
        self.frozenAt = frozenAt.timeIntervalSince1970
        encrypt = request.options.encrypt
        secretKeys = request.options.secretKeys.sorted()
    }

    /// Whether `request` may be written to the journal: only when each of its secret parameters is a
    /// header (which is withheld) and its URL holds no password (`https://user:password@host`). A
    /// secret body member or a password cannot be left out without changing what the server
    /// receives, so such a request is not frozen: its caller gets the connectivity error.
    public static func canFreeze(_ request: HTTPRequest) -> Bool {
        request.url.password == nil && request.options.secretKeys.allSatisfy { request.headers.contains($0) }
    }

    /// The same request with any secret header value still in ``headers`` moved to ``withheldHeaders``
    /// (records written before secrets were withheld).
    func withoutSecretHeaders() -> FrozenRequest {
        var copy = self
        copy.headers = []
        for pair in headers {
            guard pair.count == 2 else { continue }
            let lowered = pair[0].lowercased()
            if Redactor.alwaysSecretHeaders.contains(lowered) || secretKeys.contains(where: { $0.lowercased() == lowered }) {
                if !copy.withheldHeaders.contains(where: { $0.lowercased() == lowered }) { copy.withheldHeaders.append(pair[0]) }
            } else {
                copy.headers.append(pair)
            }
        }
        return copy
    }

    /// Whether a header's value stays off the disk.
    static func isSecretHeader(_ name: String, of request: HTTPRequest) -> Bool {
        let lowered = name.lowercased()
        return Redactor.alwaysSecretHeaders.contains(lowered)
            || request.options.secretKeys.contains { $0.lowercased() == lowered }
    }

    /// The request to send again; `nil` when the stored method, URL or a header is not valid.
    /// It carries the idempotency key and is marked idempotent, since the key makes repeating it safe,
    /// and not freezable, since it is in the journal already. Withheld headers are not on it.
    public func makeRequest() -> HTTPRequest? {
        guard let method = HTTPMethod(rawValue: method), let url = URL(string: url) else { return nil }
        var fields = HTTPHeaders()
        for pair in headers where pair.count == 2 { fields.add(pair[1], for: pair[0]) }
        fields.set(idempotencyKey, for: Self.idempotencyHeader)
        // Read from disk: a header that could not be sent is a damaged record, not a request.
        do throws(InteractiveError) {
            try HeaderCheck.validate(fields)
        } catch {
            return nil
        }
        // The journal is read from disk: a value too large for a `Duration` is capped, not trusted.
        let timeout = timeoutSeconds.isFinite && timeoutSeconds > 0 ? Duration.wait(seconds: timeoutSeconds) : .seconds(10)
        var request = HTTPRequest(
            apiName: apiName, method: method, url: url, headers: fields, body: body, timeout: timeout,
            options: RequestOptions(encrypt: encrypt, idempotent: true, freezable: false, secretKeys: Set(secretKeys)))
        if let uploadFile {
            // The copy is gone (deleted by hand): the body cannot be sent, so neither is the request.
            guard let upload = try? UploadBody(segments: [.file(URL(fileURLWithPath: uploadFile))]) else { return nil }
            request.upload = upload
        }
        return request
    }

    private enum CodingKeys: String, CodingKey {
        case id, idempotencyKey, apiName, method, url, headers, withheldHeaders, body, timeoutSeconds, frozenAt, encrypt, secretKeys, uploadFile
    }

    /// Decodes a record; the members added later (`withheldHeaders`, `encrypt`, `secretKeys`, `uploadFile`) may be absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        idempotencyKey = try container.decode(String.self, forKey: .idempotencyKey)
        apiName = try container.decode(String.self, forKey: .apiName)
        method = try container.decode(String.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        headers = try container.decode([[String]].self, forKey: .headers)
        withheldHeaders = try container.decodeIfPresent([String].self, forKey: .withheldHeaders) ?? []
        body = try container.decodeIfPresent(Data.self, forKey: .body)
        timeoutSeconds = try container.decode(Double.self, forKey: .timeoutSeconds)
        frozenAt = try container.decode(Double.self, forKey: .frozenAt)
        encrypt = try container.decodeIfPresent(Bool.self, forKey: .encrypt) ?? false
        secretKeys = try container.decodeIfPresent([String].self, forKey: .secretKeys) ?? []
        uploadFile = try container.decodeIfPresent(String.self, forKey: .uploadFile)
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
