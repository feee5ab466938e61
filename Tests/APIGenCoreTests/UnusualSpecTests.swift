import Foundation
import Testing
@testable import APIGenCore

/// Valid but unusual specs: every type composition, body and response shape in one service, which
/// must generate code that compiles without warnings.
@Suite struct UnusualSpecTests {
    static let spec = #"""
    service: Odd
    environments:
      only: https://odd.example.com
    models:
      Level:
        enum: { low: 1, high: 2 }
      Mood:
        enum: [happy, "so-so"]
      Leaf:
        fields:
          at: Date
          blob: Data
          amount: Decimal
          link: URL
          ratio: Float
          small: Int32
          any: JSON
      Tree:
        fields:
          leaves: "[Leaf]"
          byName: "[String: [Leaf?]]"
          nested: "[[String: Int]]?"
          level: Level?
          children: "[Tree]?"
    apis:
      Probe:
        method: HEAD
        path: /probe
      Search:
        path: /search/{mood}
        params:
          mood: Mood
          level: Level?
          since: Date?
          ids: "[Int64]?"
          filter: { type: "Leaf?", in: query }
          token: { type: "Data?", in: header, key: X-Token }
        response: "[String: Tree]"
      Upload:
        method: PUT
        path: /upload
        body: { type: "[Leaf]" }
        response: JSON
      Note:
        method: PATCH
        path: /note
        body: form
        params:
          text: String
          tags: "[String]"
          when: Date?
        response: { format: text }
        mock: "done"
      Raw:
        path: /raw
        response: { format: binary }
        mock: "AAEC"
      Flag:
        method: DELETE
        path: /flag/{id}
        params:
          id: Int32
          hard: { type: Bool, in: body }
        response: Bool
        envelope: { code: status, success: ["ok"], result: data }
        mock: true
    """#

    @Test func unusualSpecGeneratesCompilableSwift() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec, to: "odd.yml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let files = folder.files(under: "out")
        #expect(files.count == 11)  // the service, 4 models, 6 APIs
        let result = try await SwiftCompiler.typecheck(files.map { folder.folder("out").appendingPathComponent($0) }, moduleName: "OddAPI", mainActorByDefault: true)
        #expect(result.status == 0, "\(result.errorOutput)")
        let search = try #require(folder.read("out/Odd/Apis/SearchApi.swift"))
        #expect(search.contains("public init(\n        mood: Mood,\n        level: Level? = nil,"))
        #expect(search.contains("try JSONParser<[String: Tree]>().parse(response)"))
        let flag = try #require(folder.read("out/Odd/Apis/FlagApi.swift"))
        #expect(flag.contains(#"try JSONParser<Bool>(envelope: Envelope(codeKey: "status", successCodes: ["ok"], messageKey: nil, resultKey: "data")).parse(response)"#))
        let tree = try #require(folder.read("out/Odd/Models/Tree.swift"))
        #expect(tree.contains("public var byName: [String: [Leaf?]]"))
        #expect(tree.contains("public var nested: [[String: Int]]?"))
    }

    /// Names in other scripts: NEI specs of Chinese teams name models, fields and APIs in Chinese.
    static let unicodeSpec = #"""
    service: 商店
    description: 中文服务
    environments:
      生产: https://shop.example.com
    models:
      用户:
        description: 用户信息
        fields:
          名称: String
          café: Int?
          "nick\u200Bname": String?
          "safe\u202Eevil": Bool?
    apis:
      获取用户:
        description: 获取用户详情
        path: /users/{用户id}
        params:
          用户id: Int
          "Prénom": { type: String?, in: query }
        response: 用户
        mock: { 名称: 张三 }
    """#

    @Test func namesInOtherScriptsStaySwiftNamesAndKeepTheirKeys() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.unicodeSpec, to: "shop.yaml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let files = folder.files(under: "out")
        #expect(files.sorted() == ["商店/Apis/获取用户Api.swift", "商店/Models/用户.swift", "商店/商店Service.swift"])
        let result = try await SwiftCompiler.typecheck(files.map { folder.folder("out").appendingPathComponent($0) }, moduleName: "UnicodeAPI", mainActorByDefault: true)
        #expect(result.status == 0, "\(result.errorOutput)")
        let model = try #require(folder.read("out/商店/Models/用户.swift"))
        #expect(model.contains("public struct 用户: Codable, Sendable, Hashable {"))
        #expect(model.contains("public var 名称: String"))
        #expect(model.contains("public var café: Int?"))
        // Invisible characters separate words; the JSON key keeps them exactly.
        #expect(model.contains("public var nickName: String?"))
        #expect(model.contains("public var safeEvil: Bool?"))
        #expect(model.contains(#"case nickName = "nick\u{200B}name""#) || model.contains("case nickName = \"nick\u{200B}name\""))
        #expect(!model.contains("\u{202E}evil: "))
        let api = try #require(folder.read("out/商店/Apis/获取用户Api.swift"))
        #expect(api.contains("public struct 获取用户Api: Api {"))
        #expect(api.contains("用户id: Int,"))
        #expect(api.contains("prénom: String? = nil"))
    }
}

