import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Declared statuses on httpbin's `/status/{code}` (empty bodies, and the 418 teapot text):
    /// answers the spec lists are not failures, declared failures arrive typed, a declared body that
    /// is not there falls back to `.unacceptableStatus` (`Specs/httpbin.yaml`: `Resource`, `Starred`,
    /// `EnvelopeResource`, `ConditionalHeaders`).
    @Suite("Typed statuses")
    struct TypedStatuses {
        let executor = Executor()

        @Test("304 and 2xx are answers; 404 and 418 are typed failures")
        func resource() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(ResourceApi(code: 200)) == .success(nil))
            let notModified = try await executor.executeWithMetadata(ResourceApi(code: 304))
            #expect(notModified.value == .notModified)
            #expect(notModified.metadata.status == 304)
            let notFound = await failure { () async throws(InteractiveError) in try await executor.execute(ResourceApi(code: 404)) }
            #expect(notFound?.failure(as: ResourceFailure.self) == .notFound(nil))
            let teapot = await failure { () async throws(InteractiveError) in try await executor.execute(ResourceApi(code: 418)) }
            guard case .imATeapot(let text)? = teapot?.failure(as: ResourceFailure.self) else {
                Issue.record("expected the teapot, got \(String(describing: teapot))")
                return
            }
            #expect(text.contains("teapot"))
            #expect(teapot?.description.contains("ResourceFailure.imATeapot") == true)
        }

        @Test("a declared failure body that is absent keeps the status as unacceptableStatus")
        func absentBodyFallsBack() async throws {
            try await useLocalHTTPBin()
            let unprocessable = await failure { () async throws(InteractiveError) in try await executor.execute(ResourceApi(code: 422)) }
            guard case .unacceptableStatus(422, _, let body)? = unprocessable else {
                Issue.record("expected unacceptableStatus 422, got \(String(describing: unprocessable))")
                return
            }
            #expect(body.isEmpty)
            let envelopeNotFound = await failure { () async throws(InteractiveError) in try await executor.execute(EnvelopeResourceApi(code: 404)) }
            #expect(envelopeNotFound?.hasStatus(404) == true)
            #expect(envelopeNotFound?.apiFailure == nil)
        }

        @Test("a status alone answers: 204 and 404 are both answers, anything else is not")
        func starred() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(StarredApi(code: 204)) == .noContent)
            #expect(try await executor.execute(StarredApi(code: 404)) == .notFound)
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(StarredApi(code: 200)) }
            #expect(error?.hasStatus(200) == true)
        }

        @Test("the mock stays the success body, as its 2XX case")
        func mockIsTheSuccessBody() async throws {
            let mocked = try await Executor(mockMode: .all).execute(ResourceApi(code: 500))
            #expect(mocked == .success(Item(id: 1, title: "pen", price: 2.5, tags: [])))
        }

        @Test("typed headers beside a status switch")
        func conditionalHeaders() async throws {
            try await useLocalHTTPBin()
            let response = try await executor.execute(ConditionalHeadersApi(etag: "\"v1\""))
            #expect(response.etag == "\"v1\"")
            guard case .success(let body) = response.body else {
                Issue.record("expected the 2XX body, got \(response.body)")
                return
            }
            #expect(body["ETag"] == .string("\"v1\""))
        }
    }
}
