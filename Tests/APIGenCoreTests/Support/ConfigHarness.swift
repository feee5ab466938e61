import Foundation
@testable import APIGenCore

/// Specs and an `apigen.yaml` in a temporary folder, rendered or validated with them.
struct ConfigHarness {
    let folder: TemporaryFolder
    var specs: URL { folder.folder("Specs") }

    /// The shop spec the compile tests use.
    static var shop: String {
        (try? String(contentsOf: Repository.root.appendingPathComponent("Specs/shop.yaml"), encoding: .utf8)) ?? ""
    }

    init(config: String?, specs: [String: String] = ["shop.yaml": ConfigHarness.shop]) throws {
        folder = try TemporaryFolder()
        for (path, text) in specs { try folder.write(text, to: "Specs/" + path) }
        if let config { try folder.write(config, to: "Specs/apigen.yaml") }
    }

    func render(_ options: GenerationOptions = GenerationOptions()) -> Generator.Outcome {
        Generator.render(specs: specs, options: options)
    }

    /// The rendered files by path; fails with the diagnostics when there are errors.
    func files(_ options: GenerationOptions = GenerationOptions()) throws -> [String: String] {
        let outcome = render(options)
        if outcome.hasErrors { throw SpecHarness.HarnessError.diagnostics(outcome.diagnostics.map(\.description)) }
        return Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, $0.contents) })
    }

    /// The diagnostics of rendering, with paths relative to the folder.
    func diagnostics(_ options: GenerationOptions = GenerationOptions()) -> [String] {
        folder.described(render(options).diagnostics)
    }

    /// Type-checks the rendered files with `extra` Swift sources beside them.
    func typecheck(_ files: [String: String], extra: [String: String] = [:], arguments: [String] = []) async throws -> ProcessResult {
        let out = try TemporaryFolder()
        var urls: [URL] = []
        for (path, text) in files.merging(extra, uniquingKeysWith: { first, _ in first }) { urls.append(try out.write(text, to: path)) }
        return try await SwiftCompiler.typecheck(urls, moduleName: "ShopApp", extraArguments: arguments)
    }
}
