import Foundation
import RuntimeTestSupport
import Testing

/// The `apigen-serve` executable: bad specs stop it with the generator's diagnostics.
@Suite(.timeLimit(.minutes(5)))
struct CommandLineTests {
    /// The built `apigen-serve`, beside the test bundle.
    static var executable: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules").path) { break }
            url = url.deletingLastPathComponent()
        }
        return url.appendingPathComponent("apigen-serve")
    }

    @Test func badSpecsExitOneWithDiagnosticsAndNoServer() async throws {
        let folder = try ServeFixture.scratch("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "service: Shop\nenvironments: { debug: \"http://127.0.0.1:1/api\" }\napis:\n  A:\n    path: /a\n    response: Itme\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        let result = try await Subprocess.run(Self.executable, [folder.path, "--port", "0"], directory: folder)
        #expect(result.termination == .exited(1))
        #expect(result.errorText.contains("bad.yaml:6:15: error: unknown type 'Itme'"))
        #expect(result.errorText.contains("apigen-serve: 1 error; not serving"))
        #expect(!result.outputText.contains("apigen-serve:"))
    }
}
