import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// A request to any httpbin path, parsed as httpbin's echo (`/anything` answers with one).
struct EchoApi: Api {
    var request: ApiRequest
    var parser: JSONParser<Echo> { JSONParser<Echo>() }

    /// An API at `path` of the server at `base`, with query items, headers (the `secret` ones marked
    /// `secret: true`) and a JSON body.
    init(
        _ base: URL,
        _ path: String,
        method: HTTPMethod = .get,
        query: [(String, String)] = [],
        headers: [(String, String)] = [],
        secretHeaders: [(String, String)] = [],
        body: [String: String]? = nil
    ) {
        let service = ServiceConfiguration(name: "Echo", environments: [.init(name: "local", baseURL: base)])
        var request = ApiRequest(service: service, apiName: "Echo", method: method, path: path)
        for (key, value) in query { request.add(value, as: key, in: .query) }
        for (name, value) in headers { request.add(value, as: name, in: .header) }
        for (name, value) in secretHeaders { request.add(value, as: name, in: .header, secret: true) }
        if let body { request.setBody(body) }
        self.request = request
    }
}

extension URL {
    /// The same URL with `localhost` for its host: the same loopback server under another origin.
    var asLocalhost: URL {
        var components = URLComponents(url: self, resolvingAgainstBaseURL: false)
        components?.host = "localhost"
        return components?.url ?? self
    }
}

extension HTTPBinTests {
    /// Redirects and cookies through both transports, as curl and browsers handle them.
    @Suite("Redirects and cookies")
    struct Redirects {
        let executor = Executor()

        @Test("307 and 308 repeat a POST with its body and headers", arguments: TransportKind.allCases, [307, 308])
        func bodyKept(transport: TransportKind, status: Int) async throws {
            let executor = transport.executor()
            let base = try await useLocalHTTPBin()
            let api = EchoApi(
                base, "/redirect-to", method: .post,
                query: [("url", "/anything/landed"), ("status_code", "\(status)")],
                headers: [("X-Trace", "t-1")],
                body: ["title": "lamp"]
            )
            let echo = try await executor.execute(api)
            #expect(echo.url.hasSuffix("/anything/landed"))
            #expect(echo.method == "POST")
            #expect(echo.json == .object(["title": .string("lamp")]))
            #expect(echo.headers["X-Trace"] == "t-1")
        }

        @Test("307 and 308 repeat an upload from a file with its whole body", arguments: TransportKind.allCases, [307, 308])
        func uploadKept(transport: TransportKind, status: Int) async throws {
            let base = try await useLocalHTTPBin()
            let file = try Transfers.makeFile(0)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            try Data("from a file, sent twice".utf8).write(to: file)
            var api = EchoApi(base, "/redirect-to", method: .post, query: [("url", "/anything/landed"), ("status_code", "\(status)")])
            api.request.setBody(.file(file), contentType: "text/plain")
            let echo = try await transport.executor().execute(api)
            #expect(echo.url.hasSuffix("/anything/landed"))
            #expect(echo.method == "POST")
            #expect(echo.data == "from a file, sent twice")
            #expect(echo.headers["Content-Length"] == "23")
        }

        @Test("300, 305 and 306 are not followed by either transport: the POST is not sent again, the status is the answer",
              arguments: TransportKind.allCases, [300, 305, 306])
        func useProxyIsNotFollowed(transport: TransportKind, status expected: Int) async throws {
            let base = try await useLocalHTTPBin()
            let api = EchoApi(base, "/redirect-to", method: .post, query: [("url", "/anything/landed"), ("status_code", "\(expected)")], body: ["title": "lamp"])
            do {
                let echo = try await transport.executor().execute(api)
                Issue.record("followed to \(echo.url)")
            } catch {
                guard case .unacceptableStatus(let status, _, _) = error else {
                    Issue.record("expected the \(expected), got \(error)")
                    return
                }
                #expect(status == expected)
            }
        }

