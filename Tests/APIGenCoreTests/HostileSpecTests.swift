import Foundation
import Testing
@testable import APIGenCore

/// Spec text that tries to break out of names, comments and literals must stay data and compile.
@Suite struct HostileSpecTests {
    static let hostile = #"""
    service: Hostile
    description: "Ends a comment */ and opens \"\"\" and interpolates \\(evil) \n second line"
    environments:
      default: http://127.0.0.1:1/base
      class: https://example.com/a%20b
    defaults:
      headers: { X-Quote: "a \"quoted\" value \\(x)" }
      query: { "weird key": "va\\lue" }
    models:
      Type Holder:
        description: "*/ /* \"\"\" \\(x)"
        fields:
          default: String
          class: Int
          self: Bool
          Type: String?
          protocol: "[String]?"
          nick-name: { type: String, description: "\"\"\"\n*/ \\(boom)" }
          2fa: Int?
          user id: { type: Int64?, key: "user id" }
          init: String?
          "\"quote\"": String?
          hashValue: Int?
      Loop:
        fields:
          inout: Int
          default: Bool?
          next: Loop?
      Kind:
        enum: [default, class, "sold-out", self, 2nd]
      Level:
        enum: { low: 1, high: +2, deep: -3 }
    apis:
      default:
        description: "A */ comment \"\"\" with \\(interpolation)"
        method: POST
        path: /a/{self}/{class}
        params:
          self: String
          class: Int
          default: { type: "[String: String]?", description: "*/" }
          protocol: { type: String?, in: header, key: X-Protocol }
          Type: { type: TypeHolder?, in: body }
          "a#\"b": { type: String?, in: query, key: "#\"" }
        response:
          fields:
            default: String
            self: Kind
            Type: Level?
        mock: { default: "\"\"\"#\\(x)\"#", self: class, Type: 2 }
        deprecated: "Use \"other\" \\(x) */"
        x-note: "a \"b\" \\(c)"
      2fa check:
        path: /2fa
        response: { format: text }
        mock: "# \"#"
    """#

    @Test func hostileSpecGeneratesCompilableSwift() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.hostile, to: "hostile.yaml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let files = folder.files(under: "out").map { folder.folder("out").appendingPathComponent($0) }
        #expect(files.count == 7)
        let result = try await SwiftCompiler.typecheck(files, moduleName: "HostileAPI")
        #expect(result.status == 0, "\(result.errorOutput)")
        let api = try #require(folder.read("out/Hostile/Apis/DefaultApi.swift"))
        #expect(api.contains("public var self_: String"))
        #expect(api.contains(#"request.add(`class`, as: "class", in: .path)"#))
        let model = try #require(folder.read("out/Hostile/Models/TypeHolder.swift"))
        #expect(model.contains(#"nickName: try container.decode(String.self, forKey: "nick-name")"#))
        #expect(model.contains(#"forKey: "2fa")"#))
        #expect(model.contains(#"try container.encodeIfPresent(self.userId, forKey: "user id")"#))
        #expect(model.contains("public var hashValue_:"), "hashValue would replace the synthesized hashing")
        #expect(model.contains(#"forKey: "hashValue")"#))
        let loop = try #require(folder.read("out/Hostile/Models/Loop.swift"))
        #expect(loop.contains("_storage = Indirect(_Storage(`inout`: `inout`, default: `default`, next: next))"))
        let level = try #require(folder.read("out/Hostile/Models/Level.swift"))
        #expect(level.contains("case high = 2\n") && level.contains("case deep = -3\n"))
    }
}
