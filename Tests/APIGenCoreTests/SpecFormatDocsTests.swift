import Foundation
import Testing
@testable import APIGenCore

/// Every example in docs/spec-format.md is a valid spec, alone or below a minimal service header.
@Suite struct SpecFormatDocsTests {
    static let header = "service: Docs\nenvironments:\n  local: http://127.0.0.1:8080\n"

    /// The ```yaml blocks of the page that hold more than comments.
    static func snippets() throws -> [String] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("docs/spec-format.md"), encoding: .utf8)
        var snippets: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" {
                current = []
            } else if let lines = current, line == "```" {
                let body = lines.joined(separator: "\n") + "\n"
                if lines.contains(where: { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }) { snippets.append(body) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return snippets
    }

    @Test func everyExampleValidates() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 5)
        for snippet in snippets {
            let spec = snippet.contains("\nservice:") || snippet.hasPrefix("service:") ? snippet : Self.header + snippet
            let diagnostics = try SpecHarness.diagnose(spec)
            #expect(diagnostics == [], "\(snippet)")
        }
    }
}
