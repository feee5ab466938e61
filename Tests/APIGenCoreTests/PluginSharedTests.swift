import Foundation
import Testing
@testable import APIGenCore

/// The plugins' shared files (Plugins/Shared, compiled into this target through the `PluginShared`
/// link): the outputs they declare are the files apigen writes, and they find the specs apigen reads.
@Suite struct PluginSharedTests {
    @Test(arguments: [
        ("shop.yaml", "shop.swift"), ("Users/admin.yaml", "Users_admin.swift"), ("Users/admin.YML", "Users_admin.swift"),
        ("a.b/c.yml", "a.b_c.swift"), ("x/y.z.yaml", "x_y.z.swift"), ("名称/用户.yaml", "名称_用户.swift"), ("a\\b.yaml", "a_b.swift"),
    ])
    func buildOutputNamesAreApigensPerSpecFileNames(_ spec: String, _ expected: String) {
        #expect(BuildOutputs.fileNames(specs: [spec], shards: nil) == [expected, "APIGenServices.swift"])
    }

    /// A package checked out under a hidden folder (a dependency in `.build/checkouts`) still has its
    /// `apigen.yaml`; one in a hidden folder of the target does not count.
    @Test func onlyHiddenFoldersInsideTheTargetHideTheConfiguration() throws {
        let target = URL(fileURLWithPath: "/app/.build/checkouts/lib/Sources/LibAPI")
        let files = ["apigen.yaml", "shop.yaml", "Lib.swift", ".git/x.yaml"].map { target.appendingPathComponent($0) }
        for directory in [target, nil] as [URL?] {
            let found = try #require(try SpecFolder.find(in: files, target: "LibAPI", directory: directory))
            #expect(found.specs.map(\.relativePath) == ["shop.yaml"])
        }
        let hidden = [".hidden/apigen.yaml", ".hidden/shop.yaml", "Lib.swift"].map { target.appendingPathComponent($0) }
        for directory in [target, nil] as [URL?] {
            #expect(try SpecFolder.find(in: hidden, target: "LibAPI", directory: directory) == nil)
        }
    }

    @Test func declaredOutputsAreExactlyTheFilesApigenWritesWithThePluginsArguments() async throws {
        let folder = try TemporaryFolder()
        try folder.write("# apigen's configuration\n", to: "Specs/apigen.yaml")
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("service: Shop\napis:\n  Pong:\n    path: /pong\n", to: "Specs/Users/admin.yml")
        try folder.write("not: [a spec\n", to: "Specs/.hidden/settings.yaml")
        try folder.write("service: Shop\napis:\n  Peng:\n    path: /peng\n", to: "Specs/back\\slash.yaml")
        let files = folder.files(under: "Specs").map { folder.folder("Specs/" + $0) }
        let specFolder = try #require(try SpecFolder.find(in: files, target: "App"))
        #expect(specFolder.specs.map(\.relativePath) == ["Users/admin.yml", "back\\slash.yaml", "shop.yaml"])
        #expect(specFolder.committedOutput.path == folder.folder("Specs/Generated").path)

        for shards in [nil, 3] as [Int?] {
            let output = folder.folder("Out\(shards ?? 0)")
            let arguments = BuildOutputs.arguments(specFolder: specFolder.folder.path, output: output.path, shards: shards)
            let run = try await ProcessResult.run(Repository.apigen, arguments)
            #expect(run.status == 0, "\(run.errorOutput)")
            let declared = BuildOutputs.fileNames(specs: specFolder.specs.map(\.relativePath), shards: shards)
            #expect(folder.files(under: output.lastPathComponent) == declared.sorted())
        }
    }

    @Test func aTargetWithoutConfigurationIsNotASpecFolderAndTwoAreAnError() throws {
        let root = URL(fileURLWithPath: "/p/Sources/App")
        #expect(try SpecFolder.find(in: [root.appendingPathComponent("a.yaml")], target: "App") == nil)
        #expect(try SpecFolder.find(in: [root.appendingPathComponent(".git/apigen.yaml")], target: "App", directory: root) == nil)
        let two = [root.appendingPathComponent("apigen.yaml"), root.appendingPathComponent("API/apigen.yaml")]
        #expect {
            try SpecFolder.find(in: two, target: "App")
        } throws: { error in
            "\(error)" == "target 'App' holds more than one apigen.yaml (/p/Sources/App/API/apigen.yaml, /p/Sources/App/apigen.yaml); keep one, beside the specs"
        }
    }

    @Test func shardsAreReadFromTheTopLevelOutputMapping() throws {
        #expect(try ShardsSetting.read("accessModifier: internal\n", file: "apigen.yaml") == nil)
        #expect(try ShardsSetting.read("output:\n  layout: per-spec-file\n  shards: 4   # four files\n", file: "apigen.yaml") == 4)
        #expect(try ShardsSetting.read("# output:\n#   shards: 2\noutput: { layout: per-spec-file, shards: 3 }\n", file: "apigen.yaml") == 3)
        #expect(try ShardsSetting.read("output:\r\n    shards: 2\r\n", file: "apigen.yaml") == 2)
        // Only `output:` at the top, and only its own keys.
        #expect(try ShardsSetting.read("filter:\n  output:\n    shards: 2\n", file: "apigen.yaml") == nil)
        #expect(try ShardsSetting.read("output:\n  layout:\n    shards: 2\n  other: 1\n", file: "apigen.yaml") == nil)
        #expect(try ShardsSetting.read("output:\n  layout: per-api\ntemplates: T\nshards: 2\n", file: "apigen.yaml") == nil)
        #expect {
            try ShardsSetting.read("output:\n  shards: many\n", file: "/p/apigen.yaml")
        } throws: { error in
            "\(error)" == "/p/apigen.yaml:2:1: error: output shards must be a whole number from 1 to 64, not 'many'"
        }
        #expect(throws: (any Error).self) { try ShardsSetting.read("output: { shards: 65 }\n", file: "apigen.yaml") }
    }
}
