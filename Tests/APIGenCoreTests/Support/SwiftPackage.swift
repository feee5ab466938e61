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

    private static func runBlocking(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = swift
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let start = Date()
        try launch(process)
        let timedOut = LockedFlag()
        let watchdog = DispatchWorkItem {
            timedOut.set()
            process.terminate()
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + watchdogSeconds, execute: watchdog)
        let data = readToEnd(pipe.fileHandleForReading)
        process.waitUntilExit()
        watchdog.cancel()
        return Run(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self), timedOut: timedOut.value, seconds: Date().timeIntervalSince(start))
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

/// A flag set once from another thread.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}
