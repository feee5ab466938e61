import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Re-login under concurrent session expiry: one login, every request replayed.
@Suite(.timeLimit(.minutes(5)))
struct ReloginTests {
    /// A token store and a login that asks the server for a new token, slowly, so concurrent
    /// failures pile up behind it.
    final class Session: Sendable {
        let token = Locked("stale")
        let server: FaultServer
        let failWith: InteractiveError?

        init(server: FaultServer, failWith: InteractiveError? = nil) {
            self.server = server
            self.failWith = failWith
        }

        func login() async throws {
            try await Task.sleep(for: .milliseconds(300))
            if let failWith { throw failWith }
            let executor = Executor(transport: URLSessionTransport())
            let response = try await executor.execute(RawApi(server, "/login", method: .post))
            guard let value = response.json?["token"]?.stringValue else { throw InteractiveError.invalidRequest("no token") }
            token.withLock { $0 = value }
        }

        func plugin(envelope: Envelope? = nil) -> ReloginPlugin {
            ReloginPlugin(envelope: envelope, login: { try await self.login() }, authorize: { request in
                request.headers["Authorization"] = "Bearer \(self.token.current)"
            })
        }
    }

    func runTwenty(_ executor: Executor, _ server: FaultServer, query: [(String, String)] = []) async -> [Result<HTTPResponse, InteractiveError>] {
        await withTaskGroup(of: Result<HTTPResponse, InteractiveError>.self) { group in
            for index in 0..<20 {
                let api = RawApi(server, "/session", query: query, headers: [("X-Test-Key", "s\(index)")])
                group.addTask { await outcome { () async throws(InteractiveError) in try await executor.execute(api) } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func twentyConcurrent401sLogInOnce() async throws {
        let server = try await FaultServer.start()
        let session = Session(server: server)
        let plugin = session.plugin()
        let results = await runTwenty(Executor(transport: URLSessionTransport(), plugins: [plugin]), server)
        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get().status) == 200 })
        let counts = try await server.counts()
        #expect(counts.logins == 1, "20 concurrent 401s -> \(counts.logins) logins, \(counts.total - counts.logins) requests")
        #expect(plugin.gate.runs == 1)
        // Each request: the 401, then the replay with the new token.
        #expect((0..<20).allSatisfy { counts.received["s\($0)"] == 2 })
    }

    @Test func envelopeSessionExpiredCodeLogsInOnce() async throws {
        let server = try await FaultServer.start()
        let session = Session(server: server)
        let plugin = session.plugin(envelope: Envelope(successCodes: ["0"], sessionExpiredCodes: ["1001"]))
        let results = await runTwenty(Executor(transport: URLSessionTransport(), plugins: [plugin]), server, query: [("envelope", "1")])
        #expect(results.allSatisfy { (try? $0.get().json?["ok"]) == .bool(true) })
        #expect(try await server.counts().logins == 1)
        #expect(plugin.gate.runs == 1)
    }

    @Test func failedLoginReachesEveryCaller() async throws {
        let server = try await FaultServer.start()
        let failure = InteractiveError.envelope(code: "LOGIN", message: "wrong password")
        let plugin = Session(server: server, failWith: failure).plugin()
        let results = await runTwenty(Executor(transport: URLSessionTransport(), plugins: [plugin]), server)
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0 == .failure(failure) })
        #expect(plugin.gate.runs == 1)
        let counts = try await server.counts()
        #expect((0..<20).allSatisfy { counts.received["s\($0)"] == 1 })
    }

    @Test func otherFailuresDoNotLogIn() async throws {
        let server = try await FaultServer.start()
        let plugin = Session(server: server).plugin()
        let executor = Executor(transport: URLSessionTransport(), plugins: [plugin])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(RawApi(server, "/x", query: [("fault", "status:403")])) }
        #expect(throws: InteractiveError.self) { try result.get() }
        if case .failure(let error) = result { #expect(error.hasStatus(403)) }
        #expect(plugin.gate.runs == 0)
        #expect(try await server.counts().logins == 0)
    }
}
