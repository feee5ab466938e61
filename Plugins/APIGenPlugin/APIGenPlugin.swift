import Foundation
import PackagePlugin

/// The build tool plugin: generates a target's API clients from the specs beside its `apigen.yaml`
/// into the plugin's work folder on every build where a spec or `apigen.yaml` changed.
///
/// Output names must be known before apigen runs, so apigen writes one file per spec file
/// (`Users/admin.yaml` → `Users_admin.swift`) and `APIGenServices.swift`, or, when `apigen.yaml`
/// sets `output: shards: N`, exactly `APIGenShard1.swift` … `APIGenShardN.swift`. apigen rewrites
/// only files whose text changed, so an edit to one spec recompiles that spec's file.
@main struct APIGenPlugin {
    func commands(files: [URL], target: String, directory: URL?, workFolder: URL, tool: URL) throws -> [Command] {
        guard let specFolder = try SpecFolder.find(in: files, target: target, directory: directory) else {
            Diagnostics.warning("target '\(target)' uses APIGenPlugin but holds no apigen.yaml; nothing is generated (see docs/plugins.md)")
            return []
        }
        guard !specFolder.specs.isEmpty else {
            throw PluginFailure.noSpecs(target: target, folder: specFolder.folder.path)
        }
        let committed = specFolder.committedOutput.path + "/"
        if files.contains(where: { $0.pathExtension == "swift" && $0.path.hasPrefix(committed) }) {
            throw PluginFailure.committedOutputBeside(target: target, folder: specFolder.committedOutput.path)
        }
        let configText = try String(contentsOf: specFolder.config, encoding: .utf8)
        let shards = try ShardsSetting.read(configText, file: specFolder.config.path)
        let output = workFolder.appendingPathComponent("APIGen", isDirectory: true)
        let names = BuildOutputs.fileNames(specs: specFolder.specs.map(\.relativePath), shards: shards)
        return [
            .buildCommand(
                displayName: "apigen: generating \(target)'s API clients from \(specFolder.specs.count) spec file\(specFolder.specs.count == 1 ? "" : "s")",
                executable: tool,
                arguments: BuildOutputs.arguments(specFolder: specFolder.folder.path, output: output.path, shards: shards),
                inputFiles: [specFolder.config] + specFolder.specs.map(\.url),
                outputFiles: names.map { output.appendingPathComponent($0) }
            )
        ]
    }
}

extension APIGenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return try commands(
            files: module.sourceFiles.map(\.url),
            target: target.name,
            directory: target.directoryURL,
            workFolder: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "apigen").url
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension APIGenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try commands(
            files: target.inputFiles.map(\.url),
            target: target.displayName,
            directory: nil,
            workFolder: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "apigen").url
        )
    }
}
#endif
