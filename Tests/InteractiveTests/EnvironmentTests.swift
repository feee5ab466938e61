import Dispatch
import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Service environments", .timeLimit(.minutes(5)))
struct EnvironmentTests {
    @Test("switching environment from many threads always resolves against one consistent environment")
    func concurrentSwitching() throws {
        let service = makeService(environments: [
            .init(name: "a", baseURLString: "http://127.0.0.1:1001/a"),
            .init(name: "b", baseURLString: "http://127.0.0.2:1002/b"),
        ])
        let allowed: Set<String> = ["http://127.0.0.1:1001/a/items/1?appVersion=1.0", "http://127.0.0.2:1002/b/items/1?appVersion=1.0"]
        let problems = Locked<[String]>([])
        let seen = Locked<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 4000) { index in
            do throws(InteractiveError) {
                switch index % 4 {
                case 0: try service.switchEnvironment(to: "a")
                case 1: try service.switchEnvironment(to: "b")
                default:
                    let url = try ItemApi(service: service).request.resolve().url.absoluteString
                    seen.withLock { _ = $0.insert(url) }
                    if !allowed.contains(url) { problems.withLock { $0.append(url) } }
                }
            } catch {
                problems.withLock { $0.append("\(error)") }
            }
        }
        #expect(problems.current.isEmpty)
        #expect(seen.current.isSubset(of: allowed))
        try service.switchEnvironment(to: "b")
        #expect(try ItemApi(service: service).request.resolve().url.host == "127.0.0.2")
    }

    @Test("switching changes where the executor sends requests")
    func executorFollowsSwitch() async throws {
        let service = makeService(environments: [
            .init(name: "local", baseURLString: "http://127.0.0.1:8080"),
            .init(name: "staging", baseURLString: "http://127.0.0.1:8081/v2"),
        ])
        let stub = StubTransport { _ in .json(itemJSON) }
        let executor = Executor(transport: stub)
        _ = try await executor.execute(ItemApi(service: service))
        try service.switchEnvironment(to: "staging")
        _ = try await executor.execute(ItemApi(service: service))
        #expect(stub.requests.map(\.url.absoluteString) == [
            "http://127.0.0.1:8080/items/1?appVersion=1.0",
            "http://127.0.0.1:8081/v2/items/1?appVersion=1.0",
        ])
    }

    @Test("an unknown environment is refused and the current one is kept")
    func unknownEnvironment() throws {
        let service = makeService()
        let error = failure { () throws(InteractiveError) in try service.switchEnvironment(to: "prod") }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("prod"))
        #expect(service.currentEnvironment.name == "local")
    }

    @Test("an environment registered at run time can be switched to")
    func registerAtRunTime() throws {
        let service = makeService()
        service.register(.init(name: "test", baseURLString: "http://127.0.0.1:5555"))
        try service.switchEnvironment(to: "test")
        #expect(try ItemApi(service: service).request.resolve().url.port == 5555)
    }
}
