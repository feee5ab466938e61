import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Executor pipeline", .timeLimit(.minutes(5)))
struct ExecutorPipelineTests {
    let service = makeService()

    @Test("plugins run in the documented order and the business object is parsed")
    func pluginOrder() async throws {
        let log = EventLog()
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub, plugins: [RecordingPlugin(name: "p1", log: log), RecordingPlugin(name: "p2", log: log)])
        let item = try await executor.execute(ItemApi(service: service))
        #expect(item == Item(id: 1, title: "pen", price: 2.5))
        #expect(log.all == [
            "p1.prepare", "p2.prepare",
            "p1.answer", "p2.answer",
            "p1.send>", "p2.send>", "p2.send<", "p1.send<",
            "p1.process", "p2.process",
            "p1.didFinish", "p2.didFinish",
        ])
        #expect(stub.requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/api/items/1?appVersion=1.0"])
    }

    @Test("metadata reports status, headers, attempts, source and duration")
    func metadata() async throws {
        let stub = StubTransport(delay: .milliseconds(20))
        stub.enqueue(HTTPResponse(status: 201, headers: ["Content-Type": "application/json", "X-Request-Id": "r1"], body: Data(itemJSON.utf8)))
        let response = try await Executor(transport: stub).executeWithMetadata(ItemApi(service: service))
        #expect(response.value.title == "pen")
        #expect(response.metadata.status == 201)
        #expect(response.metadata.headers["x-request-id"] == "r1")
        #expect(response.metadata.attempts == 1)
        #expect(response.metadata.source == ResponseMetadata.networkSource)
        #expect(!response.metadata.isFromCache)
        #expect(response.metadata.duration >= .milliseconds(20))
    }

    @Test("an answer short-circuits the network and later answers")
    func answerShortCircuits() async throws {
        let log = EventLog()
        let cached = PluginAnswer(response: .json(itemJSON), source: "memory-cache")
        let stub = StubTransport()
        let executor = Executor(transport: stub, plugins: [
            RecordingPlugin(name: "cache", log: log, answer: cached),
            RecordingPlugin(name: "p2", log: log),
        ])
        let response = try await executor.executeWithMetadata(ItemApi(service: service))
        #expect(response.value.id == 1)
        #expect(response.metadata.source == "memory-cache")
        #expect(response.metadata.isFromCache)
        #expect(response.metadata.attempts == 0)
        #expect(stub.requests.isEmpty)
        #expect(!log.all.contains("p2.answer"))
        #expect(!log.all.contains { $0.hasSuffix(".send>") })
        #expect(log.all.contains("p2.process"))
    }

    @Test("a plugin replays the request after a simulated session expiry")
    func replayAfterSessionExpiry() async throws {
        let envelope = Envelope(successCodes: ["100"], sessionExpiredCodes: ["401"])
        let stub = StubTransport { request in
            request.headers["Token"] == "fresh"
                ? .json(#"{"code": 100, "result": \#(itemJSON)}"#)
                : .json(#"{"code": 401, "message": "session expired"}"#)
        }
        let logins = EventLog()
        struct Relogin: Plugin {
            let logins: EventLog
            func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
                guard case .success(let response) = result,
                      let body = try? JSONDecoder().decode(JSON.self, from: response.body),
                      body["code"] == .int(401) else { return .proceed(result) }
                logins.record("login")
                var replay = request
                replay.headers.set("fresh", for: "Token")
                return .replay(replay)
            }
        }
        let executor = Executor(transport: stub, plugins: [Relogin(logins: logins)])
        let api = AdHocApi(request: ItemApi(service: service).request, parser: JSONParser<Item>(envelope: envelope))
        let response = try await executor.executeWithMetadata(api)
        #expect(response.value == Item(id: 1, title: "pen", price: 2.5))
        #expect(response.metadata.attempts == 2)
        #expect(logins.all == ["login"])
        #expect(stub.requests.map { $0.headers["Token"] } == [nil, "fresh"])
    }

    @Test("replays are bounded; past the bound the outcome goes on unchanged")
    func replayBound() async throws {
        struct AlwaysReplay: Plugin {
            func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
                .replay(request)
            }
        }
        let stub = StubTransport { _ in .json(itemJSON) }
        let response = try await Executor(transport: stub, plugins: [AlwaysReplay()], maxReplays: 2).executeWithMetadata(ItemApi(service: service))
        #expect(response.value.id == 1)
        #expect(response.metadata.attempts == 3)
        #expect(stub.requests.count == 3)
    }

    @Test("a plugin rejecting in prepare stops the request before the network, and didFinish sees it")
    func reject() async {
        let finished = Locked<[InteractiveError]>([])
        let gate = InterceptorPlugin(
            name: "gate",
            willSend: { _ throws(InteractiveError) in throw .rejected(plugin: "gate", reason: "offline") },
            didFail: { error, _ in finished.withLock { $0.append(error) } }
        )
        let stub = StubTransport()
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub, plugins: [gate]).execute(ItemApi(service: service)) }
        #expect(error == .rejected(plugin: "gate", reason: "offline"))
        #expect(stub.requests.isEmpty)
        #expect(finished.current == [.rejected(plugin: "gate", reason: "offline")])
    }

    @Test("didFinish receives the parsed business object and the request as last prepared")
    func didFinishSeesValue() async throws {
        let seen = Locked<[String]>([])
        let plugins: [any Plugin] = [
            HeaderPlugin(["X-Trace": "t-1"]),
            InterceptorPlugin(didSucceed: { value, request in
                seen.withLock { $0.append("\((value as? Item)?.title ?? "?") \(request.headers["X-Trace"] ?? "-")") }
            }),
        ]
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        _ = try await Executor(transport: stub, plugins: plugins).execute(ItemApi(service: service))
        #expect(seen.current == ["pen t-1"])
        #expect(stub.requests.first?.headers["X-Trace"] == "t-1")
    }

    @Test("process can turn a failure into a response and a response into a failure")
    func processTransforms() async throws {
        let recover = InterceptorPlugin(willFail: { _, _ in .success(.json(itemJSON)) })
        let stub = StubTransport()
        stub.enqueue(error: .transport(message: "reset", code: 54))
        #expect(try await Executor(transport: stub, plugins: [recover]).execute(ItemApi(service: service)).id == 1)

        let refuse = InterceptorPlugin(willSucceed: { _, _ in .failure(.rejected(plugin: "refuse", reason: "stale")) })
        stub.enqueue(json: itemJSON)
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub, plugins: [refuse]).execute(ItemApi(service: service)) }
        #expect(error == .rejected(plugin: "refuse", reason: "stale"))
    }

    @Test("a header with a line break added by a plugin is rejected before sending")
    func pluginHeaderInjection() async {
        let stub = StubTransport()
        let executor = Executor(transport: stub, plugins: [HeaderPlugin(["X-Token": "a\r\nX-Evil: 1"])])
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(ItemApi(service: service)) }
        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("transport failures and HTTP errors surface as their cases")
    func failures() async {
        let stub = StubTransport()
        stub.enqueue(error: .transport(message: "connection refused", code: 111))
        stub.enqueue(status: 404, json: #"{"error": "not found"}"#)
        let executor = Executor(transport: stub)
        #expect(await failure { () async throws(InteractiveError) in try await executor.execute(ItemApi(service: service)) } == .transport(message: "connection refused", code: 111))
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(ItemApi(service: service)) }
        #expect(error?.hasStatus(404) == true)
        let empty = await failure { () async throws(InteractiveError) in try await executor.execute(ItemApi(service: service)) }
        guard case .transport = empty else {
            Issue.record("an empty stub queue should fail as a transport error, got \(String(describing: empty))")
            return
        }
    }

    @Test("an invalid base URL fails as an invalid request without reaching the transport")
    func invalidBaseURL() async {
        let service = makeService(environments: [.init(name: "broken", baseURLString: "not a url")])
        let stub = StubTransport()
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: stub).execute(ItemApi(service: service)) }
        guard case .invalidRequest = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(stub.requests.isEmpty)
    }

    @Test("the blocking form returns the business object")
    func blocking() async throws {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let executor = Executor(transport: stub)
        let api = ItemApi(service: service)
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Item, InteractiveError>, Never>) in
            Thread {
                do throws(InteractiveError) {
                    continuation.resume(returning: .success(try executor.executeBlocking(api)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }.start()
        }
        #expect(try result.get().title == "pen")
    }
}
