import Foundation
import Testing
@testable import APIGenCore

/// Spec format 2's wire keys: constant query items and headers (`query`, `headers`, `accept`, a
/// path's `?flag` and `:id`), parameter styles and `allowReserved`, and response headers.
@Suite struct WireSpecTests {
    static let head = "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\n"

    static func api(_ yaml: String) throws -> String {
        let files = try SpecHarness.generate(["spec.yaml": head + yaml])
        return try #require(files.values.first { $0.contains("public struct PingApi") })
    }

    // MARK: Item 4: constants

    @Test func pathSugarBecomesPlaceholdersAndConstantQueryItems() throws {
        let api = try Self.api("""
        apis:
          Ping:
            method: PATCH
            path: /api/progroups/:id/x:y/{other}:run?changecreator&v=a%20b
            query: { action: transfer, flag: , n: 2 }
            headers: { X-Feature: beta }
            accept: application/vnd.github+json
            params:
              id: Int
              other: String
        """)
        #expect(api.contains(#"path: "/api/progroups/{id}/x:y/{other}:run","#))
        #expect(api.contains(#"constantQuery: [("changecreator", nil), ("v", "a b"), ("action", "transfer"), ("flag", nil), ("n", "2")],"#))
        #expect(api.contains(#"constantHeaders: ["X-Feature": "beta", "Accept": "application/vnd.github+json"]"#))
    }

