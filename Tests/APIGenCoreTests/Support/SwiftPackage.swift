import Foundation
import RuntimeTestSupport

/// Runs SwiftPM (`swift build`, `swift package …`) on a package the plugin tests set up, with one
/// scratch folder under the repository (`.build-plugin-tests/`) that every run reuses, so apigen,
/// built from source for the plugins, is compiled once and not on every run.
enum SwiftPackage {
    /// The scratch folder every plugin test builds in (git-ignored, like every `.build-*`).
    static let scratch = Repository.root.appendingPathComponent(".build-plugin-tests")

    /// The plugin tests shell out to SwiftPM, which builds apigen: minutes on a busy machine. They
    /// run when `APIGEN_PLUGIN_TESTS=1` (`.ci/run` sets it in its plugin step).
    static let testsEnabled = ProcessInfo.processInfo.environment["APIGEN_PLUGIN_TESTS"] == "1"

    /// A watchdog, not a speed bound: SwiftPM waiting forever (on a lock, a prompt) fails the test
    /// with its output instead of hanging it.
    static let watchdogSeconds: Double = 20 * 60

    static var swift: URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/opt/swift/usr/bin/swift")
    }

    /// The exit status and the standard output and error interleaved, as a terminal shows them.
    struct Run: Sendable {
        var status: Int32
        var output: String
        var timedOut: Bool
        var seconds: Double

        /// The last lines of the output, for a failure message.
        var tail: String { output.split(separator: "\n", omittingEmptySubsequences: false).suffix(40).joined(separator: "\n") }
    }

    /// `swift <arguments>` for the package at `package`, in the shared scratch folder; stdin is empty.
    static func run(_ arguments: [String], package: URL) async throws -> Run {
        let scratchArguments = ["--package-path", package.path, "--scratch-path", scratch.path]
        // `swift package <plugin verb>` takes the options before the verb, `swift build` anywhere.
        let full = arguments.first == "package"
            ? ["package"] + scratchArguments + arguments.dropFirst()
            : arguments + scratchArguments
        return try await offCooperativePool { try runBlocking(full) }
    }

    /// Runs `swift` in a process group of its own, so that the watchdog also ends the compilers
    /// and the build system it started.
    private static func runBlocking(_ arguments: [String]) throws -> Run {
        let start = Date()
        let result = try Subprocess.run(swift, arguments, mergingErrors: true, processGroup: true, timeLimit: .seconds(watchdogSeconds))
        return Run(status: result.status, output: result.outputText, timedOut: result.timedOut, seconds: Date().timeIntervalSince(start))
    }

    /// Writes a package at `folder` named `name` that depends on this repository by its absolute
    /// path, with `targets` as the text of its `targets:` list.
    static func writeManifest(in folder: URL, name: String, targets: String) throws {
        let manifest = """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "\(name)",
                platforms: [.macOS(.v13), .iOS(.v16)],
                dependencies: [.package(name: "apigen", path: "\(Repository.root.path)")],
                targets: [
            \(targets)
                ]
            )

            """
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
    }
}
