import APIGenServe
import Foundation
import Interactive
import ShopAPI
import RuntimeTestSupport
import Testing

/// Scenarios, and the runtime's plugins (re-login and replay, retry, cache) end to end against them.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ScenarioTests {
    @Test func sessionExpiredCodeLogsInOnceAndReplays() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let token = Locked("stale")
        let loginExecutor = try ServeFixture.shopExecutor(port: server.port)
        let relogin = ReloginPlugin(envelope: ShopService.configuration.envelope, login: {
            let session = try await loginExecutor.execute(LoginApi(name: "admin", password: "secret"))
            token.withLock { $0 = session.token }
        }, authorize: { request in
            request.headers["Authorization"] = "Bearer \(token.current)"
        })
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [relogin, HeaderPlugin(["X-Apigen-Scenario": "code=401;message=Session expired;times=1"])])
        let page = try await executor.execute(ItemListApi())
        #expect(page.items.isEmpty)
        #expect(relogin.gate.runs == 1)
        #expect(token.current == "t-1")
        #expect(log.count("Login") == 1)
        #expect(log.count("ItemList") == 2)
        #expect(log.all.first { $0.api == "ItemList" }?.scenario == "code=401;message=Session expired;times=1")
    }

    @Test func withoutTimesTheEnvelopeFailureReachesTheCaller() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [HeaderPlugin(["X-Apigen-Scenario": "code=777;message=Out of stock"])])
        await #expect(throws: InteractiveError.envelope(code: "777", message: "Out of stock")) {
            try await executor.execute(ItemListApi())
        }
    }

    @Test func retryGetsThroughAfterTwo503s() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [RetryPlugin(sleep: { _ in }), HeaderPlugin(["X-Apigen-Scenario": "status=503;times=2"])])
        let response = try await executor.executeWithMetadata(ItemListApi())
        #expect(response.metadata.attempts == 3)
        #expect(log.all.filter { $0.api == "ItemList" }.map(\.status) == [503, 503, 200])
        // The counts last as long as the server; a reset starts them again, as for a second test run.
        #expect(try await executor.executeWithMetadata(ItemListApi()).metadata.attempts == 1)
        #expect(try await ServeFixture.send("POST", port: server.port, "/_apigen/reset").status == 204)
        #expect(try await executor.executeWithMetadata(ItemListApi()).metadata.attempts == 3)
    }

    @Test func retryGivesUpAfterItsBudget() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [RetryPlugin(sleep: { _ in }), HeaderPlugin(["X-Apigen-Scenario": "status=500"])])
        let outcome = await outcomeOf { () async throws(InteractiveError) in try await executor.execute(ItemListApi()) }
        #expect(outcome.failure?.hasStatus(500) == true)
        // retry: { max: 3 }: the first attempt and three retries.
        #expect(log.count("ItemList") == 4)
    }

    @Test func cacheAnswersTheSecondCall() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [CachePlugin()])
        let first = try await executor.executeWithMetadata(ItemQueryV2Api(itemId: 1))
        let second = try await executor.executeWithMetadata(ItemQueryV2Api(itemId: 1))
        #expect(first.metadata.source == "network")
        #expect(second.metadata.source == "memory-cache")
        #expect(second.value == first.value)
        #expect(log.count("ItemQueryV2") == 1)
    }

    @Test func declaredStatusBodyFromTheScenarioFile() async throws {
        let file = try ScenarioFile(yaml: "apis:\n  OrderCancel: { status: 409 }\n", file: "scenarios.yaml")
        let server = try await ServeFixture.start { $0.scenarios = file }
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port)
        let outcome = await outcomeOf { () async throws(InteractiveError) in try await executor.execute(OrderCancelApi(orderId: 1)) }
        let failure = try #require(outcome.failure)
        guard case .conflict(let problem)? = failure.failure(as: OrderCancelFailure.self) else {
            Issue.record("expected the typed 409 failure, got \(failure)")
            return
        }
        #expect(!problem.reason.isEmpty)
    }

    @Test func namedScenarioByQueryItemAndDelay() async throws {
        let file = try ScenarioFile(yaml: "scenarios:\n  slow: { delay: 0.3 }\n", file: "scenarios.yaml")
        let log = LogLines()
        let server = try await ServeFixture.start(log: log) { $0.scenarios = file }
        defer { Task { await server.stop() } }
        let started = ContinuousClock.now
        let answer = try await ServeFixture.send(port: server.port, "/api/items?apigen-scenario=slow")
        #expect(answer.status == 200)
        #expect(ContinuousClock.now - started >= .milliseconds(250))
        #expect(log.all.last?.scenario == "slow")
    }

    @Test func droppedConnectionIsATransportFailure() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port, plugins: [HeaderPlugin(["X-Apigen-Scenario": "drop"])])
        let outcome = await outcomeOf { () async throws(InteractiveError) in try await executor.execute(ItemListApi()) }
        let failure = try #require(outcome.failure)
        #expect(failure.status == nil, "a dropped connection has no status: \(failure)")
        // The server logs the request as it closes the connection, which may be after the client saw it close.
        #expect(await eventually { log.all.last?.scenario == "drop" })
    }

    @Test func badScenarioTextIsA400() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/api/items", headers: ["X-Apigen-Scenario": "stauts=500"])
        #expect(answer.status == 400)
        #expect(answer.body.contains("unknown scenario key 'stauts'"))
    }

    @Test func scenarioFileProblemsAreReported() throws {
        #expect(throws: Scenario.Problem.self) { try ScenarioFile(yaml: "apis:\n  Login: { status: 9000 }\n", file: "s.yaml") }
        #expect(throws: Scenario.Problem.self) { try ScenarioFile(yaml: "api:\n  Login: { status: 500 }\n", file: "s.yaml") }
        var options = ServeOptions()
        options.scenarios = try ScenarioFile(yaml: "apis:\n  Logn: { status: 500 }\n  Zzqx: { status: 500 }\n", file: "s.yaml")
        let error = #expect(throws: ServeSetupError.self) { try MockServer(project: ServeFixture.project, options: options) }
        #expect(error?.description == """
        s.yaml:2:3: scenario for api 'Logn', which no spec declares; did you mean 'Login'?
        s.yaml:3:3: scenario for api 'Zzqx', which no spec declares
        """)
    }

    /// A problem says where it is, and a file with several always reports the first in its order
    /// (the file was read into a dictionary: the message changed from run to run).
    @Test func scenarioFileProblemsSayWhereInTheFilesOrder() {
        let text = "apis:\n  A: { status: 9000 }\n  B: { times: 0, status: 500 }\n  C: fast\nscenarios:\n  slow: { delay: soon }\n"
        for _ in 0..<5 {
            #expect(throws: Scenario.Problem(description: "s.yaml:2:6: apis.A: scenario status must be 200-599, got '9000'")) {
                try ScenarioFile(yaml: text, file: "s.yaml")
            }
        }
        #expect(throws: Scenario.Problem(description: "s.yaml:1:1: unknown key 'api'; expected apis or scenarios")) {
            try ScenarioFile(yaml: "api:\n  Login: { status: 500 }\n", file: "s.yaml")
        }
        #expect((try? ScenarioFile(yaml: "", file: "s.yaml")) != nil)
        #expect((try? ScenarioFile(yaml: "apis:\n", file: "s.yaml"))?.apis.isEmpty == true)
    }
}

/// The outcome of a throwing call, as a value.
func outcomeOf<T: Sendable>(_ body: () async throws(InteractiveError) -> T) async -> Result<T, InteractiveError> {
    do {
        return .success(try await body())
    } catch {
        return .failure(error)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
