import Foundation
import Testing
@testable import APIGenCore

/// Every mistake in an API's `responses:` gets a located diagnostic, with a suggestion where one
/// helps; valid statuses generate the parser's switch in the most-specific-first order.
@Suite struct StatusDiagnosticTests {
    /// A service with a model `Problem` (lines 5–7) and an API `Get` whose `responses:` is line 12, its first entry line 13.
    static func spec(_ responses: String, response: String = "    response: Problem\n", extra: String = "", model: String = "Problem") -> String {
        "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  \(model):\n    fields:\n      message: String\n"
            + "apis:\n  Get:\n    path: /get\n" + response + "    responses:\n" + responses + extra
    }

    static let cases: [MalformedSpec] = [
        MalformedSpec(
            name: "lowercaseRange",
            yaml: spec("      4xx: Problem\n"),
            expected: ["spec.yaml:13:7: error: invalid status '4xx' in responses of api 'Get'; expected a code from 100 to 599, a range 1XX to 5XX, or default; did you mean '4XX'?"]
        ),
        MalformedSpec(
            name: "misspeltDefault",
            yaml: spec("      defualt: Problem\n"),
            expected: ["spec.yaml:13:7: error: invalid status 'defualt' in responses of api 'Get'; expected a code from 100 to 599, a range 1XX to 5XX, or default; did you mean 'default'?"]
        ),
        MalformedSpec(
            name: "codeOutOfRange",
            yaml: spec("      600: Problem\n      99: Problem\n"),
            expected: [
                "spec.yaml:13:7: error: invalid status '600' in responses of api 'Get'; expected a code from 100 to 599, a range 1XX to 5XX, or default",
                "spec.yaml:14:7: error: invalid status '99' in responses of api 'Get'; expected a code from 100 to 599, a range 1XX to 5XX, or default",
            ]
        ),
        MalformedSpec(
            name: "duplicateStatus",
            yaml: spec("      404: Problem\n      \"404\": empty\n"),
            expected: ["spec.yaml:14:7: error: duplicate key '404' (first defined at line 13)"]
        ),
        MalformedSpec(
            name: "twoHundredsTwice",
            yaml: spec("      2XX: Problem\n"),
            expected: ["spec.yaml:13:7: error: api 'Get' declares both 'response' and responses 2XX; 'response' is the 2XX answer, so give one of them"]
        ),
        MalformedSpec(
            name: "unknownBodyType",
            yaml: spec("      404: Problme\n"),
            expected: ["spec.yaml:13:12: error: unknown type 'Problme'; did you mean 'Problem'?"]
        ),
        MalformedSpec(
            name: "bodyOnNotModified",
            yaml: spec("      304: Problem\n"),
            expected: ["spec.yaml:13:12: error: response 304 of api 'Get' declares a body, but a 304 never has one; write 304: empty (without quotes)"]
        ),
        // The stream's parser has no output to tell another success from the stream: it did not compile.
        MalformedSpec(
            name: "successBesideAStream",
            yaml: "service: Zoo\nenvironments: { debug: \"http://127.0.0.1:8085/api\" }\napis:\n  Chunks:\n    path: /chunks\n    response: { stream: bytes }\n    responses:\n      304: empty\n      201: String\n      404: String\n",
            expected: [
                "spec.yaml:8:7: error: response 304 of api 'Chunks' is a success beside a streamed response, which is the api's only success; list failures only (4XX, 5XX) in responses",
                "spec.yaml:9:7: error: response 201 of api 'Chunks' is a success beside a streamed response, which is the api's only success; list failures only (4XX, 5XX) in responses",
            ]
        ),
        MalformedSpec(
            name: "misspeltEntryKey",
            yaml: spec("      404: { type: Problem, sucess: true }\n"),
            expected: ["spec.yaml:13:29: error: unknown key 'sucess' in response 404 of api 'Get'; did you mean 'success'?"]
        ),
        MalformedSpec(
            name: "badFormat",
            yaml: spec("      404: { format: txt }\n"),
            expected: ["spec.yaml:13:22: error: invalid format 'txt' in response 404 of api 'Get'; expected json, text or binary; did you mean 'text'?"]
        ),
        MalformedSpec(
            name: "inlineFieldsRefused",
            yaml: spec("      404: { fields: { message: String } }\n"),
            expected: ["spec.yaml:13:14: error: response 404 of api 'Get' cannot declare inline fields; declare a model and give its name as the type"]
        ),
        MalformedSpec(
            name: "headersRefused",
            yaml: spec("      404: { type: Problem, headers: { retry: Int } }\n"),
            expected: ["spec.yaml:13:29: error: response 404 of api 'Get' cannot declare headers; typed headers belong to 'response', and every declared failure carries the response's headers"]
        ),
        MalformedSpec(
            name: "notAMapping",
            yaml: spec("      - 404\n"),
            expected: ["spec.yaml:13:7: error: responses of api 'Get' must be a mapping of statuses (404, 4XX, default) to responses, found a list"]
        ),
        MalformedSpec(
            name: "typeAndFormat",
            yaml: spec("      404: { type: Problem, format: text }\n"),
            expected: ["spec.yaml:13:12: error: response 404 of api 'Get' must have at most one of 'type' or 'format'"]
        ),
        MalformedSpec(
            name: "failureNameTakenByModel",
            yaml: spec("      404: Problem\n", response: "", model: "GetFailure").replacingOccurrences(of: "404: Problem", with: "404: GetFailure"),
            expected: ["spec.yaml:9:3: error: api 'Get' generates GetFailure for its responses, which is also the name of a model or of a type the generated code uses; rename one of them or give the api a className"]
        ),
        MalformedSpec(
            name: "mockWithoutAnyBody",
            yaml: spec("      304: empty\n", response: "", extra: "    mock: { message: m }\n"),
            expected: ["spec.yaml:13:11: error: mock of api 'Get' is given but the api has no response"]
        ),
    ]

