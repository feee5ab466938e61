import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Declared failure statuses decode into a typed value carried by `InteractiveError.failure`, chosen
/// by the most specific status (exact code, then range, then default); declared success statuses
/// are answers, not failures; plugins still see the status.
@Suite("Typed failures", .timeLimit(.minutes(5)))
struct TypedFailureTests {
    struct Problem: Codable, Sendable, Hashable { var message: String }
    struct Repo: Codable, Sendable, Hashable { var id: Int }

    /// What apigen generates for `responses: {304: empty, 404: Problem, 4XX: Problem, default: {format: text}}`.
    enum RepoFailure: Sendable, Hashable {
        case notFound(Problem)
        case gone
        case clientError(Problem)
        case `default`(String)
    }

    enum RepoOutput: Sendable, Hashable {
        case success(Repo)
        case notModified
    }

    /// Shaped like a generated parser: one small switch, exact codes before ranges before default.
    struct RepoParser: ResponseParser {
        var envelope: Envelope?

        func parse(_ response: HTTPResponse) throws(InteractiveError) -> RepoOutput {
            switch response.status {
            case 304: return .notModified
            case 404: throw response.failure(JSONParser<Problem>(), RepoFailure.notFound)
            case 410: throw response.failure(RepoFailure.gone)
            case 200...299: return try .success(JSONParser<Repo>(envelope: envelope).parseBody(response))
            case 400...499: throw response.failure(JSONParser<Problem>(), RepoFailure.clientError)
            default: throw response.failure(TextParser(), RepoFailure.default)
            }
        }
    }

    let parser = RepoParser()

    func failing(_ response: HTTPResponse, _ parser: RepoParser? = nil) -> InteractiveError? {
        failure { () throws(InteractiveError) in try (parser ?? self.parser).parse(response) }
    }

