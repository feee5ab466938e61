import Foundation
import Testing
@testable import APIGenCore

/// The generated code compiles without warnings, also where everything is `@MainActor` by default
/// (Xcode 26's app targets: `.defaultIsolation(MainActor.self)` with approachable concurrency).
@Suite struct CompileTests {
    /// Uses generated APIs from nonisolated code, as a networking layer does.
    static let usage = """
    import Interactive

    nonisolated func useFromAnyIsolation(executor: some Sendable) throws(InteractiveError) -> (LoginResponse?, Item?, EmptyResponse) {
        let login = LoginApi(name: "ann", password: "secret")
        _ = try login.request.resolve()
        let item = try ItemQueryV2Api(itemId: 1).mock
        let empty = try LogoutApi().parser.parse(HTTPResponse(status: 200, body: .init()))
        return (try login.mock, item, empty)
    }

    @MainActor func useFromTheMainActor() throws(InteractiveError) -> Order? {
        try ShopService.switchEnvironment(to: .debug)
        return try OrderCreateApi(itemIds: [1, 2]).mock
    }

    """

    static func shopFiles(plus usage: URL) throws -> [URL] {
        let folder = Repository.root.appendingPathComponent("Generated/Shop")
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = [usage]
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files
    }

    @Test func generatedShopCompilesWithMainActorDefaultIsolation() async throws {
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let result = try await SwiftCompiler.typecheck(try Self.shopFiles(plus: usage), moduleName: "ShopApp", mainActorByDefault: true)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func withoutNonisolatedTheSameCodeFails() async throws {
        // Proves the test above can fail: the generated `nonisolated` is what keeps the code usable.
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        var files: [URL] = [usage]
        for file in try Self.shopFiles(plus: usage).dropFirst() {
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "nonisolated public", with: "public")
            files.append(try folder.write(text, to: "Shop/" + file.lastPathComponent))
        }
        let result = try await SwiftCompiler.typecheck(files, moduleName: "ShopApp", mainActorByDefault: true)
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("main actor-isolated conformance"))
    }

    @Test func generatedShopCompilesWithoutWarnings() async throws {
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let result = try await SwiftCompiler.typecheck(try Self.shopFiles(plus: usage), moduleName: "ShopApp")
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
