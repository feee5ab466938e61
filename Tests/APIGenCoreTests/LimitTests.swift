import Foundation
import Testing
@testable import APIGenCore

/// Inputs built to exhaust the generator: each must end in a clear error, quickly, never a crash.
@Suite struct LimitTests {
    @Test(arguments: [
        "x-deep: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n",
        "x-deep:\n" + (1...300).map { String(repeating: " ", count: $0) + "a\($0):" }.joined(separator: "\n") + " 1\n",
        "x-deep:\n  " + String(repeating: "- ", count: 3000) + "x\n",
    ])
    func deepYAMLIsRefusedBeforeParsing(_ nesting: String) throws {
        let diagnostics = try SpecHarness.diagnose(SpecHarness.base + nesting)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains("error: nesting deeper than 100 levels") == true)
    }

    @Test func bracketsInsideTextAndBlockScalarsDoNotCount() throws {
        let many = String(repeating: "[", count: 500)
        let spec = SpecHarness.base + """
        description: |
          \(many)
          \(many)
        x-note: "\(many)"
        x-comment: 1 # \(many)

        """
        #expect(try SpecHarness.diagnose(spec) == [])
    }

    @Test func deepTypesAreRefused() throws {
        let type = String(repeating: "[", count: 6000) + "Int" + String(repeating: "]", count: 6000)
        let spec = SpecHarness.base + "models:\n  M:\n    fields:\n      a: \"\(type)\"\n"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:10:10: error: type nests lists and maps deeper than 32 levels"])
    }

    @Test func typoSearchStaysCheapForHugeNamesAndManyTypos() throws {
        let long = String(repeating: "A", count: 20_000)
        var spec = SpecHarness.base + "models:\n  ? \(long)X\n  : fields: { a: Int }\n  User:\n    fields:\n      b: \(long)Y\n"
        // The bounds are far above the milliseconds this takes: they catch a hang, not a slowdown.
        var start = ContinuousClock.now
        // The unknown type, and the model's name, too long for a file name.
        #expect(try SpecHarness.diagnose(spec).count == 2)
        #expect(ContinuousClock.now - start < .seconds(20))
        spec = SpecHarness.base + "models:\n" + (0..<1000).map { "  Model\($0):\n    fields:\n      b: Modle\($0)\n" }.joined()
        start = ContinuousClock.now
        #expect(try SpecHarness.diagnose(spec).count == 1000)
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(try SpecHarness.diagnose(SpecHarness.base + "models:\n  Model:\n    fields:\n      b: Modle\n")
            == ["spec.yaml:10:10: error: unknown type 'Modle'; did you mean 'Model'?"])
    }
}
