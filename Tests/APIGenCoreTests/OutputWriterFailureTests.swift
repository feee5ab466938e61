import Foundation
import Testing
@testable import APIGenCore

/// A run that cannot write everything writes nothing: problems are found before the first write, and
/// a write that fails part-way is undone, leaving the output byte-for-byte and mtime-identical.
@Suite struct OutputWriterFailureTests {
    typealias Workspace = OutputWriterTests.Workspace

    /// A spec with a model whose name is `length` characters long.
    static func spec(modelNameLength length: Int) -> String {
        SpecHarness.base + "models:\n  " + "A" + String(repeating: "b", count: length - 1) + ":\n    fields:\n      id: Int\n"
    }

    @Test(arguments: [250, 300])
    func aModelNameTooLongForAFileIsASpecErrorAtTheName(length: Int) throws {
        let workspace = try Workspace(Self.spec(modelNameLength: length))
        let validated = Generator.validate(specs: workspace.specs).diagnostics
        #expect(validated.count == 1)
        let error = try #require(validated.first)
        #expect(error.severity == .error && error.location.line == 8 && error.location.column == 3)
        #expect(error.message.hasPrefix("model name is too long: its file Abbb"), "\(error)")
        #expect(error.message.contains("would be \(length + 6) bytes, and file systems allow 255"), "\(error)")

        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(!FileManager.default.fileExists(atPath: workspace.output.path), "nothing is written, not even the folder")
    }

