public import Foundation

/// One stored response with its full key and expiry, in the form both cache tiers keep.
public struct CacheEntry: Sendable, Hashable {
    /// The full key of the request the response answers.
    public var key: String
    /// The response.
    public var response: HTTPResponse
    /// When the response was stored.
    public var storedAt: Date
    /// When the response stops being served.
    public var expiresAt: Date

    /// Creates an entry.
    public init(key: String, response: HTTPResponse, storedAt: Date, expiresAt: Date) {
        self.key = key
        self.response = response
        self.storedAt = storedAt
        self.expiresAt = expiresAt
    }

    /// An estimate of the memory the entry takes: body, key and header bytes.
    public var cost: Int {
        response.body.count + key.utf8.count + response.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
    }

    /// Whether the entry may still be served at `now`.
    public func isFresh(at now: Date) -> Bool { now < expiresAt }
}

/// The on-disk form of a ``CacheEntry``: JSON with a checksum over key and body, so a truncated
/// or corrupted file fails to decode or to verify and is treated as a miss.
struct CacheEntryFile: Codable {
    static let formatVersion = 1

    var version: Int
    var key: String
    var status: Int
    var headers: [[String]]
    var body: Data
    var storedAt: Double
    var expiresAt: Double
    var checksum: String

    init(_ entry: CacheEntry) {
        version = Self.formatVersion
        key = entry.key
        status = entry.response.status
        headers = entry.response.headers.map { [$0.name, $0.value] }
        body = entry.response.body
        storedAt = entry.storedAt.timeIntervalSince1970
        expiresAt = entry.expiresAt.timeIntervalSince1970
        checksum = Self.checksum(key: key, status: status, body: body)
    }

    static func checksum(key: String, status: Int, body: Data) -> String {
        let seed = FNV1a.hash(Array(key.utf8) + Array(String(status).utf8))
        return FNV1a.hex(FNV1a.hash(body, seed: seed))
    }

    /// Encodes the entry as file contents.
    static func encode(_ entry: CacheEntry) -> Data? {
        try? JSONEncoder().encode(CacheEntryFile(entry))
    }

    /// Decodes file contents; `nil` for anything truncated, corrupted or of another version.
    static func decode(_ data: Data) -> CacheEntry? {
        guard let file = try? JSONDecoder().decode(CacheEntryFile.self, from: data),
              file.version == formatVersion,
              file.checksum == checksum(key: file.key, status: file.status, body: file.body)
        else { return nil }
        var headers = HTTPHeaders()
        for pair in file.headers {
            guard pair.count == 2 else { return nil }
            headers.add(pair[1], for: pair[0])
        }
        return CacheEntry(
            key: file.key,
            response: HTTPResponse(status: file.status, headers: headers, body: file.body),
            storedAt: Date(timeIntervalSince1970: file.storedAt),
            expiresAt: Date(timeIntervalSince1970: file.expiresAt))
    }
}