    @Test("each malformed responses: reports exactly its problems", arguments: cases)
    func malformed(_ spec: MalformedSpec) throws {
        let diagnostics = try SpecHarness.diagnose(spec.yaml)
        #expect(diagnostics == spec.expected, "\(diagnostics)")
    }

    @Test("YAML integers, quoted codes, ranges and default are all status keys; the switch puts codes first")
    func validStatuses() throws {
        let yaml = Self.spec("      default: { format: text }\n      4XX: Problem\n      \"304\": empty\n      404: ~\n      410: { success: true }\n")
        #expect(try SpecHarness.diagnose(yaml) == [])
        let api = try #require(SpecHarness.generate(["spec.yaml": yaml])["Shop/Apis/GetApi.swift"])
        let labels = api.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("case ") && $0.hasSuffix(":") || $0 == "default:" }
        #expect(labels == ["case 304:", "case 404:", "case 410:", "case 200...299:", "case 400...499:", "default:"])
        #expect(api.contains("case success(Problem)"))
        #expect(api.contains("case gone\n"))
        #expect(api.contains("throw response.failure(GetFailure.notFound)"))
        #expect(api.contains("throw response.failure(TextParser(), GetFailure.default)"))
        #expect(api.contains("nonisolated public enum GetFailure: Sendable, Hashable {"))
    }

    @Test("failures only: the output stays the response type, and a spec without responses: is untouched")
    func failuresOnlyKeepTheOutput() throws {
        let api = try #require(SpecHarness.generate(["spec.yaml": Self.spec("      404: Problem\n")])["Shop/Apis/GetApi.swift"])
        #expect(api.contains("-> Problem {"))
        #expect(!api.contains("GetOutput"))
        #expect(api.contains("return try JSONParser<Problem>().parse(response)"))
    }
}