    @Test func aPlaceholderAfterTheQuestionMarkIsAnError() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + "apis:\n  Ping:\n    path: \"/ping?{id}&x=1\"\n    params:\n      id: Int\n")
        #expect(diagnostics == [
            "spec.yaml:6:11: error: query '{id}' in the path of api 'Ping' is a placeholder: placeholders go in the path before ?; after it come constants, name or name=value (for a value of your own, declare a param with `in: query`)",
        ])
    }

    @Test func constantsAreCheckedWithLocatedErrors() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        defaults:
          headers: { X-Line: "a\\r\\nb" }
        apis:
          Ping:
            path: /ping?action=a&=x
            query: { action: b, "": c }
            headers: { X-A: "a\\r\\nb", "X B": c, Accept: text/plain }
            accept: application/json
            params:
              action: { type: String, in: query }
              trace: { type: String, in: header, key: x-a }
        """)
        #expect(diagnostics == [
            "spec.yaml:5:22: error: value of header 'X-Line' must not contain line breaks",
            "spec.yaml:8:11: error: query '=x' in the path of api 'Ping' needs a name and valid percent escapes",
            "spec.yaml:8:11: error: constant query item 'action' of api 'Ping' is also sent by param 'action'",
            "spec.yaml:9:14: error: query item 'action' of api 'Ping' is given twice",
            "spec.yaml:9:14: error: constant query item 'action' of api 'Ping' is also sent by param 'action'",
            "spec.yaml:9:25: error: query item names of api 'Ping' must not be empty",
            "spec.yaml:10:16: error: value of header 'X-A' of api 'Ping' must not contain line breaks",
            "spec.yaml:10:16: error: constant header 'X-A' of api 'Ping' is also sent by param 'trace'",
            "spec.yaml:10:31: error: header name 'X B' of api 'Ping' must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)",
            "spec.yaml:11:13: error: accept of api 'Ping' repeats header 'Accept': header names ignore case",
        ])
    }

    // MARK: Item 7: styles

    @Test func stylesAndTheServiceDefaults() throws {
        let files = try SpecHarness.generate(["spec.yaml": Self.head + """
        defaults:
          queryStyle: deepObject
          formStyle: { style: form, explode: false }
        apis:
          Ping:
            path: /ping/{path}
            params:
              path: { type: String, allowReserved: true }
              filter: "[String: String]"
              ids: { type: "[Int]", style: pipeDelimited }
              plain: { type: "[Int]", explode: true }
              header: { type: "[Int]", in: header }
          Post:
            method: POST
            path: /post
            body: form
            params:
              tags: "[String]"
              expand: { type: "[String]", style: brackets }
          Json:
            method: POST
            path: /json
            params:
              tags: "[String]"
        """])
        let ping = try #require(files["Shop/Apis/PingApi.swift"])
        #expect(ping.contains(#"request.add(path, as: "path", in: .path, allowReserved: true)"#))
        #expect(ping.contains(#"request.add(filter, as: "filter", in: .query, style: .deepObject)"#))
        #expect(ping.contains(#"request.add(ids, as: "ids", in: .query, style: .pipeDelimited)"#))
        #expect(ping.contains(#"request.add(plain, as: "plain", in: .query, style: .form(explode: true))"#))
        #expect(ping.contains(#"request.add(header, as: "header", in: .header)"#))
        let post = try #require(files["Shop/Apis/PostApi.swift"])
        #expect(post.contains(#"request.add(tags, as: "tags", in: .body, style: .form(explode: false))"#))
        #expect(post.contains(#"request.add(expand, as: "expand", in: .body, style: .brackets)"#))
        #expect(try #require(files["Shop/Apis/JsonApi.swift"]).contains(#"request.add(tags, as: "tags", in: .body)"#))
    }

    @Test func stylesAreCheckedWithLocatedErrors() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        defaults:
          queryStyle: deepobject
          formStyle: { style: form, explod: false }
        apis:
          Ping:
            path: /ping
            params:
              deep: { type: "[String]", in: query, style: deepObject, explode: false }
              head: { type: "[String]", in: header, style: form }
              wide: { type: String, in: query, allowReserved: true }
              odd: { type: String, in: query, style: matrix }
          Post:
            method: POST
            path: /post
            params:
              tags: { type: "[String]", style: brackets }
          Upload:
            method: POST
            path: /upload
            body: multipart
            params:
              tags: { type: "[String]", style: deepObject }
        """)
        #expect(diagnostics == [
            "spec.yaml:5:15: error: invalid style 'deepobject' of queryStyle; expected form, deepObject, brackets, pipeDelimited, spaceDelimited; did you mean 'deepObject'?",
            "spec.yaml:6:29: error: unknown key 'explod' in formStyle; did you mean 'explode'?",
            "spec.yaml:11:51: error: explode: false of param 'deep' of api 'Ping' applies to style form only; deepObject has one way to write a list",
            "spec.yaml:12:52: error: style of param 'head' of api 'Ping' applies to query and form params; this one goes in: header",
            "spec.yaml:13:55: error: allowReserved of param 'wide' of api 'Ping' applies to path params; this one goes in: query",
            "spec.yaml:14:46: error: invalid style 'matrix' of param 'odd' of api 'Ping'; expected form, deepObject, brackets, pipeDelimited, spaceDelimited",
            "spec.yaml:19:40: error: style of param 'tags' of api 'Post' applies to query and form params; this one goes in a JSON body",
            "spec.yaml:25:40: error: style of param 'tags' of api 'Upload' applies to query and form params; this one goes in a multipart body, as a part of its own",
        ])
    }

    // MARK: Item 5: response headers

    @Test func responseHeadersAreCheckedWithLocatedErrors() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        models:
          Item:
            fields:
              id: Int
          Tier:
            enum: [free, pro]
        apis:
          Ping:
            path: /ping
            response:
              type: Item
              headers:
                body: String
                item: Item
                list: "[Int]"
                raw: Data
                tier: Teir
                a: { type: Int, key: X-A, kye: 1 }
                b: { type: Int?, key: x-a }
                c: { type: Tier, key: "X C" }
            mock: { id: 1 }
        """)
        let rule = "a header holds String, a number, Bool, Decimal, Date, URL or an enum, or an optional of one"
        #expect(diagnostics == [
            "spec.yaml:16:9: error: response header 'body' of api 'Ping' clashes with the member 'body' of the response; rename it and keep the header with key: body",
            "spec.yaml:17:15: error: response header 'item' of api 'Ping' has type Item; \(rule)",
            "spec.yaml:18:15: error: response header 'list' of api 'Ping' has type [Int]; \(rule)",
            "spec.yaml:19:14: error: response header 'raw' of api 'Ping' has type Data; \(rule)",
            "spec.yaml:20:15: error: unknown type 'Teir'; did you mean 'Tier'?",
            "spec.yaml:21:35: error: unknown key 'kye' in response header 'a' of api 'Ping'; did you mean 'key'?",
            "spec.yaml:22:9: error: response headers 'a' and 'b' of api 'Ping' both read header 'x-a'",
            "spec.yaml:23:9: error: header name 'X C' of response header 'c' of api 'Ping' must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)",
            "spec.yaml:24:11: error: api 'Ping' has a mock but requires response headers 'body', 'item', 'list', 'raw', 'tier', 'a', 'c'; a mock gives the body only, so make them optional or drop the mock",
        ])
    }

    @Test func responseHeadersWrapTheBody() throws {
        let files = try SpecHarness.generate(["spec.yaml": Self.head + """
        apis:
          Ping:
            path: /ping
            response:
              fields:
                token: String
              headers:
                rateLimitRemaining: { type: Int, key: X-RateLimit-Remaining }
                lastModified: { type: Date?, key: Last-Modified }
        """])
        let api = try #require(files["Shop/Apis/PingApi.swift"])
        #expect(api.contains("public import Foundation"), "Date needs Foundation")
        #expect(api.contains("nonisolated public struct PingBody: Codable, Sendable, Hashable {"))
        #expect(api.contains("nonisolated public struct PingResponse: Sendable, Hashable {"))
        #expect(api.contains("""
                try PingResponse(
                    body: JSONParser<PingBody>().parse(response),
                    rateLimitRemaining: response.headers.decode(Int.self, named: "X-RateLimit-Remaining"),
                    lastModified: response.headers.decode(Date?.self, named: "Last-Modified")
                )
        """))
        #expect(api.contains("public init(body: PingBody, rateLimitRemaining: Int, lastModified: Date? = nil) {"))
    }

    @Test func anEnvelopeKeyThatReadsLikeCodeStaysText() throws {
        let api = try Self.api("""
        apis:
          Ping:
            path: /ping
            envelope: { code: "try code", success: [0], result: "try it" }
            response:
              headers:
                tag: { type: String?, key: ETag }
        """)
        #expect(api.contains(#"_ = try EmptyParser(envelope: Envelope(codeKey: "try code", successCodes: ["0"], messageKey: nil, resultKey: "try it")).parse(response)"#))
    }

    @Test func aModelNamedLikeTheBodyTypeIsAnError() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        models:
          PingBody:
            fields:
              id: Int
        apis:
          Ping:
            path: /ping
            response:
              fields:
                id: Int
              headers:
                tag: { type: String, key: ETag }
        """)
        #expect(diagnostics == ["spec.yaml:9:3: error: api 'Ping' generates PingBody for its response body, which is also a model name"])
    }
}
