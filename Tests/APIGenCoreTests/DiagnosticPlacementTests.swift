import Foundation
import Testing
@testable import APIGenCore

/// Diagnostics point at the right place, in one line, whatever the file's line breaks, characters
/// and user text.
@Suite struct DiagnosticPlacementTests {
    static let controlCharacter = "error: YAML syntax error: control characters are not allowed"

    @Test func controlCharactersAfterWideCharactersAreFoundByCharacter() throws {
        let wide = String(repeating: "漢", count: 40)
        let spec = "service: Shop\n# \(wide)\nx-note: \(wide)\u{7}\n"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:3:49: \(Self.controlCharacter)"])
    }

    @Test func controlCharactersInCRLFFilesAreNotShiftedPerLine() throws {
        let spec = "service: Shop\r\nenvironments:\r\n  debug: http://127.0.0.1/api\r\nx-note: a\u{7}\r\n"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:4:10: \(Self.controlCharacter)"])
    }

    @Test func controlCharactersInCROnlyFilesCountEveryLine() throws {
        let spec = "service: Shop\renvironments:\r  debug: http://127.0.0.1/api\rx-note: a\u{7}\r"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:4:10: \(Self.controlCharacter)"])
    }

    @Test func syntaxErrorsInCRLFFilesKeepTheirColumns() throws {
        let spec = "service: Shop\r\nenvironments: [a\r\n"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:3:1: error: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence"])
    }

    @Test(arguments: [
        ("service: Shop\nenvironments: [a", "spec.yaml:2:17"),
        ("service: Shop\nenvironments: {debug: x", "spec.yaml:2:24"),
        ("service: Shop\ndescription: \"unclosed", "spec.yaml:2:23"),
        ("service: Shop\r\nenvironments: [a", "spec.yaml:2:17"),
    ])
    func aFileWithoutAFinalLineBreakIsNotReportedPastItsEnd(_ spec: String, _ place: String) throws {
        let diagnostics = try SpecHarness.diagnose(spec)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix(place + ": error: YAML syntax error: ") == true, "\(diagnostics)")
    }

    @Test func userTextInMessagesIsEscaped() throws {
        let spec = SpecHarness.base + "\"bad\\nkey\": 1\n\"\\e[31mred\\a\": 2\n\"\\u2028\\u202Eflip\": 3\n"
        let diagnostics = try SpecHarness.diagnose(spec)
        #expect(diagnostics == [
            "spec.yaml:7:1: error: unknown key 'bad\\nkey' in the spec",
            "spec.yaml:8:1: error: unknown key '\\u{1B}[31mred\\u{7}' in the spec",
            "spec.yaml:9:1: error: unknown key '\\u{2028}\\u{202E}flip' in the spec",
        ])
    }

    @Test func everyMessageIsOneLineHoweverItIsMade() {
        var diagnostic = Diagnostic(.error, "a\nb\u{1B}", at: SourceLocation(file: "x\ny.yaml", line: 1, column: 1))
        #expect(diagnostic.description == "x\\ny.yaml:1:1: error: a\\nb\\u{1B}")
        diagnostic.message = "c\r\u{7}"
        #expect(diagnostic.message == "c\\r\\u{7}")
    }
}
