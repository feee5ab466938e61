import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Request building", .timeLimit(.minutes(5)))
struct RequestBuildingTests {
    let service = makeService()

    private func resolveItem(_ id: String) throws(InteractiveError) -> HTTPRequest {
        try ItemApi(service: service, id: id).request.resolve()
    }

    @Test("path parameters cannot change the path", arguments: [
        ("a/b", "/api/items/a%2Fb"),
        ("..", "/api/items/%2E%2E"),
        (".", "/api/items/%2E"),
        ("?x=1", "/api/items/%3Fx%3D1"),
        ("#frag", "/api/items/%23frag"),
        ("ü ok", "/api/items/%C3%BC%20ok"),
    ])
    func pathEncoding(value: String, expectedPath: String) throws {
        let request = try resolveItem(value)
        let text = request.url.absoluteString
        #expect(text == "http://127.0.0.1:9\(expectedPath)?appVersion=1.0")
        #expect(request.url.query == "appVersion=1.0")
        #expect(request.url.fragment == nil)
    }

    @Test("an empty path parameter is an invalid request")
    func emptyPathParameter() {
        guard case .invalidRequest = failure({ () throws(InteractiveError) in try resolveItem("") }) else {
            Issue.record("expected invalidRequest")
            return
        }
    }

    @Test("a placeholder named twice in the path gets the value in both places")
    func repeatedPlaceholder() throws {
        var request = ApiRequest(service: service, apiName: "Doc", method: .get, path: "/{lang}/docs/{lang}.html")
        request.add("pt br", as: "lang", in: .path)
        #expect(try request.resolve().url.path(percentEncoded: true) == "/api/pt%20br/docs/pt%20br.html")
    }

    @Test("header values with CR or LF are rejected", arguments: ["a\r\nX-Evil: 1", "a\nb", "a\rb"])
    func headerInjection(value: String) {
        var request = ApiRequest(service: service, apiName: "Headers", method: .get, path: "/headers")
        request.add(value, as: "X-Trace-Id", in: .header)
        let error = failure { () throws(InteractiveError) in try request.resolve() }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("X-Trace-Id"))
        #expect(!reason.contains("X-Evil"))
    }

    @Test("a secret parameter is never put in a query string")
    func secretInQuery() {
        var request = ApiRequest(service: service, apiName: "Search", method: .get, path: "/search")
        request.add("hunter2", as: "token", in: .query, secret: true)
        let error = failure { () throws(InteractiveError) in try request.resolve() }
        guard case .invalidRequest(let reason) = error else {
            Issue.record("expected invalidRequest, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("token"))
        #expect(!reason.contains("hunter2"))
    }

    @Test("query arrays repeat the key and nil optionals are left out")
    func queryArrays() throws {
        var request = ApiRequest(service: service, apiName: "Get", method: .get, path: "/get")
        request.add(["a", "b c"], as: "tags", in: .query)
        request.add(Optional<Int>.none, as: "page", in: .query)
        request.add(2, as: "size", in: .query)
        let resolved = try request.resolve()
        #expect(resolved.url.query == "appVersion=1.0&tags=a&tags=b%20c&size=2")
        #expect(resolved.body == nil)
    }

    @Test("body parameters become a form body with the secret encoded like any other value")
    func formBody() throws {
        let resolved = try FormLoginApi(service: service, name: "ann lee", password: "p&ss=1").request.resolve()
        #expect(resolved.method == .post)
        #expect(resolved.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(String(decoding: resolved.body ?? Data(), as: UTF8.self) == "name=ann%20lee&password=p%26ss%3D1")
        #expect(resolved.options.secretKeys == ["password"])
    }

    @Test("body parameters become a JSON object")
    func jsonBody() throws {
        var request = ApiRequest(service: service, apiName: "Post", method: .post, path: "/post")
        request.add("pen", as: "name", in: .body)
        request.add(3, as: "count", in: .body)
        request.add(["x", "y"], as: "tags", in: .body)
        request.add(Optional<String>.none, as: "note", in: .body)
        let resolved = try request.resolve()
        #expect(resolved.headers["Content-Type"] == "application/json")
        let body = try JSONDecoder().decode(JSON.self, from: resolved.body ?? Data())
        #expect(body == .object(["name": .string("pen"), "count": .int(3), "tags": .array([.string("x"), .string("y")])]))
    }

    @Test("a whole model can be the JSON body")
    func modelBody() throws {
        var request = ApiRequest(service: service, apiName: "PostItem", method: .post, path: "/items")
        request.setBody(Item(id: 9, title: "cup", price: 4.25))
        let resolved = try request.resolve()
        let decoded = try JSONDecoder().decode(Item.self, from: resolved.body ?? Data())
        #expect(decoded == Item(id: 9, title: "cup", price: 4.25))
    }

    @Test("common headers and query parameters of the service are applied, and can change at run time")
    func commonParameters() throws {
        let service = makeService()
        var resolved = try ItemApi(service: service).request.resolve()
        #expect(resolved.headers["X-Client"] == "interactive-tests")
        #expect(resolved.headers["Accept"] == "application/json")
        #expect(resolved.url.query == "appVersion=1.0")

        service.setHeader("Bearer t1", for: "Authorization")
        service.setQuery("2.0", for: "appVersion")
        service.setQuery("de", for: "lang")
        resolved = try ItemApi(service: service).request.resolve()
        #expect(resolved.headers["Authorization"] == "Bearer t1")
        #expect(resolved.url.query == "appVersion=2.0&lang=de")
    }

    @Test("the timeout is the API's own, else the service default")
    func timeouts() throws {
        let service = makeService(timeout: .seconds(7))
        #expect(try ItemApi(service: service).request.resolve().timeout == .seconds(7))
        #expect(try ItemApi(service: service, timeout: .milliseconds(500)).request.resolve().timeout == .milliseconds(500))
    }
}
