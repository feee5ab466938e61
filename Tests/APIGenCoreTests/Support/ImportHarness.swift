import Testing
import APIGenCore
import APIGenImport

/// Checks of what an importer wrote.
enum ImportHarness {
    /// Checks that the imported specs validate and their Swift type-checks as module `moduleName`;
    /// returns the generated files' paths. `what` names the import in a failure.
    @discardableResult
    static func expectSwiftCompiles(
        _ outcome: ImportOutcome, moduleName: String = "Imported", what: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> [String] {
        let rendered = Generator.render(texts: outcome.files.map { Generator.SpecText(path: $0.path, text: $0.contents) })
        #expect(!rendered.hasErrors, "\(what)\(rendered.diagnostics)", sourceLocation: sourceLocation)
        let folder = try TemporaryFolder()
        let urls = try rendered.files.map { try folder.write($0.contents, to: $0.path) }
        let result = try await SwiftCompiler.typecheck(urls, moduleName: moduleName)
        #expect(result.status == 0, "\(what)\(result.errorOutput)", sourceLocation: sourceLocation)
        return rendered.files.map(\.path)
    }
}
