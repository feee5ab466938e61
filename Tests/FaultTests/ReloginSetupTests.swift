import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// The re-login set-up of docs/features.md, written as an app writes it: one executor whose
/// `ReloginPlugin` signs in again through that same executor.
enum Backend {
    static let service = ServiceConfiguration(
        name: "Backend", environments: [], timeout: .seconds(120),
        envelope: Envelope(successCodes: ["0"], sessionExpiredCodes: ["1001"]))
    static let token = Locked("")
    static let executor: Executor = Executor(plugins: [
        ReloginPlugin(envelope: service.envelope, login: {
            // Through the same executor: a 401 on this call fails the login; it never waits for itself.
            let session = try await Backend.executor.execute(LoginApi())
            token.withLock { $0 = session.token }
        }, authorize: { request in
            request.headers["Authorization"] = "Bearer \(token.current)"
        }),
    ])

    /// Test only: query items added to `/login`, choosing how the fault server answers it.
    static let loginQuery = Locked<[(String, String)]>([])

    /// The plugin above, for its counters.
    static var relogin: ReloginPlugin? { executor.plugins.first as? ReloginPlugin }
}

/// `POST /login`: a new token, in the service's envelope.
struct LoginApi: Api {
    struct Session: Decodable, Sendable { var token: String }

    var request: ApiRequest {
        var request = ApiRequest(service: Backend.service, apiName: "Login", method: .post, path: "/login")
        request.add("1", as: "envelope", in: .query)
        for (key, value) in Backend.loginQuery.current { request.add(value, as: key, in: .query) }
        return request
    }

    var parser: JSONParser<Session> { JSONParser(envelope: Backend.service.envelope) }
}

/// `GET /session`: 401 unless the request carries the current token.
struct SessionApi: Api {
    var key: String
    var timeout: Duration?

    var request: ApiRequest {
        var request = ApiRequest(service: Backend.service, apiName: "Session", method: .get, path: "/session",
                                 options: RequestOptions(timeout: timeout))
        request.add(key, as: "X-Test-Key", in: .header)
        return request
    }

    var parser: RawParser { RawParser() }
}

/// The documented set-up under a login that fails, hangs or succeeds. Serialized: `Backend` is one
/// process-wide set-up, as in an app, pointed at each test's server in turn.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReloginSetupTests {
    /// A fresh server, `Backend` pointed at it, and `/login` answering as `loginQuery` says.
    func start(loginQuery: [(String, String)] = []) async throws -> FaultServer {
        let server = try await FaultServer.start()
        Backend.service.register(.init(name: "test", baseURL: server.baseURL))
        try Backend.service.switchEnvironment(to: "test")
        Backend.loginQuery.withLock { $0 = loginQuery }
        Backend.token.withLock { $0 = "stale" }
        return server
    }

    func session(_ key: String = "s", timeout: Duration? = nil) async -> Result<HTTPResponse, InteractiveError> {
        await outcome { () async throws(InteractiveError) in try await Backend.executor.execute(SessionApi(key: key, timeout: timeout)) }
    }

    @Test func aLoginAnswered401FailsTheCallWithThat401WellBeforeTheDeadline() async throws {
        let server = try await start(loginQuery: [("fault", "status:401")])
        let (result, elapsed) = await measure { await session() }
        withExtendedLifetime(server) {}
        guard case .failure(let error) = result else {
            Issue.record("expected the login's 401, got \(result)")
            return
        }
        #expect(error.hasStatus(401), "\(error)")
        // The deadline is 120 s; waiting for itself, the login used to stall until then.
        #expect(elapsed < .seconds(60))
    }

    @Test func aLoginAnsweredWithTheSessionExpiredCodeFailsTheCallWithThatCode() async throws {
        let expired = #"{"code":"1001","message":"session expired"}"#
        let server = try await start(loginQuery: [("fault", "body"), ("body", expired)])
        let (result, elapsed) = await measure { await session() }
        withExtendedLifetime(server) {}
        #expect(result == .failure(.envelope(code: "1001", message: "session expired")))
        #expect(elapsed < .seconds(60))
    }

    @Test func expiredSessionsLogInOnceThroughTheSameExecutorAndAreReplayed() async throws {
        let server = try await start()
        let runsBefore = Backend.relogin?.gate.runs ?? 0
        let results = await withTaskGroup(of: Result<HTTPResponse, InteractiveError>.self) { group in
            for index in 0..<20 {
                group.addTask { await session("s\(index)") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 20)
        #expect(results.allSatisfy { (try? $0.get().status) == 200 })
        let counts = try await server.counts()
        #expect(counts.logins == 1)
        #expect((Backend.relogin?.gate.runs ?? 0) - runsBefore == 1)
        #expect((0..<20).allSatisfy { counts.received["s\($0)"] == 2 })
    }

    @Test func aCallWaitingForTheLoginIsCancelledAtOnce() async throws {
        let server = try await start(loginQuery: [("delay", "60000")])
        let call = Task { await session() }
        #expect(try await waitUntil { try await server.counts().received["/login"] == 1 })
        let cancelledAt = ContinuousClock.now
        call.cancel()
        #expect(await call.value == .failure(.cancelled))
        // The login goes on for 60 s; the cancelled caller does not wait for it.
        #expect(ContinuousClock.now - cancelledAt < .seconds(30))
    }

    @Test func theDeadlineAppliesWhileWaitingForTheLogin() async throws {
        let server = try await start(loginQuery: [("delay", "60000")])
        let (result, elapsed) = await measure { await session(timeout: .seconds(1)) }
        withExtendedLifetime(server) {}
        #expect(result == .failure(.timeout(after: .seconds(1))))
        #expect(elapsed >= .seconds(1))
        #expect(elapsed < .seconds(30))  // the login takes 60 s
    }
}