    /// An API returning the refused model is not also told the model is unknown.
    @Test func aRefusedModelsUsesAreNotUnknownTypes() throws {
        let name = "A" + String(repeating: "b", count: 299)
        let spec = SpecHarness.base + "  Get:\n    path: /get\n    response: \(name)\nmodels:\n  \(name):\n    fields:\n      id: Int\n  Holder:\n    fields:\n      held: \(name)?\n"
        let diagnostics = try SpecHarness.diagnose(spec)
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.contains("model name is too long") == true, "\(diagnostics)")
    }

    /// 238–249 characters failed too, when the temporary file name added a suffix to the name.
    @Test(arguments: [238, 249])
    func namesThatFitAreWrittenWhateverTheWriterAddsWhileWriting(length: Int) throws {
        let workspace = try Workspace(Self.spec(modelNameLength: length))
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.diagnostics.map(\.description) == [])
        #expect(workspace.folder.files(under: "Generated").contains { $0.hasPrefix("Shop/Models/Abbb") && $0.utf8.count == "Shop/Models/".utf8.count + length + 6 })
        #expect(Generator.compare(specs: workspace.specs, output: workspace.output).plan?.isUpToDate == true)
    }

    @Test func aLongAPINameOrClassNameIsASpecErrorToo() throws {
        let long = "P" + String(repeating: "o", count: 246)
        let byName = try SpecHarness.diagnose(SpecHarness.base + "  \(long):\n    path: /long\n")
        #expect(byName.count == 1 && byName.first?.hasPrefix("spec.yaml:7:3: error: api name is too long") == true, "\(byName)")
        let byClassName = try SpecHarness.diagnose(SpecHarness.base + "  Long:\n    path: /long\n    className: \(long)\n")
        #expect(byClassName.count == 1 && byClassName.first?.hasPrefix("spec.yaml:9:16: error: className of api 'Long' is too long") == true, "\(byClassName)")
    }

    @Test func aServiceNameTooLongForAFileIsASpecError() throws {
        let long = "S" + String(repeating: "h", count: 247)
        let diagnostics = try SpecHarness.diagnose(SpecHarness.base.replacingOccurrences(of: "service: Shop", with: "service: \(long)"))
        #expect(diagnostics.count == 1 && diagnostics.first?.hasPrefix("spec.yaml:1:10: error: service name is too long") == true, "\(diagnostics)")
    }

    /// The limit is in bytes: 84 CJK characters are 252 bytes of UTF-8, too many with `.swift`.
    @Test func theLimitCountsBytesNotCharacters() throws {
        let spec = SpecHarness.base + "models:\n  " + String(repeating: "商", count: 84) + ":\n    fields:\n      id: Int\n"
        let diagnostics = try SpecHarness.diagnose(spec)
        #expect(diagnostics.count == 1 && diagnostics.first?.contains("would be 258 bytes, and file systems allow 255") == true, "\(diagnostics)")
        let fits = SpecHarness.base + "models:\n  " + String(repeating: "商", count: 83) + ":\n    fields:\n      id: Int\n"
        #expect(try SpecHarness.diagnose(fits) == [])
    }

    @Test func aFileWhereAServiceFolderGoesStopsTheRunBeforeAnyWrite() throws {
        let workspace = try Workspace(SpecHarness.base.replacingOccurrences(of: "service: Shop", with: "service: A"))
        try workspace.folder.write("service: B\nenvironments: {e: \"https://a.b\"}\napis:\n  X:\n    path: /x\n", to: "Specs/b.yaml")
        try workspace.folder.write("not a folder", to: "Generated/B")
        let before = TreeSnapshot(workspace.output)
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.diagnostics.map(\.message) == ["B is a file where apigen must create a folder; move it away"])
        #expect(outcome.diagnostics.first?.location.file == workspace.output.path + "/B")
        #expect(TreeSnapshot(workspace.output) == before)
    }

    @Test func aFolderWhereAFileGoesStopsTheRunBeforeAnyWrite() throws {
        let workspace = try Workspace(SpecHarness.base + "  Pong:\n    path: /pong\n")
        try FileManager.default.createDirectory(at: workspace.output.appendingPathComponent("Shop/Apis/PongApi.swift"), withIntermediateDirectories: true)
        let before = TreeSnapshot(workspace.output)
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.diagnostics.map(\.message) == ["Shop/Apis/PongApi.swift is a folder where apigen must write a file; move it away"])
        #expect(TreeSnapshot(workspace.output) == before)
    }

    @Test func pathsThatDifferOnlyInCaseStopTheRunBeforeAnyWrite() throws {
        var diagnostics = Diagnostics()
        let output = try TemporaryFolder()
        let files = [GeneratedFile(path: "Shop/ShopService.swift", contents: ""), GeneratedFile(path: "SHOP/SHOPService.swift", contents: "")]
        _ = OutputWriter.plan(files, in: output.url, diagnostics: &diagnostics)
        #expect(diagnostics.sorted.map(\.message) == ["SHOP and Shop differ only in case, which macOS and Windows do not tell apart"])
    }

    /// An output folder with files to update, create and delete, and a foreign file; the plan to
    /// bring it up to date.
    static func outdatedOutput() throws -> (Workspace, OutputPlan, [GeneratedFile]) {
        let workspace = try Workspace(SpecHarness.base + "  Pong:\n    path: /pong\n  Gone:\n    path: /gone\n")
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        try workspace.folder.write("// mine\n", to: "Generated/Shop/Apis/Mine.swift")
        try workspace.folder.write(
            SpecHarness.base + "  Pong:\n    path: /pong/v2\n  New:\n    path: /new\nmodels:\n  Item:\n    fields:\n      id: Int\n",
            to: "Specs/shop.yaml")
        let outcome = Generator.compare(specs: workspace.specs, output: workspace.output)
        let plan = try #require(outcome.plan)
        #expect(plan.created == ["Shop/Apis/NewApi.swift", "Shop/Models/Item.swift"])
        #expect(plan.updated == ["Shop/Apis/PongApi.swift"])
        #expect(plan.deleted == ["Shop/Apis/GoneApi.swift"])
        return (workspace, plan, outcome.files)
    }

    @Test func aFailureAtAnyStepOfTheWriteLeavesTheOutputAsItWas() throws {
        let (workspace, plan, files) = try Self.outdatedOutput()
        let before = TreeSnapshot(workspace.output)
        var step = 1
        while true {
            let fileSystem = FailingFileSystem(failingAt: step)
            do {
                try OutputWriter.apply(plan, files: files, in: workspace.output, fileSystem: fileSystem)
            } catch {
                #expect(error.description.hasSuffix("; the output folder is as it was"), "\(error)")
                #expect(TreeSnapshot(workspace.output) == before, "failing at step \(step)")
                step += 1
                continue
            }
            break
        }
        #expect(step > 8, "every step was made to fail once: folders, staged writes, moves")
        #expect(Generator.compare(specs: workspace.specs, output: workspace.output).plan?.isUpToDate == true)
        #expect(workspace.folder.read("Generated/Shop/Apis/Mine.swift") == "// mine\n")
        #expect(!workspace.folder.files(under: "Generated").contains { $0.contains(".apigen") }, "no staging left behind")
    }

    @Test func aFolderReplacedByAFileBetweenPlanAndWriteLeavesTheOutputAsItWas() throws {
        let (workspace, plan, files) = try Self.outdatedOutput()
        // Models/ does not exist yet: something else puts a file there after the plan was made.
        try workspace.folder.write("in the way", to: "Generated/Shop/Models")
        let before = TreeSnapshot(workspace.output)
        #expect(throws: WriteFailure.self) { try OutputWriter.apply(plan, files: files, in: workspace.output) }
        #expect(TreeSnapshot(workspace.output) == before)
    }

    @Test func anUnchangedFileKeepsItsModificationTimeThroughASuccessfulWrite() throws {
        let (workspace, plan, files) = try Self.outdatedOutput()
        let before = TreeSnapshot(workspace.output)
        try OutputWriter.apply(plan, files: files, in: workspace.output)
        let after = TreeSnapshot(workspace.output)
        for path in ["Shop/Apis/PingApi.swift", "Shop/ShopService.swift", "Shop/Apis/Mine.swift"] {
            #expect(after.entries[path] == before.entries[path], "\(path)")
        }
    }
}

/// The system's file operations, but the `failingAt`-th operation fails as a full disk would.
final class FailingFileSystem: WriterFileSystem, @unchecked Sendable {
    private let failingAt: Int
    private let lock = NSLock()
    private var count = 0
    private let system = POSIXFileSystem()

    init(failingAt: Int) {
        self.failingAt = failingAt
    }

    private func step(_ what: String) throws(WriteFailure) {
        let current = lock.withLock {
            count += 1
            return count
        }
        if current == failingAt { throw WriteFailure("cannot \(what): No space left on device") }
    }

    func makeFolder(_ path: String) throws(WriteFailure) {
        try step("create \(path)")
        try system.makeFolder(path)
    }

    func writeFile(_ path: String, _ text: String) throws(WriteFailure) {
        try step("write \(path)")
        try system.writeFile(path, text)
    }

    func move(_ source: String, to destination: String) throws(WriteFailure) {
        try step("move \(source)")
        try system.move(source, to: destination)
    }

    func removeFile(_ path: String) throws(WriteFailure) {
        try system.removeFile(path)
    }

    func removeFolder(_ path: String) throws(WriteFailure) {
        try system.removeFolder(path)
    }
}
