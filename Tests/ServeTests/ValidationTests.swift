import APIGenServe
import Foundation
import Testing

/// Requests that break the spec get a 400 naming the param, in the envelope's failure shape.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ValidationTests {
    @Test func missingRequiredParam() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send("POST", port: server.port, "/api/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=admin")
        #expect(answer.status == 400)
        let json = try JSONValue(parsing: answer.body)
        #expect(json["code"] == .number("400"))
        #expect(json["message"] == .string("missing required param 'password' (body)"))
        #expect(json["result"] == .null)
    }

    @Test func wrongTypeInPathQueryAndBody() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let path = try await ServeFixture.send(port: server.port, "/api/v2/items/abc")
        #expect(path.status == 400)
        #expect(path.body.contains("param 'itemId' (path): expected Int64, got \\\"abc\\\""))
        let query = try await ServeFixture.send(port: server.port, "/api/items?page_size=ten")
        #expect(query.status == 400)
        #expect(query.body.contains("param 'page_size' (query)"))
        let body = try await ServeFixture.send("POST", port: server.port, "/api/orders", headers: ["Content-Type": "application/json"], body: #"{"item_ids":[1,"two"]}"#)
        #expect(body.status == 400)
        #expect(body.body.contains("param 'item_ids' (body)"))
        let notJSON = try await ServeFixture.send("POST", port: server.port, "/api/orders", headers: ["Content-Type": "application/json"], body: "{")
        #expect(notJSON.status == 400)
    }

    /// A number is a decimal number as JSON writes one, in range: not `nan`, `inf`, `0x10`, `1e400`
    /// or `01`, which `Double(_:)` or a lenient parser would take.
    @Test func numbersAreDecimalAndInRange() async throws {
        let server = try await ServeFixture.start(try ServeFixture.project(yaml: """
        service: N
        environments: { local: "http://127.0.0.1:1/api" }
        apis:
          Scale:
            path: /scale
            params: { factor: Double }
            response: { fields: { ok: Bool } }
            mock: { ok: true }
          Weigh:
            method: POST
            path: /weigh
            params: { grams: Double }
            response: { fields: { ok: Bool } }
            mock: { ok: true }
        """))
        defer { Task { await server.stop() } }
        for good in ["1.5", "-2e3", "0", "7"] {
            #expect(try await ServeFixture.send(port: server.port, "/api/scale?factor=\(good)").status == 200, "\(good)")
        }
        for bad in ["nan", "inf", "0x10", "1e400", "01", "1."] {
            let answer = try await ServeFixture.send(port: server.port, "/api/scale?factor=\(bad)")
            #expect(answer.status == 400, "\(bad)")
            #expect(answer.body.contains("param 'factor' (query)"), "\(bad): \(answer.body)")
        }
        for bad in [#"{"grams":01}"#, #"{"grams":1e400}"#] {
            let answer = try await ServeFixture.send("POST", port: server.port, "/api/weigh", headers: ["Content-Type": "application/json"], body: bad)
            #expect(answer.status == 400, "\(bad): \(answer.body)")
        }
        #expect(try await ServeFixture.send("POST", port: server.port, "/api/weigh", headers: ["Content-Type": "application/json"], body: #"{"grams":10.25}"#).status == 200)
    }

    /// `\\u` escapes are four hex digits: a high surrogate before anything but a low one is
    /// U+FFFD (the pair's arithmetic overflowed and stopped the server), and a sign is no digit.
    @Test func oddUnicodeEscapesAreReadNotACrash() throws {
        #expect(try JSONValue(parsing: Array(#""\ud800\u0041""#.utf8)) == .string("\u{FFFD}A"))
        #expect(try JSONValue(parsing: Array(#""\ud83c\udf55""#.utf8)) == .string("🍕"))
        #expect(try JSONValue(parsing: Array(#""\udc00""#.utf8)) == .string("\u{FFFD}"))
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue(parsing: Array(#""\u+041""#.utf8)) }
        #expect(throws: JSONValue.SyntaxError.self) { try JSONValue(parsing: Array(#""\u00""#.utf8)) }
    }

    @Test func unknownEnumValue() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/api/items?status=gone")
        #expect(answer.status == 400)
        #expect(answer.body.contains("param 'status' (query): unknown value \\\"gone\\\"; expected one of onSale, soldOut"))
        #expect(try await ServeFixture.send(port: server.port, "/api/items?status=soldOut").status == 200)
    }

    @Test func wholeBodyIsCheckedAgainstItsModel() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send("POST", port: server.port, "/api/items", headers: ["Content-Type": "application/json"], body: #"{"id":1,"title":"t","price":1,"tags":[],"attributes":{},"status":"lost"}"#)
        #expect(answer.status == 400)
        #expect(answer.body.contains("at status"))
    }

    @Test func anApiWithoutEnvelopeAnswersAPlainError() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        let answer = try await ServeFixture.send(port: server.port, "/api/items/x1")
        #expect(answer.status == 400)
        let json = try JSONValue(parsing: answer.body)
        #expect(json["error"] == .number("400"))
        #expect(json["message"]?.text.contains("itemId") == true)
    }

    @Test func multipartPartsAreRead() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        func multipart(_ parts: [(name: String, filename: String?, body: String)]) -> String {
            parts.map { part in
                let file = part.filename.map { "; filename=\"\($0)\"" } ?? ""
                return "--XyZ\r\nContent-Disposition: form-data; name=\"\(part.name)\"\(file)\r\n\r\n\(part.body)\r\n"
            }.joined() + "--XyZ--\r\n"
        }
        let headers = ["Content-Type": "multipart/form-data; boundary=XyZ"]
        let missing = try await ServeFixture.send("POST", port: server.port, "/anything/documents", headers: headers, body: multipart([("title", nil, "Report")]))
        #expect(missing.status == 400)
        #expect(missing.body.contains("missing required param 'document' (body)"))
        let badItem = try await ServeFixture.send("POST", port: server.port, "/anything/documents", headers: headers, body: multipart([("title", nil, "Report"), ("document", "a.pdf", "%PDF"), ("item", nil, "{")]))
        #expect(badItem.status == 400)
        #expect(badItem.body.contains("param 'item' (body)"))
        let valid = try await ServeFixture.send("POST", port: server.port, "/anything/documents", headers: headers, body: multipart([("title", nil, "Report"), ("document", "a.pdf", "%PDF")]))
        #expect(valid.status == 200)
    }
}
