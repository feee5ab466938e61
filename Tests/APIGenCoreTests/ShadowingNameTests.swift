import Foundation
import Testing
@testable import APIGenCore

/// Specs the generator accepted whose Swift did not compile, or that it should have refused: names
/// that hide a type (found by a fuzzer of thousands of specs), a model named like a parser's
/// `Output`, an empty service name, an enum's `none` as an optional's default.
@Suite struct ShadowingNameTests {
    /// Renders `yaml` and type-checks the output with warnings as errors; returns the files and the
    /// generator's diagnostics.
    private func compiled(_ yaml: String) async throws -> (files: [String: String], diagnostics: [String]) {
        let folder = try TemporaryFolder()
        try folder.write(yaml, to: "spec.yaml")
        let outcome = Generator.render(specs: folder.url)
        #expect(!outcome.hasErrors, "\(outcome.diagnostics)")
        let out = try TemporaryFolder()
        let urls = try outcome.files.map { try out.write($0.contents, to: $0.path) }
        let result = try await SwiftCompiler.typecheck(urls, moduleName: "Shadowing")
        #expect(result.status == 0, "\(result.errorOutput)")
        return (Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, $0.contents) }), folder.described(outcome.diagnostics))
    }

    @Test func membersSpelledLikeTheirTypesAreRenamed() async throws {
        let (files, diagnostics) = try await compiled("""
        service: Shop
        environments: { debug: "http://127.0.0.1:8085/api" }
        models:
          用户:
            fields: { 名字: String }
          2fa:
            fields: { code: String }
          订单:
            fields:
              用户: 用户
              2fa: 2fa?
              备注: String
          结果:
            oneOf: [用户, String]
        apis:
          Order:
            path: /order
            response:
              fields: { 用户: 用户, 订单: 订单 }
        """)
        #expect(diagnostics == [
            "spec.yaml:10:7: warning: field '用户' of model '订单' is spelled like the type 用户, which it would hide in Swift; its Swift name is 用户Value",
            "spec.yaml:11:7: warning: field '2fa' of model '订单' is spelled like the type _2fa, which it would hide in Swift; its Swift name is _2faValue",
            "spec.yaml:14:13: warning: member '用户' of model '结果' is spelled like the type 用户, which it would hide in Swift; its Swift name is 用户Value",
            "spec.yaml:19:17: warning: field '用户' of the response of api 'Order' is spelled like the type 用户, which it would hide in Swift; its Swift name is 用户Value",
            "spec.yaml:19:25: warning: field '订单' of the response of api 'Order' is spelled like the type 订单, which it would hide in Swift; its Swift name is 订单Value",
        ], "\(diagnostics)")
        let order = try #require(files["Shop/Models/订单.swift"])
        #expect(order.contains("public var 用户Value: 用户"), "\(order)")
        #expect(order.contains("public var 备注: String"), "\(order)")
        #expect(order.contains("\"用户\""), "the JSON key stays as written: \(order)")
    }

    @Test func namesTheGeneratedCodeDeclaresAreRefused() throws {
        let output = try SpecHarness.diagnose("""
        service: Shop
        environments: { debug: "http://127.0.0.1:8085/api" }
        models:
          Output:
            fields: { id: Int }
        apis:
          Get:
            path: /get
            responses: { 409: Output }
        """)
        #expect(output.contains { $0.hasPrefix("spec.yaml:4:3: error: ") && $0.contains("Output") }, "\(output)")
        let empty = try SpecHarness.diagnose("service: ''\nenvironments: { debug: \"http://127.0.0.1:8085/api\" }\napis:\n  Ping: { path: /ping }\n")
        #expect(empty == ["spec.yaml:1:10: error: service must be named: a Swift type name such as Shop"], "\(empty)")
    }

    /// An enum's `none` as the default of an optional is that case, not `nil` (Swift reads `.none`
    /// there as `Optional.none`, with a warning); `response: empty` is no body, as in `responses:`.
    @Test func anEnumsNoneIsTheDefaultOfAnOptional() async throws {
        let (files, _) = try await compiled("""
        service: Shop
        environments: { debug: "http://127.0.0.1:8085/api" }
        models:
          SortKey:
            enum: [{ value: "", name: none }, name]
          Query:
            fields:
              sort: { type: SortKey?, default: "" }
        apis:
          List:
            path: /list
            params:
              sort: { type: SortKey?, default: "" }
            response: empty
        """)
        let query = try #require(files["Shop/Models/Query.swift"])
        #expect(query.contains("sort: SortKey? = .some(.none)"), "\(query)")
        let list = try #require(files["Shop/Apis/ListApi.swift"])
        #expect(list.contains("sort: SortKey? = .some(.none)"), "\(list)")
        #expect(list.contains("/// Calls `GET /list`."), "\(list)")
        #expect(!list.contains("EmptyResponse") || list.contains("EmptyParser"), "\(list)")
    }

    /// A quoted `"empty"` is a type name; the error says how to write a response without a body.
    @Test func aQuotedEmptyResponseSaysToDropTheQuotes() throws {
        let output = try SpecHarness.diagnose("""
        service: Shop
        environments: { debug: "http://127.0.0.1:8085/api" }
        apis:
          Ping: { path: /ping, response: "empty" }
        """)
        #expect(output == ["spec.yaml:4:34: error: unknown type 'empty'; a response without a body is written empty, without quotes"], "\(output)")
    }
}
