import Foundation

/// The folder a target keeps its API specs in: the folder holding its `apigen.yaml`.
///
/// apigen reads every `*.yaml` and `*.yml` file under that folder (recursively, skipping hidden
/// files and folders) as a spec, except the `apigen.yaml` itself; this type finds the same files
/// among a target's files so a plugin can name them before apigen runs.
struct SpecFolder {
    /// The name of the configuration file that marks a spec folder.
    static let configName = "apigen.yaml"

    /// The `apigen.yaml` file.
    var config: URL
    /// The folder holding `apigen.yaml`: what apigen is given as its spec folder.
    var folder: URL
    /// Every spec file under ``folder``, by its path relative to it (`Users/admin.yaml`), sorted.
    var specs: [(relativePath: String, url: URL)]

    /// The spec folder among `files` (a target's files), or nil when none of them is `apigen.yaml`.
    /// - Throws: ``PluginFailure/severalConfigs(target:files:)`` when the target holds more than one.
    static func find(in files: [URL], target: String) throws -> SpecFolder? {
        let configs = files.filter { $0.lastPathComponent == configName && !isHidden($0.path) }
        guard let config = configs.first else { return nil }
        guard configs.count == 1 else {
            throw PluginFailure.severalConfigs(target: target, files: configs.map(\.path).sorted())
        }
        let folder = config.deletingLastPathComponent()
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        var specs: [(relativePath: String, url: URL)] = []
        for file in files where file.path.hasPrefix(prefix) && file.path != config.path {
            let relative = String(file.path.dropFirst(prefix.count))
            let ext = file.pathExtension.lowercased()
            guard ext == "yaml" || ext == "yml", !isHidden(relative) else { continue }
            specs.append((relative, file))
        }
        specs.sort { $0.relativePath < $1.relativePath }
        return SpecFolder(config: config, folder: folder, specs: specs)
    }

    /// The folder the command plugin writes into: `Generated/` beside `apigen.yaml`.
    var committedOutput: URL { folder.appendingPathComponent("Generated", isDirectory: true) }

    /// Whether a path has a component starting with `.` (apigen skips those, as `ls` does).
    private static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
