import Foundation
import Testing
@testable import APIGenCore

@Suite struct OutputWriterTests {
    /// A spec folder and an output folder.
    struct Workspace {
        let folder: TemporaryFolder
        var specs: URL { folder.folder("Specs") }
        var output: URL { folder.folder("Generated") }

        init(_ spec: String = SpecHarness.base) throws {
            folder = try TemporaryFolder()
            try folder.write(spec, to: "Specs/shop.yaml")
        }

        func modificationDate(_ path: String) throws -> Date? {
            try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[.modificationDate] as? Date
        }
    }

    @Test func pathsAreLoweredByteByByteWhenASCIIAndByUnicodeOtherwise() {
        #expect(OutputWriter.lowercasedPath("Shop/Apis/PingApi.swift") == "shop/apis/pingapi.swift")
        #expect(OutputWriter.lowercasedPath("@[`{AZaz09") == "@[`{azaz09", "only A-Z change")
        #expect(OutputWriter.lowercasedPath("Straße/ÄPI.swift") == "straße/äpi.swift")
        #expect(OutputWriter.lowercasedPath("") == "")
    }

    @Test func aPathsParentFolderIsEverythingBeforeItsLastSlash() {
        #expect(OutputWriter.parentFolder(of: "Shop/Apis/PingApi.swift") == "Shop/Apis")
        #expect(OutputWriter.parentFolder(of: "Shop") == "")
        #expect(OutputWriter.parentFolder(of: "Çà/Ünï.swift") == "Çà")
        #expect(OutputWriter.parentFolder(of: "/a") == "")
    }

    @Test func secondRunWritesNothingAndKeepsModificationTimes() throws {
        let workspace = try Workspace()
        let first = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(first.plan?.created.count == 2)
        let before = try workspace.modificationDate("Shop/Apis/PingApi.swift")
        Thread.sleep(forTimeInterval: 0.05)
        let second = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(second.plan?.created == [])
        #expect(second.plan?.updated == [])
        #expect(second.plan?.unchanged.count == 2)
        #expect(try workspace.modificationDate("Shop/Apis/PingApi.swift") == before)
    }

