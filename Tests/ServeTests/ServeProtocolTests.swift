import APIGenServe
import Foundation
import Testing

/// What the server owes HTTP and the pages and clients that call it: constants that tell APIs
/// apart, CORS, `Allow`, no body after a 204, `Connection: close`, declared 2xx bodies, escaped base
/// paths, byte-stream mocks, messages in envelopes without a message key, and reloading.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ServeProtocolTests {
    static let spec = """
    service: S
    environments: { local: "http://127.0.0.1:1/my%20api" }
    models:
      Pet:
        fields: { name: String }
      Job:
        fields: { jobId: Int, state: String }
    apis:
      Rename:
        method: PATCH
        path: /groups/{id}?rename
        params: { id: Int }
        response: { fields: { did: String } }
        mock: { did: rename }
      ChangeCreator:
        method: PATCH
        path: /groups/{id}?changecreator
        params: { id: Int }
        response: { fields: { did: String } }
        mock: { did: changecreator }
      ActionA:
        path: /do
        query: { action: a }
        headers: { X-Feature: beta }
        response: { fields: { did: String } }
        mock: { did: a }
      Adopt:
        method: POST
        path: /pets
        responses:
          201: Pet
          202: Job
      Chunks:
        path: /chunks
        response: { stream: bytes }
        mock: ["aGVs", "bG8="]
    """

    static let quietEnvelope = """
    service: Q
    environments: { local: "http://127.0.0.1:1/api" }
    defaults:
      envelope: { code: errno, result: payload, success: [0] }
    apis:
      Find:
        path: /find
        params: { count: Int }
        response: { fields: { n: Int } }
        mock: { n: 1 }
    """

    @Test func constantQueryItemsAndHeadersTellApisApart() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let rename = try await ServeFixture.send("PATCH", port: server.port, "/my%20api/groups/5?rename")
        #expect(rename.status == 200)
        #expect(rename.body == #"{"did":"rename"}"#)
        let change = try await ServeFixture.send("PATCH", port: server.port, "/my%20api/groups/5?changecreator")
        #expect(change.body == #"{"did":"changecreator"}"#)
        let neither = try await ServeFixture.send("PATCH", port: server.port, "/my%20api/groups/5")
        #expect(neither.status == 400)
        #expect(neither.body.contains("missing constant query item 'rename'"), "\(neither.body)")
        let wrongValue = try await ServeFixture.send(port: server.port, "/my%20api/do?action=b", headers: ["X-Feature": "beta"])
        #expect(wrongValue.status == 400)
        #expect(wrongValue.body.contains("query item 'action' must be 'a'"), "\(wrongValue.body)")
        let noHeader = try await ServeFixture.send(port: server.port, "/my%20api/do?action=a")
        #expect(noHeader.body.contains("missing constant header 'X-Feature: beta'"), "\(noHeader.body)")
        #expect(try await ServeFixture.send(port: server.port, "/my%20api/do?action=a", headers: ["X-Feature": "beta"]).status == 200)
    }

    @Test func pagesOfOtherOriginsMayCall() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/my%20api/do?action=a", headers: ["X-Feature": "beta", "Origin": "http://localhost:3000"])
        #expect(answer.headers["access-control-allow-origin"] == "http://localhost:3000")
        #expect(answer.headers["access-control-allow-credentials"] == "true")
        let preflight = try await ServeFixture.send("OPTIONS", port: server.port, "/my%20api/groups/5", headers: [
            "Origin": "http://localhost:3000", "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "content-type, x-feature",
        ])
        #expect(preflight.status == 204)
        #expect(preflight.headers["access-control-allow-methods"] == "PATCH")
        #expect(preflight.headers["access-control-allow-headers"] == "content-type, x-feature")
        #expect(preflight.headers["access-control-allow-origin"] == "http://localhost:3000")

        let closed = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec)) { $0.allowsCrossOrigin = false }
        defer { Task { await closed.stop() } }
        let plain = try await ServeFixture.send(port: closed.port, "/my%20api/do?action=a", headers: ["X-Feature": "beta", "Origin": "http://localhost:3000"])
        #expect(plain.headers["access-control-allow-origin"] == nil)
        #expect(try await ServeFixture.send("OPTIONS", port: closed.port, "/my%20api/groups/5", headers: ["Origin": "http://x", "Access-Control-Request-Method": "PATCH"]).status == 405)
    }

    @Test func aWrongMethodSaysWhichAreAllowed() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send("DELETE", port: server.port, "/my%20api/pets")
        #expect(answer.status == 405)
        #expect(answer.headers["allow"] == "POST, OPTIONS")
        let get = try await ServeFixture.send("PUT", port: server.port, "/my%20api/chunks")
        #expect(get.headers["allow"] == "GET, HEAD, OPTIONS")
    }

    /// A 204 has no body, not even a length, so a keep-alive connection's next answer starts clean;
    /// an answer to `Connection: close` says so.
    @Test func noBodyAfterA204AndCloseIsSaid() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let host = "Host: 127.0.0.1\r\n"
        let raw = try await RawExchange.send(port: server.port,
            "GET /my%20api/chunks HTTP/1.1\r\n\(host)X-Apigen-Scenario: status=204\r\n\r\n"
            + "GET /my%20api/chunks HTTP/1.1\r\n\(host)Connection: close\r\n\r\n")
        let answers = raw.components(separatedBy: "HTTP/1.1 ")
        #expect(answers.count == 3, "\(raw)")
        guard answers.count == 3 else { return }
        #expect(answers[1].hasPrefix("204"))
        #expect(answers[1].hasSuffix("\r\n\r\n"), "nothing after the 204's head: \(answers[1])")
        #expect(!answers[1].lowercased().contains("content-length"), "\(answers[1])")
        #expect(answers[2].hasPrefix("200"))
        #expect(answers[2].lowercased().contains("connection: close"), "\(answers[2])")
        #expect(answers[2].hasSuffix("hello"), "the byte stream's mock, its chunks one after another: \(answers[2])")
    }

    @Test func aTwoHundredScenarioAnswersTheBodyDeclaredForIt() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let created = try await ServeFixture.send("POST", port: server.port, "/my%20api/pets", headers: ["Content-Type": "application/json"], body: "{}")
        #expect(created.status == 201)
        #expect(created.body.contains("\"name\""), "\(created.body)")
        let accepted = try await ServeFixture.send("POST", port: server.port, "/my%20api/pets", headers: ["Content-Type": "application/json", "X-Apigen-Scenario": "status=202"], body: "{}")
        #expect(accepted.status == 202)
        #expect(accepted.body.contains("\"jobId\"") && accepted.body.contains("\"state\""), "\(accepted.body)")
        let informational = try await ServeFixture.send("POST", port: server.port, "/my%20api/pets", headers: ["Content-Type": "application/json", "X-Apigen-Scenario": "status=101"], body: "{}")
        #expect(informational.status == 400)
        #expect(informational.body.contains("scenario status must be 200-599"), "\(informational.body)")
    }

    @Test func anEnvelopeWithoutAMessageKeyStillSaysWhatWentWrong() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.quietEnvelope))
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/api/find?count=many")
        #expect(answer.status == 400)
        let body = try JSONValue(parsing: Array(answer.body.utf8))
        #expect(body["errno"] == .number("400"))
        #expect(body["payload"] == .null)
        guard case .string(let message)? = body["message"] else {
            Issue.record("no message: \(answer.body)")
            return
        }
        #expect(message.contains("param 'count'"), "\(message)")
    }

    @Test func reloadingAnswersForTheNewSpecs() async throws {
        let folder = try ServeFixture.scratch("reload")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("spec.yaml")
        try Self.quietEnvelope.write(to: file, atomically: true, encoding: .utf8)
        let before = SpecFingerprint(of: folder)
        let project = try #require(ServeProject.load(specs: folder).1)
        var options = ServeOptions()
        options.port = 0
        options.logger = .none
        let server = try MockServer(project: project, options: options)
        let running = try await server.start()
        defer { Task { await running.stop() } }
        #expect(try await ServeFixture.send(port: running.port, "/api/find?count=1").body.contains("\"n\":1"))

        // Ten bytes longer: the fingerprint changes whatever the clock's resolution.
        try Self.quietEnvelope.replacingOccurrences(of: "mock: { n: 1 }", with: "mock: { n: 1234567890 }").write(to: file, atomically: true, encoding: .utf8)
        #expect(SpecFingerprint(of: folder) != before)
        #expect(SpecFingerprint(of: folder) == SpecFingerprint(of: folder))
        try server.reload(try #require(ServeProject.load(specs: folder).1))
        #expect(try await ServeFixture.send(port: running.port, "/api/find?count=1").body.contains("\"n\":1234567890"))
    }
}
