import Foundation
import Testing

/// The SwiftPM plugins on copies of `Tests/Fixtures/PluginApp`, whose manifests depend on this
/// repository by its absolute path. Slow (SwiftPM builds apigen for the plugins), so they run with
/// `APIGEN_PLUGIN_TESTS=1`, as `.ci/run` does.
@Suite(.serialized, .enabled(if: SwiftPackage.testsEnabled, "set APIGEN_PLUGIN_TESTS=1 (SwiftPM builds apigen: minutes)"))
struct PluginTests {
    /// The fixture's target folder: `apigen.yaml`, `notes.yaml`, `Admin/authors.yaml`, `main.swift`.
    static let fixtureSources = Repository.root.appendingPathComponent("Tests/Fixtures/PluginApp/Sources/PluginApp")

    static func copyFixtureSources(to target: URL, withMain: Bool) throws {
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtureSources, to: target)
        if !withMain { try FileManager.default.removeItem(at: target.appendingPathComponent("main.swift")) }
    }

    static func expectSucceeded(_ run: SwiftPackage.Run, _ what: String) -> Bool {
        let ok = run.status == 0 && !run.timedOut
        #expect(ok, "\(what) \(run.timedOut ? "did not finish within the watchdog's \(Int(SwiftPackage.watchdogSeconds)) s" : "exited \(run.status)"); its output ends:\n\(run.tail)")
        return ok
    }

    /// Modification dates of every file under `folder`, by relative path.
    static func modificationDates(under folder: URL) throws -> [String: Date] {
        var dates: [String: Date] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])
        while let url = enumerator?.nextObject() as? URL {
            guard let date = try url.resourceValues(forKeys: [.contentModificationDateKey]).contentModificationDate, !url.hasDirectoryPath else { continue }
            dates[String(url.path.dropFirst(folder.path.count + 1))] = date
        }
        return dates
    }

    @Test func generateAPICommandWritesGeneratedThenCheckPassesUntilASpecChanges() async throws {
        let folder = try TemporaryFolder()
        let package = folder.folder("CommittedApp")
        let target = package.appendingPathComponent("Sources/NotesAPI")
        try Self.copyFixtureSources(to: target, withMain: false)
        try folder.write("// The API clients are in Generated/.\n", to: "CommittedApp/Sources/NotesAPI/NotesAPI.swift")
        // A target without apigen.yaml, and YAML that is not a spec: the command leaves both alone.
        try folder.write("let other = 1\n", to: "CommittedApp/Sources/Other/Other.swift")
        try folder.write("not: [a spec\n", to: "CommittedApp/Sources/Other/settings.yml")
        try SwiftPackage.writeManifest(in: package, name: "CommittedApp", targets: """
                    // The specs are excluded, as a committed-output target does against SwiftPM's
                    // "unhandled files" warning: the command plugin reads the folder on disk.
                    .target(name: "NotesAPI", dependencies: [.product(name: "Interactive", package: "apigen")], exclude: ["apigen.yaml", "notes.yaml", "Admin"]),
                    .target(name: "Other"),
            """)

        let generate = try await SwiftPackage.run(["package", "--allow-writing-to-package-directory", "generate-api"], package: package)
        guard Self.expectSucceeded(generate, "swift package generate-api") else { return }
        #expect(folder.files(under: "CommittedApp/Sources/NotesAPI/Generated") == [
            "Notes/Apis/AuthorGetApi.swift",
            "Notes/Apis/NoteListApi.swift",
            "Notes/Models/Author.swift",
            "Notes/Models/Note.swift",
            "Notes/NotesService.swift",
        ])
        #expect(!FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/Other/Generated").path))

        let generated = target.appendingPathComponent("Generated")
        let check = try await ProcessResult.run(Repository.apigen, ["check", target.path, "-o", generated.path])
        #expect(check.status == 0, "\(check.output)\(check.errorOutput)")

        let notes = target.appendingPathComponent("notes.yaml")
        let spec = try String(contentsOf: notes, encoding: .utf8)
        try Data(spec.replacingOccurrences(of: "A note an author wrote.", with: "A note its author wrote.").utf8).write(to: notes)
        let stale = try await ProcessResult.run(Repository.apigen, ["check", target.path, "-o", generated.path])
        #expect(stale.status == 1)
        #expect(stale.output.contains("stale: Notes/Models/Note.swift"), "\(stale.output)")

        // Generating again after the edit rewrites the one file it changes.
        let before = try Self.modificationDates(under: generated)
        let again = try await SwiftPackage.run(["package", "--allow-writing-to-package-directory", "generate-api", "--target", "NotesAPI"], package: package)
        guard Self.expectSucceeded(again, "swift package generate-api --target NotesAPI") else { return }
        let after = try Self.modificationDates(under: generated)
        #expect(Set(after.keys) == Set(before.keys))
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["Notes/Models/Note.swift"])

        let unconfigured = try await SwiftPackage.run(["package", "--allow-writing-to-package-directory", "generate-api", "--target", "Other"], package: package)
        #expect(unconfigured.status != 0)
        #expect(unconfigured.output.contains("target 'Other' holds no apigen.yaml"), "\(unconfigured.tail)")
    }

    @Test func buildToolPluginBuildsTheAppAndRegeneratesOnlyTheEditedSpecsFile() async throws {
        let folder = try TemporaryFolder()
        let package = folder.folder("PluginApp")
        let target = package.appendingPathComponent("Sources/PluginApp")
        try Self.copyFixtureSources(to: target, withMain: true)
        try SwiftPackage.writeManifest(in: package, name: "PluginApp", targets: """
                    .executableTarget(
                        name: "PluginApp",
                        dependencies: [.product(name: "Interactive", package: "apigen")],
                        plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]
                    ),
            """)

        let build = try await SwiftPackage.run(["build", "--product", "PluginApp"], package: package)
        guard Self.expectSucceeded(build, "swift build") else { return }
        let outputs = try #require(Self.pluginOutputFolder(), "no APIGenServices.swift under \(SwiftPackage.scratch.path)/plugins/outputs")
        #expect(try Self.modificationDates(under: outputs).keys.sorted() == ["APIGenServices.swift", "Admin_authors.swift", "notes.swift"])

        // Edit one spec: only its output is written again.
        let before = try Self.modificationDates(under: outputs)
        let authors = target.appendingPathComponent("Admin/authors.yaml")
        let spec = try String(contentsOf: authors, encoding: .utf8)
        try Data(spec.replacingOccurrences(of: "One author, by id.", with: "One author, by their id.").utf8).write(to: authors)
        let rebuild = try await SwiftPackage.run(["build", "--product", "PluginApp"], package: package)
        guard Self.expectSucceeded(rebuild, "swift build after editing Admin/authors.yaml") else { return }
        let after = try Self.modificationDates(under: outputs)
        #expect(after.filter { before[$0.key] != $0.value }.keys.sorted() == ["Admin_authors.swift"])

        // A spec error fails the build with the spec's absolute path, line and column in the log.
        try Data(spec.replacingOccurrences(of: "response: Author", with: "response: Auhtor").utf8).write(to: authors)
        let broken = try await SwiftPackage.run(["build", "--product", "PluginApp"], package: package)
        #expect(broken.status != 0)
        #expect(broken.output.contains("\(authors.path):8:15: error: unknown type 'Auhtor'; did you mean 'Author'?"), "\(broken.tail)")
    }

    /// The build tool plugin's output folder for the PluginApp target in the shared scratch folder.
    static func pluginOutputFolder() -> URL? {
        let root = SwiftPackage.scratch.appendingPathComponent("plugins/outputs")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.lastPathComponent == "APIGenServices.swift", url.path.contains("/PluginApp/") { return url.deletingLastPathComponent() }
        }
        return nil
    }
}
