import Testing
@testable import APIGenCore

/// Which parameter names a generated API's own members take: `request`, `parser`, `mock`, `mockJSON`
/// and `apiName` always, `body` only when the API has a whole body.
@Suite struct ApiMemberNameTests {
    @Test func theReservedListIsTheGeneratedMembers() {
        #expect(SpecResolver.apiMemberNames(wholeBody: false) == ["request", "parser", "mock", "mockJSON", "apiName"])
        #expect(SpecResolver.apiMemberNames(wholeBody: true) == ["request", "parser", "mock", "mockJSON", "apiName", "body"])
    }

    @Test func aNameParamKeepsItsNameAndTheAPIsNameIsStatic() throws {
        let files = try SpecHarness.generate(["spec.yaml": SpecHarness.base + "  Login:\n    method: POST\n    path: /login\n    params:\n      name: String\n"])
        let api = try #require(files["Shop/Apis/LoginApi.swift"])
        #expect(api.contains("    public static var apiName: String { \"Login\" }\n"))
        #expect(api.contains("    public var name: String\n"))
        #expect(api.contains("apiName: Self.apiName,"))
    }

    @Test func aBodyParamIsFineWithoutAWholeBody() throws {
        let files = try SpecHarness.generate(["spec.yaml": SpecHarness.base + "  Send:\n    method: POST\n    path: /send\n    params:\n      body: String\n"])
        #expect(files["Shop/Apis/SendApi.swift"]?.contains(#"request.add(body, as: "body", in: .body)"#) == true)
    }

    @Test func aBodyParamClashesWithAWholeBody() throws {
        let spec = SpecHarness.base + "  Send:\n    method: POST\n    path: /send\n    body: { type: String }\n    params:\n      body: { type: String, in: query }\n"
        #expect(try SpecHarness.diagnose(spec) == [
            "spec.yaml:12:7: error: param 'body' of api 'Send' clashes with the generated member 'body'; rename it and keep the wire name with key: body",
        ])
    }
}
