import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Configurations an executor carries", .timeLimit(.minutes(5)))
struct ExecutorConfigurationTests {
    let service = makeService(
        environments: [
            .init(name: "debug", baseURLString: "http://127.0.0.1:1001/api"),
            .init(name: "release", baseURLString: "http://127.0.0.1:1002/api"),
        ],
        envelope: Envelope(successCodes: ["100"])
    )

    @Test("a copy starts as the original, then changes without touching it; the envelope is the service's")
    func copyIsIndependent() throws {
        service.setHeader("t-global", for: "X-Token")
        let copy = try service.copy(in: "release")
        copy.setHeader("t-copy", for: "X-Token")
        copy.setQuery("de", for: "lang")
        copy.setTimeout(.seconds(3))
        #expect(service.currentEnvironment.name == "debug")
        #expect(service.snapshot().headers["X-Token"] == "t-global")
        #expect(service.snapshot().query.map(\.0) == ["appVersion"])
        #expect(copy.snapshot().baseURL == "http://127.0.0.1:1002/api")
        #expect(copy.snapshot().headers["X-Client"] == "interactive-tests")
        #expect(copy.snapshot().timeout == .seconds(3))
        #expect(copy.envelope == service.envelope)
        #expect(copy.configuresSameService(as: service))
        #expect(service.configuresSameService(as: copy))
        #expect(!makeService().configuresSameService(as: service), "the same name is not the same service")
        #expect(failure { () throws(InteractiveError) in try service.copy(in: "prod") } != nil)
    }

    @Test("an executor resolves requests of its copy's service against the copy, others against their own")
    func executorSubstitutes() async throws {
        let release = try service.copy(in: "release")
        release.setHeader("t-release", for: "X-Token")
        let other = makeService(environments: [.init(name: "other", baseURLString: "http://127.0.0.1:1003")])
        let stub = StubTransport { _ in .json(itemJSON) }
        let executor = Executor(transport: stub, configurations: [release])
        _ = try await executor.execute(ItemApi(service: service))
        _ = try await executor.execute(ItemApi(service: other))
        _ = try await Executor(transport: stub).execute(ItemApi(service: service))
        let sent = stub.requests
        #expect(sent.map(\.url.absoluteString) == [
            "http://127.0.0.1:1002/api/items/1?appVersion=1.0",
            "http://127.0.0.1:1003/items/1?appVersion=1.0",
            "http://127.0.0.1:1001/api/items/1?appVersion=1.0",
        ])
        #expect(sent.map { $0.headers["X-Token"] } == ["t-release", nil, nil])
        #expect(executor.configuration(for: service) === release)
        #expect(executor.configuration(for: other) === other)
    }

    @Test("two executors with copies run side by side, each request resolved against its own")
    func sideBySide() async throws {
        let a = try service.copy(in: "debug")
        let b = try service.copy(in: "release")
        a.setHeader("a", for: "X-Account")
        b.setHeader("b", for: "X-Account")
        let stub = StubTransport { _ in .json(itemJSON) }
        let executors = [Executor(transport: stub, configurations: [a]), Executor(transport: stub, configurations: [b])]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { _ = try? await executors[index % 2].execute(ItemApi(service: service, id: "\(index % 2)")) }
            }
        }
        let sent = stub.requests
        #expect(sent.count == 100)
        for request in sent {
            let account = request.url.path.hasSuffix("/0") ? "a" : "b"
            #expect(request.headers["X-Account"] == account)
            #expect(request.url.port == (account == "a" ? 1001 : 1002))
        }
    }
}
