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
            switch error.failure(as: ResourceApi.Failure.self) {
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
}
