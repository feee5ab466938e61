import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// The offline journal keeps no secrets on disk, and a replay still sends them.
@Suite(.timeLimit(.minutes(5)))
struct FreezeSecretsTests {
    static let token = "tok-SECRET-1"
    static let apiKey = "key-SECRET-2"
    static let password = "pw-SECRET-3"

    let scratch = Scratch()

    /// A freezable POST, dropped by the server on its first delivery, with a secret header parameter
    /// (and a secret body parameter when `password` is given).
    struct OrderApi: Api {
        let server: FaultServer
        var password: String?

        var request: ApiRequest {
            var request = ApiRequest(
                service: RawApi.service(server), apiName: "Order", method: .post, path: "/orders",
                options: RequestOptions(freezable: true))
            for (key, value) in [("fault", "drop-before"), ("times", "1"), ("close", "1")] { request.add(value, as: key, in: .query) }
            request.add(FreezeSecretsTests.apiKey, as: "X-Api-Key", in: .header, secret: true)
            request.add("2", as: "quantity", in: .body)
            request.add(password, as: "password", in: .body, secret: true)
            return request
        }

        var parser: RawParser { RawParser() }
    }

    /// What the app's executor puts on every request: the session token and the API key.
    static func credentials() -> HeaderPlugin {
        HeaderPlugin(["Authorization": "Bearer \(token)", "X-Api-Key": apiKey])
    }

    @Test func theJournalFileHoldsNoSecretAndAReplayThroughTheExecutorSendsThemAgain() async throws {
        let server = try await FaultServer.start()
        let file = scratch.directory("secrets").appendingPathComponent("offline.journal")
        let freezer = FreezePlugin(journal: try OfflineJournal(url: file))
        let echoed = Locked<[HTTPResponse]>([])
        let recorder = InterceptorPlugin(willSucceed: { response, _ in
            echoed.withLock { $0.append(response) }
            return .success(response)
        })
        let executor = Executor(transport: URLSessionTransport(), plugins: [Self.credentials(), freezer, recorder])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(OrderApi(server: server)) }
        guard case .failure(.frozen(let id)) = result else {
            Issue.record("expected frozen, got \(result)")
            return
        }

        let onDisk = try Data(contentsOf: file)
        #expect(onDisk.range(of: Data(Self.token.utf8)) == nil)
        #expect(onDisk.range(of: Data(Self.apiKey.utf8)) == nil)
        let frozen = try #require(OfflineJournal(url: file).pending.first)
        #expect(Set(frozen.withheldHeaders) == ["Authorization", "X-Api-Key"])
        #expect(frozen.headers.allSatisfy { $0.first != "Authorization" && $0.first != "X-Api-Key" })

