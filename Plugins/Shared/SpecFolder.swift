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
    ///
    /// An `apigen.yaml` in a hidden folder of the target is skipped, as apigen skips hidden specs;
    /// what lies above the target does not count (a dependency is checked out under `.build/`).
    ///
    /// - Parameter directory: The target's folder; when nil (an Xcode target names none), the
    ///   deepest folder holding all of `files`.
    /// - Throws: ``PluginFailure/severalConfigs(target:files:)`` when the target holds more than one.
    static func find(in files: [URL], target: String, directory: URL? = nil) throws -> SpecFolder? {
        let root = (directory?.path ?? commonFolder(of: files.map(\.path))).withTrailingSlash
        let configs = files.filter { file in
            file.lastPathComponent == configName && !isHidden(file.path.hasPrefix(root) ? String(file.path.dropFirst(root.count)) : file.path)
        }
        guard let config = configs.first else { return nil }
        guard configs.count == 1 else {
            throw PluginFailure.severalConfigs(target: target, files: configs.map(\.path).sorted())
        }
        let folder = config.deletingLastPathComponent()
        let prefix = folder.path.withTrailingSlash
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

    /// The deepest folder that holds every one of `paths`.
    static func commonFolder(of paths: [String]) -> String {
        guard var common = paths.first.map({ $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }) else { return "/" }
        for path in paths.dropFirst() {
            let folders = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            common = common.prefix(zip(common, folders).prefix { $0 == $1 }.count)
        }
        return common.joined(separator: "/")
    }

    /// Whether a path has a component starting with `.` (apigen skips those, as `ls` does).
    private static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}

extension String {
    /// The path with one `/` at its end.
    fileprivate var withTrailingSlash: String { hasSuffix("/") ? self : self + "/" }
}
