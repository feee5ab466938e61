import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// The generated HTTPBin APIs with `responses:` against the fault server, which answers any status
/// with any body: typed JSON error bodies, retry and re-login on typed statuses, and the envelope.
@Suite(.timeLimit(.minutes(5)))
struct TypedStatusTests {
    /// A generated API sent to the fault server with a fault's query items.
    struct Faulted<A: Api>: Api {
        let api: A
        let request: ApiRequest
        var parser: A.Parser { api.parser }

        init(_ api: A, to server: FaultServer, status: Int, body: String, times: Int? = nil) {
            self.api = api
            var request = api.request
            request.service = RawApi.service(server)
            request.add("body", as: "fault", in: .query)
            request.add(String(status), as: "status", in: .query)
            request.add(body, as: "body", in: .query)
            request.add(times.map(String.init), as: "times", in: .query)
            self.request = request
        }
    }

    static let problem = #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#

    @Test func typedJSONErrorBodiesBySpecificity() async throws {
        let server = try await FaultServer.start()
        let executor = Executor()
        let notFound = await failure { () async throws(InteractiveError) in
            try await executor.execute(Faulted(ResourceApi(code: 404), to: server, status: 404, body: Self.problem))
        }
        let expected = Problem(message: "Not Found", documentationURL: URL(string: "https://docs.github.com/rest"))
        #expect(notFound?.failure(as: ResourceFailure.self) == .notFound(expected))
        #expect(notFound?.apiFailure?.headers["Content-Type"] == "application/json")
        let unprocessable = await failure { () async throws(InteractiveError) in
            try await executor.execute(Faulted(ResourceApi(code: 422), to: server, status: 422, body: #"{"message": "Validation Failed"}"#))
        }
        #expect(unprocessable?.failure(as: ResourceFailure.self) == .clientError(Problem(message: "Validation Failed")))
        #expect(unprocessable?.hasStatus(422) == true)
        #expect(unprocessable?.description.contains("Validation") == false)
    }

    @Test func aTypedServerErrorIsStillRetried() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(plugins: [RetryPlugin()])
        let api = Faulted(ResourceApi(code: 200), to: server, status: 503, body: #"{"message": "busy"}"#, times: 1)
        #expect(try await executor.execute(api) == .success(nil))
        #expect(try await server.counts().received["/status/200"] == 2)

        let always = Faulted(ResourceApi(code: 201), to: server, status: 503, body: #"{"message": "busy"}"#)
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(always) }
        #expect(error?.failure(as: ResourceFailure.self) == .serverError(Problem(message: "busy")))
        #expect(try await server.counts().received["/status/201"] == 3)  // spec: retry max 2
    }

    @Test func aTyped401StillLogsIn() async throws {
        let server = try await FaultServer.start()
        let logins = Locked(0)
        let executor = Executor(plugins: [ReloginPlugin(login: { logins.withLock { $0 += 1 } })])
        let api = Faulted(ResourceApi(code: 200), to: server, status: 401, body: #"{"message": "log in"}"#, times: 1)
        #expect(try await executor.execute(api) == .success(nil))
        #expect(logins.current == 1)
    }

    @Test func behindAnEnvelopeErrorBodiesAreReadRaw() async throws {
        let server = try await FaultServer.start()
        let executor = Executor()
        let notFound = await failure { () async throws(InteractiveError) in
            try await executor.execute(Faulted(EnvelopeResourceApi(code: 404), to: server, status: 404, body: #"{"message": "no item"}"#))
        }
        #expect(notFound?.failure(as: EnvelopeResourceFailure.self) == .notFound(Problem(message: "no item")))
        let envelope = await failure { () async throws(InteractiveError) in
            try await executor.execute(Faulted(EnvelopeResourceApi(code: 200), to: server, status: 200, body: #"{"code": 7, "msg": "nope", "data": {}}"#))
        }
        #expect(envelope == .envelope(code: "7", message: "nope"))
        let item = try await executor.execute(Faulted(
            EnvelopeResourceApi(code: 200), to: server, status: 200,
            body: #"{"code": 0, "data": {"id": 3, "title": "pen", "price": 2.5, "tags": []}}"#))
        #expect(item.id == 3)
        let other = await failure { () async throws(InteractiveError) in
            try await executor.execute(Faulted(EnvelopeResourceApi(code: 500), to: server, status: 500, body: #"{"error": "boom"}"#))
        }
        #expect(other?.failure(as: EnvelopeResourceFailure.self) == .default(.object(["error": .string("boom")])))
    }
}
