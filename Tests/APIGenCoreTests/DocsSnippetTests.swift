import Foundation
import Testing
@testable import APIGenCore

/// Every ```yaml example in docs/spec-format.md is a valid spec, or part of one: read with a service
/// around it, it reports no problem but types it does not define.
@Suite struct DocsSnippetTests {
    static func snippets() throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/spec-format.md"), encoding: .utf8)
        var snippets: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" {
                current = []
            } else if current != nil, line == "```" {
                snippets.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return snippets
    }

    @Test func everyYAMLExampleIsAValidSpec() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 6)
        for snippet in snippets where snippet.split(separator: "\n").contains(where: { !$0.hasPrefix(" ") && !$0.hasPrefix("#") }) {
            let spec = snippet.contains("service:") ? snippet : "service: Docs\nenvironments:\n  debug: http://127.0.0.1:8085/api\n" + snippet
            let problems = try SpecHarness.diagnose(spec + "\n").filter { !$0.contains("unknown type") }
            #expect(problems.isEmpty, "\(snippet)")
        }
    }
}
