import Foundation
import Interactive
import Testing

/// The response cache through the real executor, and its tiers on their own.
@Suite(.timeLimit(.minutes(5)))
struct CacheTests {
    let scratch = Scratch()

    let cached = RequestOptions(cache: .init(ttl: 60, varyHeaders: ["Accept"]))

    func executor(_ plugin: CachePlugin) -> Executor {
        Executor(transport: URLSessionTransport(), plugins: [plugin])
    }

    @Test func memoryThenDiskAfterRestart() async throws {
        let server = try await FaultServer.start()
        let directory = scratch.directory("cache")
        let api = RawApi(server, "/item", options: cached)

        let first = CachePlugin(memory: MemoryCache(), disk: try DiskCache(directory: directory))
        let network = try await executor(first).executeWithMetadata(api)
        let memory = try await executor(first).executeWithMetadata(api)
        #expect(network.metadata.source == "network")
        #expect(memory.metadata.source == "memory-cache")
        #expect(memory.metadata.attempts == 0)
        #expect(memory.metadata.isFromCache)
        #expect(memory.value.body == network.value.body)

        // A new process: empty memory, same directory.
        let restarted = CachePlugin(memory: MemoryCache(), disk: try DiskCache(directory: directory))
        let disk = try await executor(restarted).executeWithMetadata(api)
        let promoted = try await executor(restarted).executeWithMetadata(api)
        #expect(disk.metadata.source == "disk-cache")
        #expect(disk.value.body == network.value.body)
        #expect(promoted.metadata.source == "memory-cache")
        #expect(try await server.counts().received["/item"] == 1)
    }

    @Test func entriesExpireAfterTheirTTL() async throws {
        let server = try await FaultServer.start()
        let clock = Locked(Date(timeIntervalSince1970: 1_000_000))
        let plugin = CachePlugin(now: { clock.current })
        let api = RawApi(server, "/ttl", options: cached)
        _ = try await executor(plugin).execute(api)
        clock.withLock { $0.addTimeInterval(59) }
        #expect(try await executor(plugin).executeWithMetadata(api).metadata.source == "memory-cache")
        clock.withLock { $0.addTimeInterval(2) }
        #expect(try await executor(plugin).executeWithMetadata(api).metadata.source == "network")
        #expect(try await server.counts().received["/ttl"] == 2)
    }

    @Test(arguments: ["status:500", "status:404", "truncated"])
    func onlySuccessfulResponsesAreStored(fault: String) async throws {
        let server = try await FaultServer.start()
        let plugin = CachePlugin()
        let api = JSONApi(RawApi(server, "/bad", query: [("fault", fault)], options: cached))
        for _ in 0..<2 {
            await #expect(throws: InteractiveError.self) { try await executor(plugin).execute(api) }
        }
        #expect(try await server.counts().received["/bad"] == 2)
        #expect(plugin.memory.count == 0)
    }

    @Test func varyHeadersSeparateEntries() async throws {
        let server = try await FaultServer.start()
        let plugin = CachePlugin()
        for accept in ["a", "b", "a", "b"] {
            _ = try await executor(plugin).execute(RawApi(server, "/vary", headers: [("Accept", accept)], options: cached))
        }
        #expect(try await server.counts().received["/vary"] == 2)
    }

    @Test func uncachedApisAreNeverStored() async throws {
        let server = try await FaultServer.start()
        let plugin = CachePlugin()
        for _ in 0..<3 { _ = try await executor(plugin).execute(RawApi(server, "/plain")) }
        #expect(try await server.counts().received["/plain"] == 3)
    }

    enum Damage: String, CaseIterable, Sendable {
        case truncated, garbage, empty, flippedBodyByte, otherKey
    }

