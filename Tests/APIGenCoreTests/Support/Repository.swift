import Foundation
import RuntimeTestSupport

/// Paths of the repository and of the build products the tests use.
enum Repository {
    /// The package root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the running test bundle's build products (e.g. `.build/debug`).
    static var productsFolder: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Modules").path) { return url }
            url = url.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug")
    }

    /// The built `apigen` executable.
    static var apigen: URL { productsFolder.appendingPathComponent("apigen") }

    /// The folder holding `Interactive.swiftmodule`.
    static var modules: URL { productsFolder.appendingPathComponent("Modules") }
}

/// Runs a program and collects its exit status and output.
struct ProcessResult: Sendable {
    /// The render cache of every `apigen` the tests run: one folder per test process, which the
    /// cache itself keeps to ``RenderCache/maxEntries`` entries, removed when the test process exits.
    static let testCache: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-tests-cache-\(ProcessInfo.processInfo.processIdentifier)")
        atexit { try? FileManager.default.removeItem(at: ProcessResult.testCache) }
        return folder
    }()

    var status: Int32
    var output: String
    var errorOutput: String

    /// Runs the program and waits for it off the cooperative pool (see `offCooperativePool`).
    /// `apigen` keeps its render cache in ``testCache`` unless `environment` chooses another, so
    /// that tests leave nothing in the user's cache folder.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) async throws -> ProcessResult {
        var environment = environment
        if executable == Repository.apigen, environment?["APIGEN_CACHE_DIR"] == nil {
            environment = (environment ?? ProcessInfo.processInfo.environment).merging(["APIGEN_CACHE_DIR": testCache.path]) { _, chosen in chosen }
        }
        let output = try await Subprocess.run(executable, arguments, environment: environment, directory: directory)
        return ProcessResult(status: output.status, output: output.outputText, errorOutput: output.errorText)
    }
}

/// Type-checks generated Swift against the built `Interactive` module, with warnings as errors.
enum SwiftCompiler {
    static var swiftc: URL {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/opt/swift/usr/bin/swiftc")
    }

    /// Type-checks `files` as module `moduleName`; `mainActorByDefault` uses Xcode 26's app-target settings.
    /// `extraArguments` such as `-D DEBUG` or `-package-name P` go before the files.
    static func typecheck(_ files: [URL], moduleName: String, mainActorByDefault: Bool = false, extraArguments: [String] = []) async throws -> ProcessResult {
        var arguments = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "-module-name", moduleName, "-I", Repository.modules.path] + extraArguments
        if mainActorByDefault {
            arguments += ["-default-isolation", "MainActor", "-enable-upcoming-feature", "InferIsolatedConformances", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault"]
        }
        // The compiler driver leaves a `TemporaryDirectory.*` folder in TMPDIR after every run:
        // it gets one of its own, removed afterwards, so that the suite leaves nothing in /tmp.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": scratch.path]) { _, chosen in chosen }
        return try await ProcessResult.run(swiftc, arguments + files.map(\.path), environment: environment)
    }
}