        let report = await freezer.resume(through: executor)
        #expect(report.delivered == [id])
        #expect(freezer.journal.pending.isEmpty)
        // The server's echo of the replay: the secrets were put back by the executor's plugins.
        let replayed = try #require(echoed.current.last?.json?["headers"])
        #expect(replayed["Authorization"]?.stringValue == "Bearer \(Self.token)")
        #expect(replayed["X-Api-Key"]?.stringValue == Self.apiKey)
        #expect(replayed["Idempotency-Key"]?.stringValue == frozen.idempotencyKey)
        #expect(try await server.counts().applied[frozen.idempotencyKey] == 1)
    }

    @Test func aReplayWithoutTheSecretsIsKeptNotDropped() async throws {
        let server = try await FaultServer.start()
        let file = scratch.directory("unauthorized").appendingPathComponent("offline.journal")
        let journal = try OfflineJournal(url: file)
        var request = HTTPRequest(apiName: "T", method: .post, url: server.url("/x", [("fault", "status:401")]))
        request.headers.set("k1", for: FrozenRequest.idempotencyHeader)
        request.headers.set("Bearer \(Self.token)", for: "Authorization")
        try journal.append(FrozenRequest(id: "id1", request: request))
        let report = await FreezePlugin(journal: journal).resume(through: URLSessionTransport())
        #expect(report.delivered.isEmpty)
        #expect(report.rejected.isEmpty)
        #expect(report.stoppedBy?.hasStatus(401) == true)
        #expect(journal.pending.map(\.id) == ["id1"])
    }

    @Test func aRequestWithASecretBodyParameterIsNotFrozen() async throws {
        let server = try await FaultServer.start()
        let file = scratch.directory("body").appendingPathComponent("offline.journal")
        let journal = try OfflineJournal(url: file)
        let executor = Executor(transport: URLSessionTransport(), plugins: [Self.credentials(), FreezePlugin(journal: journal)])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(OrderApi(server: server, password: Self.password)) }
        guard case .failure(.transport) = result else {
            Issue.record("expected the connectivity error, got \(result)")
            return
        }
        #expect(journal.pending.isEmpty)
        #expect(try Data(contentsOf: file).range(of: Data(Self.password.utf8)) == nil)
    }

    /// A password in the URL (`https://user:password@host`, from an environment's base URL) cannot be
    /// withheld without changing the request: such a request is not frozen.
    @Test func aRequestWithAPasswordInItsURLIsNotFrozen() throws {
        let plain = HTTPRequest(apiName: "T", method: .post, url: try #require(URL(string: "http://ann@127.0.0.1:9/orders")))
        let withPassword = HTTPRequest(apiName: "T", method: .post, url: try #require(URL(string: "http://ann:pa55@127.0.0.1:9/orders")))
        #expect(FrozenRequest.canFreeze(plain))
        #expect(!FrozenRequest.canFreeze(withPassword))
    }

    @Test func aJournalWrittenWithSecretsIsRewrittenWithoutThemWhenOpened() throws {
        let file = scratch.directory("old").appendingPathComponent("offline.journal")
        let url = try #require(URL(string: "http://127.0.0.1:9/x"))
        // A record as older versions wrote it: every header, the token included.
        var frozen = FrozenRequest(id: "id1", request: HTTPRequest(apiName: "T", method: .post, url: url))
        frozen.headers = [["Authorization", "Bearer \(Self.token)"], ["X-Trace", "t"]]
        frozen.withheldHeaders = []
        let record = try JSONSerialization.data(withJSONObject: [
            "kind": "frozen", "id": "id1",
            "request": try JSONSerialization.jsonObject(with: JSONEncoder().encode(frozen)),
        ])
        var data = Data("IAJRNL01".utf8)
        withUnsafeBytes(of: UInt32(record.count).bigEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: FNV1a.hash(record).bigEndian) { data.append(contentsOf: $0) }
        data.append(record)
        try data.write(to: file)

        let journal = try OfflineJournal(url: file)
        #expect(journal.pending.first?.withheldHeaders == ["Authorization"])
        #expect(journal.pending.first?.headers == [["X-Trace", "t"]])
        #expect(try Data(contentsOf: file).range(of: Data(Self.token.utf8)) == nil)
    }

    #if os(Linux)
    @Test func theJournalFileIsOwnerOnly() throws {
        let file = scratch.directory("mode").appendingPathComponent("offline.journal")
        func mode() throws -> Int {
            let value = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
            return (value as? NSNumber)?.intValue ?? -1
        }
        let journal = try OfflineJournal(url: file)
        #expect(try mode() == 0o600)
        let url = try #require(URL(string: "http://127.0.0.1:9/x"))
        try journal.append(FrozenRequest(id: "id1", request: HTTPRequest(apiName: "T", method: .post, url: url)))
        #expect(try mode() == 0o600)
        try journal.markDone(id: "id1")
        try journal.compact()
        #expect(try mode() == 0o600)
        // A journal left readable by others (by an older version) is tightened when opened.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        _ = try OfflineJournal(url: file)
        #expect(try mode() == 0o600)
    }
    #endif
}
