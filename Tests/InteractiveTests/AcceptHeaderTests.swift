import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// `Accept` says what the API's parser accepts, unless the request sets it explicitly.
@Suite("Accept header", .timeLimit(.minutes(5)))
struct AcceptHeaderTests {
    /// `GET /thing` parsed by `parser`, optionally with an explicit `Accept` header parameter.
    struct ThingApi<Parser: ResponseParser>: Api {
        var service: ServiceConfiguration
        var parser: Parser
        var accept: String?

        var request: ApiRequest {
            var request = ApiRequest(service: service, apiName: "Thing", method: .get, path: "/thing")
            request.add(accept, as: "Accept", in: .header)
            return request
        }
    }

    func sentAccept<P: ResponseParser>(_ parser: P, accept: String? = nil, service: ServiceConfiguration = makeService()) async throws -> String? {
        let stub = StubTransport()
        stub.enqueue(HTTPResponse(status: 200, body: Data("{}".utf8)))
        _ = try? await Executor(transport: stub).execute(ThingApi(service: service, parser: parser, accept: accept))
        return try #require(stub.requests.first).headers["Accept"]
    }

    @Test("each standard parser declares what it accepts")
    func declared() {
        #expect(JSONParser<EmptyResponse>().acceptedMediaTypes == "application/json")
        #expect(EmptyParser().acceptedMediaTypes == "application/json")
        #expect(TextParser().acceptedMediaTypes == "text/*, */*;q=0.1")
        #expect(BinaryParser().acceptedMediaTypes == "*/*")
        #expect(BinaryParser(acceptedMediaTypes: "image/png").acceptedMediaTypes == "image/png")
    }

    @Test("the executor sends what the parser accepts")
    func sent() async throws {
        #expect(try await sentAccept(JSONParser<EmptyResponse>()) == "application/json")
        #expect(try await sentAccept(TextParser()) == "text/*, */*;q=0.1")
        #expect(try await sentAccept(BinaryParser()) == "*/*")
        #expect(try await sentAccept(BinaryParser(acceptedMediaTypes: "image/*")) == "image/*")
    }

    @Test("an Accept header set by the API or the service wins")
    func explicitWins() async throws {
        #expect(try await sentAccept(BinaryParser(), accept: "image/png") == "image/png")
        #expect(try await sentAccept(TextParser(), accept: "text/csv") == "text/csv")
        let service = makeService()
        service.setHeader("application/vnd.shop+json", for: "Accept")
        #expect(try await sentAccept(JSONParser<EmptyResponse>(), service: service) == "application/vnd.shop+json")
        #expect(try await sentAccept(BinaryParser(), service: service) == "application/vnd.shop+json")
    }

    @Test("resolving a request alone still defaults to JSON, or takes the media types it is given")
    func resolveAlone() throws {
        let request = ApiRequest(service: makeService(), apiName: "Thing", method: .get, path: "/thing")
        #expect(try request.resolve().headers["Accept"] == "application/json")
        #expect(try request.resolve(accepting: "*/*").headers["Accept"] == "*/*")
    }
}