    @Test func onlyChangedFilesAreRewritten() throws {
        let workspace = try Workspace(SpecHarness.base + "  Pong:\n    path: /pong\n")
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        try workspace.folder.write(SpecHarness.base + "  Pong:\n    path: /pong/v2\n", to: "Specs/shop.yaml")
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.plan?.updated == ["Shop/Apis/PongApi.swift"])
        #expect(outcome.plan?.unchanged == ["Shop/Apis/PingApi.swift", "Shop/ShopService.swift"])
        #expect(workspace.folder.read("Generated/Shop/Apis/PongApi.swift")?.contains(#"path: "/pong/v2""#) == true)
    }

    @Test func staleGeneratedFilesAreDeleted() throws {
        let workspace = try Workspace(SpecHarness.base + "  Pong:\n    path: /pong\n")
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        try workspace.folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.plan?.deleted == ["Shop/Apis/PongApi.swift"])
        #expect(workspace.folder.files(under: "Generated") == ["Shop/Apis/PingApi.swift", "Shop/ShopService.swift"])
    }

    @Test func emptiedFoldersAreRemoved() throws {
        let workspace = try Workspace(SpecHarness.base)
        try workspace.folder.write("service: Old\nenvironments: {e: \"https://a.b\"}\napis:\n  X:\n    path: /x\n", to: "Specs/old.yaml")
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        try FileManager.default.removeItem(at: workspace.specs.appendingPathComponent("old.yaml"))
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(!FileManager.default.fileExists(atPath: workspace.output.appendingPathComponent("Old").path))
    }

    @Test func foreignFilesAreNeverTouched() throws {
        let workspace = try Workspace()
        try workspace.folder.write("// my own helper\n", to: "Generated/Shop/Apis/Helper.swift")
        try workspace.folder.write("notes", to: "Generated/Shop/README.md")
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.plan?.deleted == [])
        #expect(workspace.folder.read("Generated/Shop/Apis/Helper.swift") == "// my own helper\n")
        #expect(workspace.folder.read("Generated/Shop/README.md") == "notes")
    }

    @Test func aForeignFileInTheWayIsAnErrorAndNothingIsWritten() throws {
        let workspace = try Workspace(SpecHarness.base + "  Pong:\n    path: /pong\n")
        try workspace.folder.write("// hand-written\n", to: "Generated/Shop/Apis/PingApi.swift")
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.message.hasPrefix("refusing to overwrite Shop/Apis/PingApi.swift") == true)
        #expect(workspace.folder.read("Generated/Shop/Apis/PingApi.swift") == "// hand-written\n")
        #expect(workspace.folder.read("Generated/Shop/Apis/PongApi.swift") == nil)
    }

    /// The comparison reads at most one byte more than the wanted text: a generated file one byte
    /// longer or shorter is stale, a longer hand-written one foreign, a short one foreign, and a
    /// FIFO in the way is reported, not waited on.
    @Test func filesLongerShorterOrNotFilesAreToldApart() throws {
        let workspace = try Workspace()
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        let path = "Generated/Shop/Apis/PingApi.swift"
        let generated = try #require(workspace.folder.read(path))
        for (text, state) in [(generated + "\n", "stale"), (String(generated.dropLast()), "stale"), ("// hand-written\n" + generated, "foreign"), ("/", "foreign"), ("", "foreign")] {
            try workspace.folder.write(text, to: path)
            let outcome = Generator.compare(specs: workspace.specs, output: workspace.output)
            if state == "stale" {
                #expect(outcome.plan?.updated == ["Shop/Apis/PingApi.swift"], "\(text.utf8.count) bytes")
            } else {
                #expect(outcome.diagnostics.first?.message.hasPrefix("refusing to overwrite Shop/Apis/PingApi.swift") == true, "\(text.utf8.count) bytes")
            }
        }
        try FileManager.default.removeItem(at: workspace.output.appendingPathComponent("Shop/Apis/PingApi.swift"))
        #expect(mkfifo(workspace.output.appendingPathComponent("Shop/Apis/PingApi.swift").path, 0o644) == 0)
        let outcome = Generator.compare(specs: workspace.specs, output: workspace.output)
        #expect(outcome.diagnostics.first?.message.hasPrefix("refusing to overwrite Shop/Apis/PingApi.swift") == true)
    }

    @Test func specErrorsWriteNothing() throws {
        let workspace = try Workspace()
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        let before = workspace.folder.files(under: "Generated").map { workspace.folder.read("Generated/" + $0) }
        try workspace.folder.write(SpecHarness.base + "  Broken:\n    path: nope\n", to: "Specs/shop.yaml")
        let outcome = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(outcome.hasErrors)
        #expect(workspace.folder.files(under: "Generated").map { workspace.folder.read("Generated/" + $0) } == before)
    }

    @Test func compareReportsWhatIsOutOfDate() throws {
        let workspace = try Workspace()
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        #expect(Generator.compare(specs: workspace.specs, output: workspace.output).plan?.isUpToDate == true)
        try workspace.folder.write(SpecHarness.base.replacingOccurrences(of: "/ping", with: "/ping2") + "  New:\n    path: /new\n", to: "Specs/shop.yaml")
        let plan = try #require(Generator.compare(specs: workspace.specs, output: workspace.output).plan)
        #expect(plan.created == ["Shop/Apis/NewApi.swift"])
        #expect(plan.updated == ["Shop/Apis/PingApi.swift"])
        #expect(workspace.folder.read("Generated/Shop/Apis/NewApi.swift") == nil, "compare writes nothing")
    }

    /// The search for stale files lists the folder itself (not with Foundation's enumerator): what it
    /// deletes and leaves alone stays the same.
    @Test func staleFilesAreSoughtOutsideHiddenEntriesAndLinksLeadingOut() throws {
        let workspace = try Workspace()
        _ = Generator.generate(specs: workspace.specs, output: workspace.output)
        let stale = "// Generated by apigen from shop.yaml. Do not edit.\n"
        for path in ["Generated/Shop/Models/Stale.swift", "Generated/.hidden/Stale.swift", "Generated/Shop/.Stale.swift", "Generated/Shop/Stale.txt", "Outside/Stale.swift", "Generated/Shop/Linked/Target.swift"] {
            try workspace.folder.write(stale, to: path)
        }
        let links = workspace.output.appendingPathComponent("Shop")
        try FileManager.default.createSymbolicLink(atPath: links.appendingPathComponent("Out.swift").path, withDestinationPath: "../../Outside/Stale.swift")
        let outcome = Generator.compare(specs: workspace.specs, output: workspace.output)
        // A link leading out of the output folder is left alone, as are hidden entries and other extensions.
        #expect(outcome.plan?.deleted == ["Shop/Linked/Target.swift", "Shop/Models/Stale.swift"])
    }

    /// `apigen import` writes only its folder's own files: importing again into `Specs/` leaves the
    /// specs another import wrote into `Specs/Petstore/` (it deleted them as stale), and still
    /// deletes its own stale files at the top.
    @Test func importSweepsOnlyTheTopOfItsFolder() throws {
        let folder = try TemporaryFolder()
        let header = "# Generated by apigen import openapi from a.yaml. Do not edit.\n"
        try folder.write(header + "service: Petstore\n", to: "Specs/Petstore/service.yaml")
        try folder.write(header + "apis: {}\n", to: "Specs/old.yaml")
        let outcome = Generator.write([GeneratedFile(path: "service.yaml", contents: header + "service: O\n")], kind: .specs, to: folder.folder("Specs"))
        #expect(!outcome.hasErrors, "\(outcome.diagnostics)")
        #expect(outcome.plan?.deleted == ["old.yaml"])
        #expect(folder.files(under: "Specs") == ["Petstore/service.yaml", "service.yaml"])
    }
}