    @Test("the exact code wins over its range, the range over default")
    func selectionOrder() throws {
        let notFound = failing(.json(#"{"message": "no such repo"}"#, status: 404))
        #expect(notFound?.failure(as: RepoFailure.self) == .notFound(Problem(message: "no such repo")))
        let unprocessable = failing(.json(#"{"message": "bad name"}"#, status: 422))
        #expect(unprocessable?.failure(as: RepoFailure.self) == .clientError(Problem(message: "bad name")))
        let server = failing(HTTPResponse(status: 503, body: Data("down".utf8)))
        #expect(server?.failure(as: RepoFailure.self) == .default("down"))
        #expect(server?.hasStatus(503) == true)
        #expect(server?.status == 503)
    }

    @Test("declared success statuses are answers, empty bodies included")
    func successStatuses() throws {
        #expect(try parser.parse(.json(#"{"id": 7}"#, status: 201)) == .success(Repo(id: 7)))
        #expect(try parser.parse(HTTPResponse(status: 304)) == .notModified)
        let gone = failing(HTTPResponse(status: 410))
        #expect(gone?.failure(as: RepoFailure.self) == .gone)
    }

    @Test("the failure carries status, headers and body, and equals only the same failure")
    func failureCarriesTheResponse() throws {
        let response = HTTPResponse(status: 404, headers: ["X-Request-Id": "r1"], body: Data(#"{"message": "m"}"#.utf8))
        let error = try #require(failing(response))
        let failure = try #require(error.apiFailure)
        #expect(failure.status == 404)
        #expect(failure.headers["X-Request-Id"] == "r1")
        #expect(failure.body == response.body)
        #expect(failure.value(as: RepoFailure.self) == .notFound(Problem(message: "m")))
        #expect(failure.value(as: Problem.self) == nil)
        #expect(error == failing(response))
        #expect(error != failing(.json(#"{"message": "other"}"#, status: 404)))
        #expect(error != .unacceptableStatus(code: 404, headers: response.headers, body: response.body))
    }

    @Test("descriptions name the case, never the body")
    func descriptionsStayBodyFree() throws {
        let error = try #require(failing(.json(#"{"message": "password=hunter2"}"#, status: 404)))
        for text in [error.description, error.debugDescription, error.localizedDescription, "\(error)"] {
            #expect(!text.contains("hunter2"), "\(text)")
            #expect(text.contains("404"))
            #expect(text.contains("RepoFailure.notFound"))
        }
        #expect(error.bodySnippet?.contains("hunter2") == true)
        let gone = try #require(failing(HTTPResponse(status: 410)))
        #expect(gone.description.contains("RepoFailure.gone"))
    }

    @Test("a declared body that does not decode keeps the status as unacceptableStatus")
    func undecodableBodyKeepsTheStatus() {
        let response = HTTPResponse(status: 404, body: Data("<html>not json</html>".utf8))
        #expect(failing(response) == .unacceptableStatus(code: 404, headers: response.headers, body: response.body))
    }

    @Test("parseBody reads any status; parse still wants 2xx")
    func parseBodyIgnoresTheStatus() throws {
        let response = HTTPResponse.json(#"{"message": "m"}"#, status: 404)
        #expect(try JSONParser<Problem>().parseBody(response) == Problem(message: "m"))
        #expect(failure { () throws(InteractiveError) in try JSONParser<Problem>().parse(response) }?.hasStatus(404) == true)
        #expect(try TextParser().parseBody(HTTPResponse(status: 500, body: Data("x".utf8))) == "x")
        #expect(failure { () throws(InteractiveError) in try BinaryParser().parse(HTTPResponse(status: 500)) }?.hasStatus(500) == true)
    }

    @Test("behind an envelope: a 404 body is read raw, a 200 failure envelope stays .envelope")
    func envelopeInterplay() throws {
        let parser = RepoParser(envelope: Envelope(successCodes: ["0"]))
        #expect(try parser.parse(.json(#"{"code": 0, "result": {"id": 1}}"#)) == .success(Repo(id: 1)))
        let notFound = failing(.json(#"{"message": "gone"}"#, status: 404), parser)
        #expect(notFound?.failure(as: RepoFailure.self) == .notFound(Problem(message: "gone")))
        let envelope = failing(.json(#"{"code": 7, "message": "nope", "result": {}}"#), parser)
        #expect(envelope == .envelope(code: "7", message: "nope"))
    }

    @Test("retry, re-login and Retry-After still see a declared failure's status")
    func pluginsSeeTheStatus() throws {
        let unavailable = try #require(failing(HTTPResponse(status: 503, headers: ["Retry-After": "2"], body: Data("busy".utf8))))
        let request = HTTPRequest(apiName: "Repo", method: .get, url: try #require(URL(string: "http://127.0.0.1/x")))
        #expect(RetryPolicy().isRetryable(.failure(unavailable), request: request))
        #expect(RetryPolicy.retryAfter(.failure(unavailable)) == .seconds(2))
        let unauthorized = try #require(failing(.json(#"{"message": "log in"}"#, status: 401)))
        #expect(unauthorized.failure(as: RepoFailure.self) == .clientError(Problem(message: "log in")))
        #expect(ReloginPlugin(login: {}).isSessionExpired(.failure(unauthorized)))
    }

    @Test("through the executor: a typed 503 is retried, a typed 404 arrives as .failure")
    func executorRetriesTypedStatus() async throws {
        let stub = StubTransport()
        stub.enqueue(HTTPResponse(status: 503, body: Data("busy".utf8)))
        stub.enqueue(.json(#"{"id": 3}"#))
        stub.enqueue(.json(#"{"message": "no"}"#, status: 404))
        var request = ApiRequest(service: makeService(), apiName: "Repo", method: .get, path: "/repo")
        request.options.retry = .init(max: 2, backoff: 0)
        let api = AdHocApi(request: request, parser: RepoParser())
        let executor = Executor(transport: stub, plugins: [RetryPlugin(sleep: { _ in })])
        let retried = try await executor.executeWithMetadata(api)
        #expect(retried.value == .success(Repo(id: 3)))
        #expect(retried.metadata.attempts == 2)
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(api) }
        #expect(error?.failure(as: RepoFailure.self) == .notFound(Problem(message: "no")))
    }

    @Test("logging names a declared failure without its body; the cache keeps only 2xx answers")
    func loggingAndCache() async throws {
        let stub = StubTransport()
        stub.enqueue(.json(#"{"message": "token=s3cret"}"#, status: 404))
        stub.enqueue(HTTPResponse(status: 304))
        stub.enqueue(HTTPResponse(status: 304))
        let lines = Locked<[String]>([])
        var request = ApiRequest(service: makeService(), apiName: "Repo", method: .get, path: "/repo")
        request.options.cache = .init(ttl: 60)
        let api = AdHocApi(request: request, parser: RepoParser())
        let executor = Executor(transport: stub, plugins: [CachePlugin(), LoggingPlugin(sink: { line in lines.withLock { $0.append(line) } })])
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(api) }
        #expect(error?.failure(as: RepoFailure.self) == .notFound(Problem(message: "token=s3cret")))
        #expect(lines.current.contains { $0.contains("RepoFailure.notFound") })
        #expect(!lines.current.contains { $0.contains("s3cret") })
        // A 304 is an answer, but not a response to keep: the second call reaches the server again.
        #expect(try await executor.execute(api) == .notModified)
        #expect(try await executor.executeWithMetadata(api).metadata.source == "network")
        #expect(stub.requests.count == 3)
    }
}
