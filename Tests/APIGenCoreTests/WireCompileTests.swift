import Foundation
import Testing
@testable import APIGenCore

/// The generated HTTPBin client, whose examples use constants, styles, reserved paths and response
/// headers, compiles without warnings, also where everything is `@MainActor` by default.
@Suite struct WireCompileTests {
    static let usage = """
    import Interactive

    nonisolated func useFromAnyIsolation() throws(InteractiveError) -> (RateLimitResponse, RateLimitSummaryResponse?) {
        _ = try ChangeCreatorApi(id: 1, creator: "ann").request.resolve()
        _ = try CheckoutApi(customer: "c", metadata: ["k": "v"], lineItems: [LineItem(price: "p", quantity: 1)]).request.resolve()
        _ = try RepoContentApi(owner: "o", path: "a/b").request.resolve()
        let headers: HTTPHeaders = ["X-RateLimit-Remaining": "1"]
        let parsed = try RateLimitApi().parser.parse(HTTPResponse(status: 200, headers: headers, body: .init("{}".utf8)))
        return (parsed, try RateLimitSummaryApi(remaining: "1").mock)
    }

    @MainActor func useFromTheMainActor() throws(InteractiveError) -> Int64 {
        try RateLimitProbeApi(remaining: "1").parser.parse(HTTPResponse(status: 200, headers: ["X-RateLimit-Remaining": "5"])).xRateLimitRemaining
    }

    """

    static func files(plus usage: URL) -> [URL] {
        let folder = Repository.root.appendingPathComponent("Generated/HTTPBin")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = [usage]
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files
    }

    @Test(arguments: [false, true])
    func generatedHTTPBinCompilesWithoutWarnings(mainActorByDefault: Bool) async throws {
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let result = try await SwiftCompiler.typecheck(Self.files(plus: usage), moduleName: "HTTPBinApp", mainActorByDefault: mainActorByDefault)
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
