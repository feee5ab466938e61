import APIGenServe
import Foundation
import Testing

/// Streams answered as streams, APIs that share a method and path told apart by their requests,
/// an exploded map in the query and a placeholder named twice.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SharedRouteAndStreamTests {
    static let spec = """
    service: S
    environments: { local: "http://127.0.0.1:1/api" }
    models:
      Tick:
        fields: { n: Int, text: String }
    apis:
      Ticks:
        path: /ticks
        response: { stream: sse, type: Tick }
        mock: [{ n: 1, text: one }, { n: 2, text: two }]
      Words:
        path: /words
        response: { stream: sse, type: String }
        mock: ["a\\nb", "c"]
      Lines:
        path: /lines
        response: { stream: jsonLines, type: Tick }
      Upload:
        method: POST
        path: /post
        body: multipart
        params:
          file: File
        response: { fields: { kind: String } }
        mock: { kind: upload }
      Echo:
        method: POST
        path: /post
        params:
          name: String
        response: { fields: { kind: String } }
        mock: { kind: json }
      Statuses:
        path: /status/{codes}
        params:
          codes: "[Int]"
        response: { fields: { ok: Bool } }
        mock: { ok: true }
      Doc:
        path: /{lang}/docs/{lang}.html
        params:
          lang: String
        response: { format: text }
        mock: "<p>doc</p>"
      Star:
        method: PUT
        path: /starred
        responses:
          204: empty
          404: { success: true }
      CreateTick:
        method: POST
        path: /ticks
        responses:
          201: Tick
      Teapot:
        path: /teapot
        response: { fields: { ok: Bool } }
        mock: { ok: true }
        responses:
          418: { format: text }
          404: empty
      Cookies:
        path: /cookies
        params:
          cookies: { type: "[String: String]", style: form }
        response: { fields: { ok: Bool } }
        mock: { ok: true }
    """

    @Test func streamsAreAnsweredEventByEvent() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let ticks = try await ServeFixture.send(port: server.port, "/api/ticks")
        #expect(ticks.status == 200)
        #expect(ticks.headers["content-type"] == "text/event-stream")
        #expect(ticks.body == "data: {\"n\":1,\"text\":\"one\"}\n\ndata: {\"n\":2,\"text\":\"two\"}\n\n")
        let words = try await ServeFixture.send(port: server.port, "/api/words")
        #expect(words.body == "data: a\ndata: b\n\ndata: c\n\n", "a line break in an event's text is a second data line")
        let lines = try await ServeFixture.send(port: server.port, "/api/lines")
        #expect(lines.headers["content-type"] == "application/jsonl")
        let events = lines.body.split(separator: "\n").map { try? JSONValue(parsing: Array($0.utf8)) }
        #expect(events.count == 3, "three made-up events when there is no mock: \(lines.body)")
        #expect(events.allSatisfy { $0?["n"] != nil && $0?["text"] != nil })
    }

    @Test func apisOnOneRouteAreToldApartByTheirRequests() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec), log: log)
        defer { Task { await server.stop() } }
        let boundary = "b0undary"
        let multipart = "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--\(boundary)--\r\n"
        let upload = try await ServeFixture.send("POST", port: server.port, "/api/post", headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)"], body: multipart)
        #expect(upload.status == 200)
        #expect(upload.body == #"{"kind":"upload"}"#)
        let echo = try await ServeFixture.send("POST", port: server.port, "/api/post", headers: ["Content-Type": "application/json"], body: #"{"name":"ann"}"#)
        #expect(echo.status == 200)
        #expect(echo.body == #"{"kind":"json"}"#)
        #expect(log.all.compactMap(\.api) == ["Upload", "Echo"])
        // Neither validates: the first API's problem is the answer.
        let neither = try await ServeFixture.send("POST", port: server.port, "/api/post", headers: ["Content-Type": "application/json"], body: "{}")
        #expect(neither.status == 400)
        #expect(neither.body.contains("body is not multipart/form-data: multipart body without a boundary"), "\(neither.body)")
    }

    @Test func anExplodedMapInTheQueryIsItsItems() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/api/cookies?a=1&b=2")
        #expect(answer.status == 200, "\(answer.body)")
    }

    /// A list in the path is its comma-separated elements, each checked.
    @Test func aListInThePathIsItsElements() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        #expect(try await ServeFixture.send(port: server.port, "/api/status/200,201").status == 200)
        let bad = try await ServeFixture.send(port: server.port, "/api/status/200,x")
        #expect(bad.status == 400)
        #expect(bad.body.contains("param 'codes' (path)"), "\(bad.body)")
    }

    /// An API whose `responses` name its 2xx answers instead of `response` answers with the first.
    @Test func declaredTwoHundredsAreTheAnswer() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let star = try await ServeFixture.send("PUT", port: server.port, "/api/starred")
        #expect(star.status == 204)
        #expect(star.body.isEmpty)
        let created = try await ServeFixture.send("POST", port: server.port, "/api/ticks", headers: ["Content-Type": "application/json"], body: "{}")
        #expect(created.status == 201, "\(created.body)")
        #expect(created.body.contains("\"n\""), "\(created.body)")
    }

    /// A scenario's status answers with the body the API declares for it: text, or nothing.
    @Test func aScenarioStatusAnswersTheDeclaredBody() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let teapot = try await ServeFixture.send(port: server.port, "/api/teapot", headers: ["X-Apigen-Scenario": "status=418;message=short and stout"])
        #expect(teapot.status == 418)
        #expect(teapot.headers["content-type"]?.hasPrefix("text/plain") == true)
        #expect(teapot.body == "short and stout")
        let missing = try await ServeFixture.send(port: server.port, "/api/teapot", headers: ["X-Apigen-Scenario": "status=404"])
        #expect(missing.status == 404)
        #expect(missing.body.isEmpty)
    }

    /// A placeholder named twice matches only a path that has the same value in both places.
    @Test func aPlaceholderNamedTwiceMatchesOneValue() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: Self.spec))
        defer { Task { await server.stop() } }
        let same = try await ServeFixture.send(port: server.port, "/api/en/docs/en.html")
        #expect(same.status == 200, "\(same.body)")
        #expect(same.body == "<p>doc</p>")
        #expect(try await ServeFixture.send(port: server.port, "/api/en/docs/fr.html").status == 404)
    }
}
