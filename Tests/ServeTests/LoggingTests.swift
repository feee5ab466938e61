import APIGenServe
import Foundation
import Testing

/// One line per request, never a secret value.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct LoggingTests {
    @Test func oneLinePerRequestWithoutSecrets() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        _ = try await ServeFixture.send("POST", port: server.port, "/api/login?password=hunter2&lang=en", headers: ["Content-Type": "application/x-www-form-urlencoded", "Authorization": "Bearer sekrit"], body: "name=admin&password=hunter2")
        _ = try await ServeFixture.send(port: server.port, "/api/items/5", headers: ["X-Apigen-Scenario": "status=503"])
        _ = try await ServeFixture.send(port: server.port, "/nowhere")
        let lines = log.all.map(\.text)
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { !$0.contains("hunter2") && !$0.contains("sekrit") })
        #expect(lines[0].hasPrefix("POST /api/login?password=***&lang=en Login scenario=- 200 "))
        #expect(lines[1].hasPrefix("GET /api/items/5 ItemQuery scenario=status=503 503 "))
        #expect(lines[2].hasPrefix("GET /nowhere - scenario=- 404 "))
        #expect(lines.allSatisfy { $0.hasSuffix("ms") })
    }

    @Test func secretQueryValuesAreMaskedInEveryStyle() {
        var line = RequestLogLine(method: "GET", path: "/a", query: "card%5Bnumber%5D=4242&Card[cvc]=1&token=t&page=2", api: "A", scenario: nil, via: nil, status: 200, milliseconds: 1)
        line.secretKeys = ["card", "token"]
        #expect(line.text == "GET /a?card%5Bnumber%5D=***&Card[cvc]=***&token=***&page=2 A scenario=- 200 1.0ms")
    }

    @Test func loopbackHosts() {
        #expect(LoopbackHost.isLoopback("127.0.0.1"))
        #expect(LoopbackHost.isLoopback("localhost"))
        #expect(LoopbackHost.isLoopback("::1"))
        #expect(!LoopbackHost.isLoopback("0.0.0.0"))
        #expect(!LoopbackHost.isLoopback("192.168.1.5"))
    }
}
