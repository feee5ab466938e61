import Foundation
import Testing
@testable import APIGenCore

/// Every YAML example in README.md and docs/*.md is one a reader can paste: it parses, and unless
/// its first line marks it `# fragment…`, it is a complete spec that validates. A
/// `# fragment: part of a spec` validates after a service name and an environment. An example whose
/// first line is `# apigen.yaml` is a configuration and is read without an error.
@Suite struct DocSnippetTests {
    struct Snippet: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var yaml: String
        var testDescription: String { "\(file):\(line)" }
        var isFragment: Bool { yaml.hasPrefix("# fragment") }
        var isConfiguration: Bool { yaml.hasPrefix("# apigen.yaml\n") }
    }

    static let snippets: [Snippet] = {
        let docs = Repository.root.appendingPathComponent("docs")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? [])
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return (["README.md"] + names).flatMap { file -> [Snippet] in
            guard let text = try? String(contentsOf: Repository.root.appendingPathComponent(file), encoding: .utf8) else { return [] }
            return snippets(in: text, file: file)
        }
    }()

    /// The bodies of the ```yaml (or ```yml) blocks of a Markdown text, with the line each starts on.
    static func snippets(in text: String, file: String) -> [Snippet] {
        var result: [Snippet] = []
        var current: (line: Int, lines: [String])?
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if var open = current {
                if line.trimmingCharacters(in: .whitespaces) == "```" {
                    result.append(Snippet(file: file, line: open.line, yaml: open.lines.map { $0 + "\n" }.joined()))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if line == "```yaml" || line == "```yml" {
                current = (number + 2, [])
            }
        }
        return result
    }

    @Test func theDocsHaveYAMLExamples() {
        #expect(Self.snippets.count >= 10)
        #expect(Self.snippets.contains { !$0.isFragment })
    }

    @Test("each YAML example in the docs parses; complete specs validate", arguments: snippets)
    func snippetIsValid(_ snippet: Snippet) throws {
        var diagnostics = Diagnostics()
        let root = YAMLLoader.load(snippet.yaml, file: snippet.file, diagnostics: &diagnostics)
        #expect(root != nil)
        #expect(diagnostics.all.map(\.description) == [])
        if snippet.isConfiguration {
            var configurationDiagnostics = Diagnostics()
            _ = ConfigurationLoader.parse(snippet.yaml, path: snippet.file, folder: Repository.root, diagnostics: &configurationDiagnostics)
            #expect(configurationDiagnostics.all.map(\.description) == [])
        } else if !snippet.isFragment {
            #expect(try SpecHarness.diagnose(snippet.yaml) == [])
        } else if snippet.yaml.hasPrefix("# fragment: part of a spec\n") {
            #expect(try SpecHarness.diagnose("service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\n" + snippet.yaml) == [])
        }
    }
}
