import Foundation
import PackagePlugin

/// The command plugin `generate-api`: for each target holding an `apigen.yaml`, runs
/// `apigen generate <folder of apigen.yaml> -o <that folder>/Generated` — the committed-output
/// workflow (`swift package --allow-writing-to-package-directory generate-api [--target T]`,
/// then `apigen check` in CI).
@main struct APIGenCommand {
    /// A target as both SwiftPM and Xcode describe it: a name and its files.
    struct Candidate {
        var name: String
        var files: [URL]
        /// The target's folder (Xcode names none).
        var directory: URL?
        /// Whether SwiftPM lists its `apigen.yaml` among its sources, as for a target using
        /// `APIGenPlugin` (a committed-output target excludes its specs).
        var listsConfigAsSource = false
    }

    /// Generates into each candidate that holds an `apigen.yaml`; `requested` are the names given
    /// with `--target`, which must each hold one.
    func run(_ candidates: [Candidate], requested: [String], tool: URL) throws {
        let unknown = requested.filter { name in !candidates.contains { $0.name == name } }
        guard unknown.isEmpty else { throw PluginFailure.unknownTargets(unknown) }
        var generated = 0
        var skipped: [String] = []
        for candidate in candidates where requested.isEmpty || requested.contains(candidate.name) {
            guard let specFolder = try SpecFolder.find(in: candidate.files, target: candidate.name, directory: candidate.directory) else {
                if requested.contains(candidate.name) { throw PluginFailure.noConfig(target: candidate.name) }
                continue
            }
            // Committed output beside the build tool plugin's would declare every type twice.
            if requested.isEmpty, candidate.listsConfigAsSource {
                log("apigen: skipping target '\(candidate.name)': it lists its apigen.yaml as a source, as a target using APIGenPlugin does (its clients are generated at build time); exclude its specs for the committed workflow, or name it with --target")
                skipped.append(candidate.name)
                continue
            }
            log("apigen: generating target '\(candidate.name)' from \(specFolder.folder.path) into \(specFolder.committedOutput.path)")
            let process = Process()
            process.executableURL = tool
            process.arguments = ["generate", specFolder.folder.path, "-o", specFolder.committedOutput.path]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw PluginFailure.apigenFailed(target: candidate.name, status: process.terminationStatus)
            }
            generated += 1
        }
        guard generated > 0 else { throw skipped.isEmpty ? PluginFailure.noTargetWithConfig : PluginFailure.onlyBuildPluginTargets(skipped) }
    }

    /// The `--target` names; anything else is refused.
    static func requestedTargets(_ arguments: [String]) throws -> [String] {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        guard extractor.remainingArguments.isEmpty else {
            throw PluginFailure.unknownArguments(extractor.remainingArguments)
        }
        return names
    }

    /// Every regular, not hidden file under `folder`, as apigen would list them.
    static func files(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(url) }
        }
        return files
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}

extension APIGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The files on disk, not `sourceFiles`: a committed-output target `exclude:`s its specs
        // (SwiftPM warns about YAML it does not handle), and the plugin must still find them.
        let candidates = context.package.targets.compactMap { target -> Candidate? in
            guard let module = target as? SourceModuleTarget else { return nil }
            return Candidate(
                name: target.name, files: Self.files(under: target.directoryURL), directory: target.directoryURL,
                listsConfigAsSource: module.sourceFiles.contains { $0.url.lastPathComponent == SpecFolder.configName }
            )
        }
        try run(candidates, requested: try Self.requestedTargets(arguments), tool: try context.tool(named: "apigen").url)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension APIGenCommand: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        let candidates = context.xcodeProject.targets.map { Candidate(name: $0.displayName, files: $0.inputFiles.map(\.url)) }
        try run(candidates, requested: try Self.requestedTargets(arguments), tool: try context.tool(named: "apigen").url)
    }
}
#endif
