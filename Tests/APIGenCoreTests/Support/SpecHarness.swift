import Foundation
@testable import APIGenCore

/// Runs the generator on spec text written to a temporary folder.
enum SpecHarness {
    /// A minimal valid spec that tests extend.
    static let base = """
    service: Shop
    environments:
      debug: http://127.0.0.1:8085/api
    apis:
      Ping:
        path: /ping

    """

    /// The diagnostics of validating one spec file, as `path:line:col: error: message` lines.
    static func diagnose(_ yaml: String, file: String = "spec.yaml") throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write(yaml, to: file)
        return folder.described(Generator.validate(specs: folder.url).diagnostics)
    }

    /// The generated files of spec files, by path.
    static func generate(_ specs: [String: String]) throws -> [String: String] {
        let folder = try TemporaryFolder()
        for (path, text) in specs { try folder.write(text, to: path) }
        let outcome = Generator.render(specs: folder.url)
        if outcome.hasErrors { throw HarnessError.diagnostics(outcome.diagnostics.map(\.description)) }
        return Dictionary(uniqueKeysWithValues: outcome.files.map { ($0.path, $0.contents) })
    }

    enum HarnessError: Error, CustomStringConvertible {
        case diagnostics([String])
        var description: String {
            switch self {
            case .diagnostics(let lines): lines.joined(separator: "\n")
            }
        }
    }
}