        @Test("301, 302 and 303 turn a POST into a GET without body", arguments: TransportKind.allCases, [301, 302, 303])
        func postBecomesGet(transport: TransportKind, status: Int) async throws {
            let executor = transport.executor()
            let base = try await useLocalHTTPBin()
            let api = EchoApi(
                base, "/redirect-to", method: .post,
                query: [("url", "/anything/landed"), ("status_code", "\(status)")],
                body: ["title": "lamp"]
            )
            let echo = try await executor.execute(api)
            #expect(echo.method == "GET")
            #expect(echo.json == nil || echo.json == .null)
            #expect(echo.data?.isEmpty ?? true)
            #expect(echo.headers["Content-Type"] == nil)
        }

        @Test("a redirect to another origin drops Authorization, Cookie, Proxy-Authorization and secret headers", arguments: TransportKind.allCases)
        func credentialsDroppedAcrossOrigins(transport: TransportKind) async throws {
            let executor = transport.executor()
            let base = try await useLocalHTTPBin()
            let other = base.asLocalhost.appendingPathComponent("anything/landed")
            let echo = try await executor.execute(redirected(from: base, to: other.absoluteString))
            #expect(echo.url.hasPrefix("http://localhost:"))
            for name in ["Authorization", "Cookie", "Proxy-Authorization", "X-Api-Key"] {
                #expect(echo.headers[name] == nil, "\(name) reached the other origin")
            }
            #expect(echo.headers["X-Trace"] == "t-1")
            #expect(echo.json == .object(["title": .string("lamp")]))
        }

        @Test("a redirect within the origin keeps them", arguments: TransportKind.allCases)
        func credentialsKeptWithinOrigin(transport: TransportKind) async throws {
            let executor = transport.executor()
            let base = try await useLocalHTTPBin()
            let echo = try await executor.execute(redirected(from: base, to: "/anything/landed"))
            #expect(echo.headers["Authorization"] == "Bearer t-secret")
            #expect(echo.headers["X-Api-Key"] == "k-secret")
            #expect(echo.headers["Proxy-Authorization"] == "Basic cHJveHk=")
        }

        /// A 307 from `base` to `target`, carrying credentials of every kind.
        private func redirected(from base: URL, to target: String) -> EchoApi {
            EchoApi(
                base, "/redirect-to", method: .post,
                query: [("url", target), ("status_code", "307")],
                headers: [("Authorization", "Bearer t-secret"), ("Cookie", "session=c-secret"), ("Proxy-Authorization", "Basic cHJveHk="), ("X-Trace", "t-1")],
                secretHeaders: [("X-Api-Key", "k-secret")],
                body: ["title": "lamp"]
            )
        }

        @Test("a cookie the server expires is removed, not sent empty", arguments: TransportKind.allCases)
        func expiredCookieRemoved(transport: TransportKind) async throws {
            let base = try await useLocalHTTPBin()
            let executor = transport.executor()
            let set = try await executor.execute(EchoCookiesApi(base, "/cookies/set", query: [("flavour", "oat"), ("kept", "yes")]))
            #expect(set.cookies == ["flavour": "oat", "kept": "yes"])
            // httpbin expires the cookie (`Expires` in 1970, `Max-Age=0`) and redirects to `/cookies`.
            let deleted = try await executor.execute(EchoCookiesApi(base, "/cookies/delete", query: [("flavour", "")]))
            #expect(deleted.cookies == ["kept": "yes"])
            #expect(try await executor.execute(EchoCookiesApi(base)).cookies == ["kept": "yes"])
        }
    }
}

/// httpbin's `/cookies` (or a path that redirects there): the cookies that arrived with the request.
struct EchoCookiesApi: Api {
    let request: ApiRequest
    var parser: JSONParser<Cookies> { JSONParser<Cookies>() }

    init(_ base: URL, _ path: String = "/cookies", query: [(String, String)] = []) {
        let service = ServiceConfiguration(name: "Echo", environments: [.init(name: "local", baseURL: base)])
        var request = ApiRequest(service: service, apiName: "Cookies", method: .get, path: path)
        for (key, value) in query { request.add(value, as: key, in: .query) }
        self.request = request
    }
}
