import Foundation
import Testing
@testable import APIGenCore

/// The nesting limit is decided on the parser's events: no way of writing YAML gets past it, and
/// brackets that are text do not count.
@Suite struct NestingTests {
    static let open = String(repeating: "[", count: 6000)
    static let close = String(repeating: "]", count: 6000)
    static let error = "error: nesting deeper than 100 levels; a spec needs far fewer"

    @Test(arguments: [
        "x-deep: &a \(open)\(close)\n",                                            // after an anchor
        "x-deep: !!seq \(open)\(close)\n",                                         // after a tag
        "x-deep:\t\(open)\(close)\n",                                              // after a tab
        "x-deep: &a !!seq \(open)\(close)\n",                                      // both
        "x-deep:\n  " + String(repeating: "? ", count: 5000) + "x\n",             // explicit keys
        "x-deep:\n  " + String(repeating: "- ", count: 5000) + "x\n",             // block entries
        "x-deep:\n  " + String(repeating: "- ", count: 50) + String(repeating: "[", count: 60) + "x\n",  // block, then flow
        "x-deep: " + String(repeating: "[{a: ", count: 3000) + "1" + String(repeating: "}]", count: 3000) + "\n",
    ])
    func deepNestingIsRefusedWhateverItsSpelling(_ nesting: String) throws {
        let diagnostics = try SpecHarness.diagnose(SpecHarness.base + nesting)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.contains(Self.error) == true, "\(diagnostics)")
    }

    @Test func theErrorPointsAtTheCollectionThatIsOneTooDeep() throws {
        // The root mapping is level 1, so the 100th bracket is level 101.
        let diagnostics = try SpecHarness.diagnose(SpecHarness.base + "x-deep: &a \(Self.open)\(Self.close)\n")
        #expect(diagnostics == ["spec.yaml:7:111: \(Self.error)"])
    }

    @Test func blockMappingsCountEveryLevel() throws {
        func indented(_ levels: Int) -> String {
            "x-deep:\n" + (1...levels).map { String(repeating: " ", count: $0) + "a\($0):" }.joined(separator: "\n") + " 1\n"
        }
        // The root mapping and one mapping for each of a1 … a99: 100 levels.
        #expect(try SpecHarness.diagnose(SpecHarness.base + indented(99)) == [])
        #expect(try SpecHarness.diagnose(SpecHarness.base + indented(100)) == ["spec.yaml:107:101: \(Self.error)"])
    }

    @Test func aliasesCountAtTheDepthOfWhatTheyRepeat() throws {
        let sixty = (String(repeating: "[", count: 60), String(repeating: "]", count: 60))
        let spec = SpecHarness.base + "x-a: &a \(sixty.0)1\(sixty.1)\nx-b: \(sixty.0)*a\(sixty.1)\n"
        #expect(try SpecHarness.diagnose(spec) == ["spec.yaml:8:66: \(Self.error)"])
    }

    @Test func bracketsInsideQuotedTextDoNotCount() throws {
        let many = String(repeating: "[", count: 101)
        let spec = SpecHarness.base + """
        description: "A description over
          \(many) two lines"
        x-single: 'and
          \(many) in single quotes'
        x-plain: plain text
          \(many) continued

        """
        #expect(try SpecHarness.diagnose(spec) == [])
    }

    @Test func theCommandLineFailsWithTheErrorInsteadOfCrashing() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base + "x-deep: &a !!seq \(Self.open)\(Self.close)\n", to: "Specs/shop.yaml")
        let result = try await ProcessResult.run(Repository.apigen, ["validate", "Specs"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorOutput.contains(Self.error))
    }
}
