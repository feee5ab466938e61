import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Every endpoint of `Specs/httpbin.yaml`, with what httpbin echoes back checked.
    @Suite("Endpoints")
    struct Endpoints {
        let executor = Executor()

        @Test("GET with a query array, an optional left out, and the common parameters arriving", arguments: TransportKind.allCases)
        func get(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let response = try await executor.executeWithMetadata(GetApi(q: "swift & co", tags: ["a", "b c"]))
            let echo = response.value
            #expect(echo.args["q"] == .string("swift & co"))
            #expect(echo.args["tags"] == .array([.string("a"), .string("b c")]))
            #expect(echo.args["page"] == nil)
            #expect(echo.args["appVersion"] == .string("1.0"))
            #expect(echo.headers["X-Client"] == "apigen-tests")
            #expect(echo.headers["Accept"] == "application/json")
            #expect(response.metadata.status == 200)
            #expect(response.metadata.attempts == 1)
            #expect(response.metadata.source == ResponseMetadata.networkSource)
            #expect(response.metadata.headers["content-type"] == "application/json")
        }

        @Test("a text response asks for text, a binary one for anything (httpbin echoes the Accept sent)", arguments: TransportKind.allCases)
        func acceptFollowsTheResponseFormat(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let text = try await executor.execute(HeadersTextApi())
            let textEcho = try JSONDecoder().decode(HeadersEcho.self, from: Data(text.utf8))
            #expect(textEcho.headers["Accept"] == "text/*, */*;q=0.1")
            let bytes = try await executor.execute(HeadersBinaryApi())
            let binaryEcho = try JSONDecoder().decode(HeadersEcho.self, from: bytes)
            #expect(binaryEcho.headers["Accept"] == "*/*")
        }

        @Test("a binary API gets its image")
        func binaryImage() async throws {
            try await useLocalHTTPBin()
            let png = try await executor.execute(ImagePNGApi())
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        }

        @Test("POST with a JSON body", arguments: TransportKind.allCases)
        func postJSON(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let echo = try await executor.execute(PostJSONApi(name: "pen", count: 3, enabled: true, tags: ["x", "y"]))
            #expect(echo.json == .object(["name": .string("pen"), "count": .int(3), "enabled": .bool(true), "tags": .array([.string("x"), .string("y")])]))
            #expect(echo.headers["Content-Type"] == "application/json")
            #expect(echo.url.hasSuffix("/post?appVersion=1.0"))
        }

        @Test("POST with a form body, including the secret", arguments: TransportKind.allCases)
        func postForm(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let echo = try await executor.execute(PostFormApi(name: "ann lee", password: "p&ss=word"))
            #expect(echo.form?["name"] == .string("ann lee"))
            #expect(echo.form?["password"] == .string("p&ss=word"))
            #expect(echo.headers["Content-Type"]?.hasPrefix("application/x-www-form-urlencoded") == true)
            #expect(echo.args["password"] == nil)
        }

        @Test("POST with a whole model as the body")
        func postItem() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(PostItemApi(body: Item(id: 42, title: "cup", price: 9.5, tags: ["kitchen"])))
            #expect(echo.json == .object(["id": .int(42), "title": .string("cup"), "price": .double(9.5), "tags": .array([.string("kitchen")])]))
            #expect(echo.method == "POST")
            #expect(echo.url.contains("/anything/items"))
        }

        @Test("PUT, PATCH and DELETE", arguments: TransportKind.allCases)
        func putPatchDelete(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            #expect(try await executor.execute(PutApi(title: "new")).json == .object(["title": .string("new")]))
            #expect(try await executor.execute(PatchApi(title: "patched")).json == .object(["title": .string("patched")]))
            let empty = try await executor.execute(PatchApi())
            #expect(empty.json == nil || empty.json == .null)
            #expect(try await executor.execute(DeleteApi(reason: "gone")).args["reason"] == .string("gone"))
        }

        @Test("status without a body", arguments: TransportKind.allCases)
        func status(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let response = try await executor.executeWithMetadata(StatusApi(code: 204))
            #expect(response.value == EmptyResponse())
            #expect(response.metadata.status == 204)
        }

        @Test("delay within the timeout")
        func delay() async throws {
            try await useLocalHTTPBin()
            // The spec's 2 s timeout, raised so that a busy machine cannot turn the 0.3 s delay into a timeout.
            let response = try await executor.executeWithMetadata(WithTimeout(base: DelayApi(seconds: 0.3), timeout: .seconds(30)))
            #expect(response.value.url.contains("/delay/0.3"))
            #expect(response.metadata.duration >= .milliseconds(300))
        }

        @Test("a header parameter arrives; a nil one is left out")
        func headers() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(HeadersApi(traceId: "trace-1")).headers["X-Trace-Id"] == "trace-1")
            #expect(try await executor.execute(HeadersApi()).headers["X-Trace-Id"] == nil)
        }

        @Test("a path parameter cannot start a query, a fragment, or climb out of its route")
        func anything() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(AnythingApi(path: "a/b ?x=1#f", note: "n", payload: .object(["k": .int(1)])))
            // Werkzeug rebuilds the echoed URL from the decoded path, so `%2F` comes back as `/`;
            // the exact bytes sent are checked in the unit tests. Here: `?` and `#` stayed in the path.
            #expect(echo.url.contains("/anything/a/b%20%3Fx=1%23f?"))
            #expect(echo.args["note"] == .string("n"))
            #expect(echo.args["x"] == nil)
            #expect(echo.json == .object(["payload": .object(["k": .int(1)])]))
            let climbed = try await executor.execute(AnythingApi(path: ".."))
            #expect(climbed.method == "POST")
            #expect(climbed.url.contains("/anything/"))
        }

        @Test("text response")
        func base64() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(Base64Api(value: base64url("héllo, wörld?"))) == "héllo, wörld?")
        }

        @Test("binary response")
        func bytes() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(BytesApi(count: 1024)).count == 1024)
        }

        @Test("basic authentication with a secret header", arguments: TransportKind.allCases)
        func basicAuth(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let credentials = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()
            let result = try await executor.execute(BasicAuthApi(user: "ann", password: "s3cret", authorization: credentials))
            #expect(result.authenticated)
            #expect(result.user == "ann")
            let wrong = "Basic " + Data("ann:nope".utf8).base64EncodedString()
            // A 401 with `WWW-Authenticate` must come back as a status, not hang (FoundationNetworking
            // waits for credentials forever without the transport's delegate).
            let (refused, elapsed) = await timed { () async throws(InteractiveError) in try await executor.execute(BasicAuthApi(user: "ann", password: "s3cret", authorization: wrong)) }
            #expect(refused.failureValue?.hasStatus(401) == true)
            #expect(elapsed < .seconds(9))  // a transport waiting for credentials would wait until the deadline
        }

        @Test("cookies set by a redirect response reach the redirected request and later ones", arguments: TransportKind.allCases)
        func cookies(transport: TransportKind) async throws {
            try await useLocalHTTPBin()
            let executor = transport.executor()
            #expect(try await executor.execute(CookiesApi()).cookies.isEmpty)
            let set = try await executor.execute(SetCookiesApi(session: "abc"))
            #expect(set.cookies["session"] == "abc")
            #expect(try await executor.execute(CookiesApi()).cookies["session"] == "abc")
        }

        @available(*, deprecated, message: "Calls the deprecated SampleDocumentApi on purpose.")
        @Test("deprecated API still works")
        func sampleDocument() async throws {
            try await useLocalHTTPBin()
            let document = try await executor.execute(SampleDocumentApi())
            #expect(document.slideshow.title == "Sample Slide Show")
            #expect(document.slideshow.slides.count == 2)
        }

        @Test("envelope: a success code unwraps the result")
        func envelopeSuccess() async throws {
            try await useLocalHTTPBin()
            let body = #"{"code":100,"message":"ok","result":{"id":7,"title":"lamp","price":12.25,"tags":["a","b"]}}"#
            let item = try await executor.execute(EnvelopeBase64Api(value: base64url(body)))
            #expect(item == Item(id: 7, title: "lamp", price: 12.25, tags: ["a", "b"]))
        }

        @Test("envelope: any other code fails with the server's code and message")
        func envelopeFailure() async throws {
            try await useLocalHTTPBin()
            let body = #"{"code":500,"message":"out of stock"}"#
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(EnvelopeBase64Api(value: base64url(body))) }
            #expect(error == .envelope(code: "500", message: "out of stock"))
        }

        @Test("envelope: a failure code wins over the empty result most backends send with it",
              arguments: [#""result":{}"#, #""result":"""#, #""result":null"#])
        func envelopeFailureWithEmptyResult(result: String) async throws {
            try await useLocalHTTPBin()
            let body = #"{"code":1002,"message":"wrong password",\#(result)}"#
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(EnvelopeBase64Api(value: base64url(body))) }
            #expect(error == .envelope(code: "1002", message: "wrong password"))
        }
    }
}
