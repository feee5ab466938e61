import Foundation
import Testing
@testable import APIGenCore

/// The generated typed-status APIs of the HTTPBin spec (`Resource`, `Starred`, `EnvelopeResource`,
/// `ConditionalHeaders`) compile without warnings and read as an app would use them, also where
/// everything is `@MainActor` by default.
@Suite struct StatusCompileTests {
    static let usage = """
    import Interactive

    nonisolated func load(_ executor: Executor) async -> String {
        do {
            switch try await executor.execute(ResourceApi(code: 200)) {
            case .success(let item): return item?.title ?? "empty"
            case .notModified: return "cached"
            }
        } catch {
            switch error.failure(as: ResourceFailure.self) {
            case .notFound(let problem)?: return problem?.message ?? "not found"
            case .imATeapot(let text)?: return text
            case .clientError(let problem)?, .serverError(let problem)?: return problem.message
            case nil: return error.hasStatus(503) ? "busy" : "\\(error)"
            }
        }
    }

    @MainActor final class StarButton {
        var isStarred = false

        func refresh(_ executor: Executor) async throws(InteractiveError) {
            isStarred = try await executor.execute(StarredApi(code: 204)) == .noContent
            let conditional = try await executor.execute(ConditionalHeadersApi(etag: "e"))
            if case .notModified = conditional.body { isStarred = conditional.etag != nil }
            do {
                _ = try await executor.execute(EnvelopeResourceApi(code: 404))
            } catch .failure(let failure) {
                if case .notFound(let problem)? = failure.value(as: EnvelopeResourceFailure.self) { print(problem.message) }
            }
        }
    }

    """

    @Test(arguments: [false, true])
    func typedStatusesCompileWithoutWarnings(mainActorByDefault: Bool) async throws {
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let result = try await SwiftCompiler.typecheck(WireCompileTests.files(plus: usage), moduleName: "StatusApp", mainActorByDefault: mainActorByDefault)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// Combinations the HTTPBin spec does not show: an envelope around an empty answer, headers
    /// without a body, text and inline answers beside others, answers declared only in `responses:`.
    static let oddSpec = """
    service: Odd
    environments:
      debug: http://127.0.0.1:1
    defaults:
      envelope: { code: code, success: [0], result: data }
    models:
      Problem:
        fields: { message: String }
      Item:
        fields: { id: Int }
    apis:
      EmptyEnvelope:
        path: /a
        responses: { 304: empty, 5XX: { format: binary } }
      HeadersOnly:
        path: /b
        response: { headers: { etag: { type: String?, key: ETag } } }
        responses: { 304: empty, 404: "Problem?" }
      TextAnswers:
        path: /c
        response: { format: text }
        responses: { 202: Item, 410: { success: true, type: Problem }, default: JSON }
      Inline:
        path: /d
        response: { fields: { a: Int } }
        responses: { 201: Item, 409: Problem }
        mock: { a: 1 }
      OnlyFromResponses:
        path: /e
        responses: { 200: Item, 4XX: Problem }
        mock: { id: 1 }

    """

    static let oddUsage = """
    import Interactive

    nonisolated func use() throws(InteractiveError) {
        let ok = HTTPResponse(status: 200, body: .init(#"{"code": 0, "data": {"id": 1}}"#.utf8))
        let item: Item = try OnlyFromResponsesApi().parser.parse(ok)
        _ = (item, try OnlyFromResponsesApi().mock, try InlineApi().mock)
        _ = try EmptyEnvelopeApi().parser.parse(HTTPResponse(status: 304)) == .notModified
        let headers = try HeadersOnlyApi().parser.parse(HTTPResponse(status: 304, headers: ["ETag": "e"]))
        _ = (headers.body == .notModified, headers.etag)
        if case .gone(let problem) = try TextAnswersApi().parser.parse(HTTPResponse(status: 410)) { _ = problem.message }
    }

    @MainActor func onTheMainActor(_ error: InteractiveError) -> Int? {
        if case .serverError(let data)? = error.failure(as: EmptyEnvelopeFailure.self) { return data.count }
        if case .conflict(let problem)? = error.failure(as: InlineFailure.self) { return problem.message.count }
        return error.status
    }

    """

    @Test(arguments: [false, true])
    func unusualCombinationsCompileWithoutWarnings(mainActorByDefault: Bool) async throws {
        let files = try SpecHarness.generate(["odd.yaml": Self.oddSpec])
        let folder = try TemporaryFolder()
        var urls = [try folder.write(Self.oddUsage, to: "Usage.swift")]
        for (path, contents) in files { urls.append(try folder.write(contents, to: path)) }
        let result = try await SwiftCompiler.typecheck(urls, moduleName: "OddApp", mainActorByDefault: mainActorByDefault)
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
