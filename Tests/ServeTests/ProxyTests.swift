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

    /// A backend's `401` that asks for credentials (`WWW-Authenticate`) comes back as it is: on
    /// Linux, URLSession waited for credentials forever and the proxied request never ended.
    @Test func aBackendAskingForCredentialsIsAnsweredAsItIs() async throws {
        let script = """
        import http.server, sys
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b'{"message":"who are you"}'
                self.send_response(401)
                self.send_header('WWW-Authenticate', 'Basic realm="test"')
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args): pass
        server = http.server.HTTPServer(('127.0.0.1', 0), H)
        print('PORT', server.server_address[1], flush=True)
        server.serve_forever()
        """
        let backend = try Subprocess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], standardInput: .pipe, standardOutput: .pipe, standardError: .inherit)
        defer { backend.terminate() }
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
        let port = try #require(line.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "\(line)")
        let front = try await ServeFixture.start(try shopProxyingTo(port: port)) {
            $0.proxyEnvironment = "staging"
            $0.proxyAll = true
        }
        defer { Task { await front.stop() } }
        let url = try #require(URL(string: "http://127.0.0.1:\(front.port)/api/items"))
        let answer = try await URLSessionTransport().send(HTTPRequest(apiName: "Items", method: .get, url: url, timeout: .seconds(60)))
        #expect(answer.status == 401)
        #expect(answer.headers["WWW-Authenticate"] == #"Basic realm="test""#)
    }

    @Test func aMissingEnvironmentStopsTheStart() throws {
        var options = ServeOptions()
        options.proxyEnvironment = "prod"
        #expect(throws: ServeSetupError.self) { try MockServer(project: ServeFixture.project, options: options) }
    }
}