    @Test(arguments: Damage.allCases)
    func corruptedCacheFileIsAMiss(damage: Damage) async throws {
        let server = try await FaultServer.start()
        let directory = scratch.directory("corrupt")
        let api = RawApi(server, "/corrupt", options: cached)
        _ = try await executor(CachePlugin(memory: MemoryCache(), disk: try DiskCache(directory: directory))).execute(api)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).filter { $0.pathExtension == "cache" }
        #expect(files.count == 1)
        let file = try #require(files.first)
        let data = try Data(contentsOf: file)
        let damaged: Data = switch damage {
        case .truncated: data.prefix(data.count / 2)
        case .garbage: Data((0..<data.count).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        case .empty: Data()
        case .flippedBodyByte: Self.flipBodyByte(data)
        case .otherKey: Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "/corrupt", with: "/elsewhere").utf8)
        }
        try damaged.write(to: file)

        let restarted = CachePlugin(memory: MemoryCache(), disk: try DiskCache(directory: directory))
        let miss = try await executor(restarted).executeWithMetadata(api)
        #expect(miss.metadata.source == "network")
        #expect(miss.value.status == 200)
        #expect(try await server.counts().received["/corrupt"] == 2)
        // The miss rewrote the entry: a fresh process reads it from disk again.
        let again = CachePlugin(memory: MemoryCache(), disk: try DiskCache(directory: directory))
        #expect(try await executor(again).executeWithMetadata(api).metadata.source == "disk-cache")
    }

    /// Changes one character of the base64 body inside the JSON file.
    static func flipBodyByte(_ data: Data) -> Data {
        var text = String(decoding: data, as: UTF8.self)
        guard let range = text.range(of: "\"body\":\"") else { return data }
        let index = range.upperBound
        let replacement: Character = text[index] == "A" ? "B" : "A"
        text.replaceSubrange(index...index, with: String(replacement))
        return Data(text.utf8)
    }
}

/// The tiers' bounds, without a network.
struct CacheTierTests {
    let scratch = Scratch()

    func entry(_ key: String, bytes: Int) -> CacheEntry {
        CacheEntry(key: key, response: HTTPResponse(status: 200, body: Data(count: bytes)), storedAt: .distantPast, expiresAt: .distantFuture)
    }

    func key(_ path: String) -> CacheKey {
        CacheKey(HTTPRequest(apiName: "T", method: .get, url: URL(fileURLWithPath: path)), varyHeaders: [])
    }

    @Test func memoryEvictsLeastRecentlyUsedWithinItsBound() {
        let cache = MemoryCache(maxBytes: 3000)
        let keys = ["/a", "/b", "/c", "/d"].map(key)
        for key in keys.prefix(3) { cache.store(entry(key.text, bytes: 900)) }
        #expect(cache.entry(for: keys[0], now: Date()) != nil)  // /a is now the most recent
        cache.store(entry(keys[3].text, bytes: 900))
        #expect(cache.count == 3)
        #expect(cache.totalBytes <= 3000)
        #expect(cache.entry(for: keys[1], now: Date()) == nil)  // /b was the least recently used
        #expect(cache.entry(for: keys[0], now: Date()) != nil)
        cache.store(entry("/huge", bytes: 5000))
        #expect(cache.entry(for: key("/huge"), now: Date()) == nil)
    }

    @Test func diskStaysWithinItsBound() throws {
        let directory = scratch.directory("bound")
        let cache = try DiskCache(directory: directory, maxBytes: 10_000)
        for index in 0..<20 {
            let key = key("/\(index)")
            cache.store(entry(key.text, bytes: 1000), key: key, now: Date(timeIntervalSince1970: Double(index)))
        }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total <= 10_000)
        #expect(cache.totalBytes == total)
        #expect(cache.entry(for: key("/19"), now: Date(timeIntervalSince1970: 20)) != nil)
        #expect(cache.entry(for: key("/0"), now: Date(timeIntervalSince1970: 20)) == nil)
        // Reopening finds the same bytes.
        #expect(try DiskCache(directory: directory, maxBytes: 10_000).totalBytes == total)
    }

    @Test func keysTellBodiesAndMethodsApart() {
        let url = URL(fileURLWithPath: "/k")
        let a = HTTPRequest(apiName: "T", method: .post, url: url, body: Data("a".utf8))
        var b = a
        b.body = Data("b".utf8)
        var get = a
        get.method = .get
        let keys = Set([a, b, get].map { CacheKey($0, varyHeaders: []) })
        #expect(keys.count == 3)
    }
}
