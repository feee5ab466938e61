import APIGenServe
import Foundation
import Interactive
import RuntimeTestSupport
import ShopAPI
import Testing

/// `--proxy ENV`: APIs without a mock (or all) are answered by the spec's environment ENV, here a
/// second in-process server on 127.0.0.1.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ProxyTests {
    /// Specs/shop.yaml with its `staging` environment pointing at `port`.
    func shopProxyingTo(port: Int) throws -> ServeProject {
        let text = try String(contentsOf: ServeFixture.specs.appendingPathComponent("shop.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "staging: https://pre.example.com/api", with: "staging: http://127.0.0.1:\(port)/api")
        let folder = try ServeFixture.scratch("proxy")
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("shop.yaml"), atomically: true, encoding: .utf8)
        return try #require(ServeProject.load(specs: folder).1)
    }

    @Test func apisWithoutMockAreForwarded() async throws {
        let backendLog = LogLines(), frontLog = LogLines()
        let backend = try await ServeFixture.start(log: backendLog) { $0.seed = 99 }
        let front = try await ServeFixture.start(try shopProxyingTo(port: backend.port), log: frontLog) {
            $0.proxyEnvironment = "staging"
        }
        defer { Task { await front.stop(); await backend.stop() } }

        let body = #"{"item_ids":[1,2]}"#
        let direct = try await ServeFixture.send("POST", port: backend.port, "/api/orders?appVersion=1.0", headers: ["Content-Type": "application/json"], body: body)
        let proxied = try await ServeFixture.send("POST", port: front.port, "/api/orders?appVersion=1.0", headers: ["Content-Type": "application/json"], body: body)
        #expect(proxied.status == 200)
        #expect(proxied.body == direct.body)  // the backend's seed, not the front's
        #expect(backendLog.all.last?.path == "/api/orders")
        #expect(backendLog.all.last?.query == "appVersion=1.0")
        #expect(frontLog.all.last?.via == "proxy")

        // Login has a mock: answered by the front, the backend never sees it.
        let executor = try ServeFixture.shopExecutor(port: front.port)
        #expect(try await executor.execute(LoginApi(name: "a", password: "b")).token == "t-1")
        #expect(backendLog.count("Login") == 0)
        // The generated client decodes the forwarded answer.
        #expect(try await executor.execute(OrderCreateApi(itemIds: [1])).items.count == 2)
    }

    @Test func proxyAllForwardsMockedApisAndBackendStatuses() async throws {
        let backendLog = LogLines()
        let backend = try await ServeFixture.start(log: backendLog)
        let front = try await ServeFixture.start(try shopProxyingTo(port: backend.port)) {
            $0.proxyEnvironment = "staging"
            $0.proxyAll = true
        }
        defer { Task { await front.stop(); await backend.stop() } }
        let executor = try ServeFixture.shopExecutor(port: front.port)
        #expect(try await executor.execute(LoginApi(name: "a", password: "b")).token == "t-1")
        #expect(backendLog.count("Login") == 1)
        // The backend's 400 comes back as it is.
        let invalid = try await ServeFixture.send(port: front.port, "/api/items?status=gone")
        #expect(invalid.status == 400)
        #expect(invalid.body.contains("param 'status'"))
    }

    /// A Python backend on 127.0.0.1 whose handler class `H` is `handler`; returns it and its port.
    private func pythonBackend(_ handler: String) async throws -> (Subprocess, Int) {
        let script = """
        import http.server, sys
        \(handler)
            def log_message(self, *args): pass
        server = http.server.HTTPServer(('127.0.0.1', 0), H)
        print('PORT', server.server_address[1], flush=True)
        server.serve_forever()
        """
        let backend = try Subprocess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], standardInput: .pipe, standardOutput: .pipe, standardError: .inherit)
        let output = try #require(backend.standardOutput)
        let line = try await offCooperativePool {
            var read = Data()
            while !read.contains(UInt8(ascii: "\n")) {
                let chunk = readAvailable(output)
                if chunk.isEmpty { break }
                read.append(chunk)
            }
            return String(decoding: read, as: UTF8.self)
        }
        guard let port = line.split(separator: " ").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            backend.terminate()
            throw ProxyTestError.backendDidNotStart(line)
        }
        return (backend, port)
    }

    /// A backend's `401` that asks for credentials (`WWW-Authenticate`) comes back as it is, body
    /// and all: on Linux, URLSession waited for credentials forever, then kept the body back.
    @Test func aBackendAskingForCredentialsIsAnsweredAsItIs() async throws {
        let (backend, port) = try await pythonBackend("""
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b'{"message":"who are you"}'
                self.send_response(401)
                self.send_header('WWW-Authenticate', 'Basic realm="test"')
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
        """)
        defer { backend.terminate() }
        let front = try await ServeFixture.start(try shopProxyingTo(port: port)) {
            $0.proxyEnvironment = "staging"
            $0.proxyAll = true
        }
        defer { Task { await front.stop() } }
        let url = try #require(URL(string: "http://127.0.0.1:\(front.port)/api/items"))
        let answer = try await URLSessionTransport().send(HTTPRequest(apiName: "Items", method: .get, url: url, timeout: .seconds(60)))
        #expect(answer.status == 401)
        #expect(answer.headers["WWW-Authenticate"] == #"Basic realm="test""#)
        #expect(String(decoding: answer.body, as: UTF8.self) == #"{"message":"who are you"}"#)
    }

    /// Each `Set-Cookie` comes back on its own line (FoundationNetworking folded them into one
    /// broken cookie), and a path no spec declares is the backend's.
    @Test func undeclaredPathsAndRepeatedHeadersReachTheBackendWhole() async throws {
        let (backend, port) = try await pythonBackend("""
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = ('backend saw ' + self.path).encode()
                self.send_response(200)
                self.send_header('Set-Cookie', 'session=abc; Path=/; HttpOnly')
                self.send_header('Set-Cookie', 'csrf=xyz; Expires=Wed, 21 Oct 2037 07:28:00 GMT')
                self.send_header('Content-Type', 'text/plain')
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                if self.command != 'HEAD':
                    self.wfile.write(body)
            do_HEAD = do_GET
        """)
        defer { backend.terminate() }
        let front = try await ServeFixture.start(try shopProxyingTo(port: port)) { $0.proxyEnvironment = "staging" }
        defer { Task { await front.stop() } }
        let raw = try await RawExchange.send(port: front.port, "GET /api/not/in/the/spec?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(raw.hasPrefix("HTTP/1.1 200"), "\(raw)")
        #expect(raw.contains("\r\nset-cookie: session=abc; Path=/; HttpOnly\r\n") || raw.contains("\r\nSet-Cookie: session=abc; Path=/; HttpOnly\r\n"), "\(raw)")
        #expect(raw.lowercased().contains("\r\nset-cookie: csrf=xyz; expires=wed, 21 oct 2037 07:28:00 gmt\r\n"), "\(raw)")
        #expect(raw.hasSuffix("backend saw /api/not/in/the/spec?x=1"), "\(raw)")
        // A HEAD keeps the length of the body it does not carry.
        let head = try await RawExchange.send(port: front.port, "HEAD /api/not/in/the/spec HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(head.lowercased().contains("\r\ncontent-length: \("backend saw /api/not/in/the/spec".utf8.count)\r\n"), "\(head)")
        // Outside every proxied service's base path, it stays a 404.
        #expect(try await ServeFixture.send(port: front.port, "/elsewhere").status == 404)
    }

    @Test func aMissingEnvironmentStopsTheStart() throws {
        var options = ServeOptions()
        options.proxyEnvironment = "prod"
        #expect(throws: ServeSetupError.self) { try MockServer(project: ServeFixture.project, options: options) }
    }
}

enum ProxyTestError: Error {
    case backendDidNotStart(String)
}
