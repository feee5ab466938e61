import Foundation

/// A run's configuration, the file it came from and that file's text (`nil` when there is none:
/// every default).
struct LoadedConfiguration: Sendable {
    /// The settings (every default without a file).
    var configuration: Configuration
    /// The file read, given with `--config` or found beside the specs.
    var file: URL?
    /// The file's text, part of what a kept rendering is matched against (``RenderCacheKey``).
    var text: String?
}

/// Finds and reads `apigen.yaml`: the file given with `--config`, or the one in the spec folder
/// (beside the spec file when one file is given).
enum ConfigurationLoader {
    /// The configuration, the file it came from and its text. Problems are reported in
    /// `diagnostics`, located in the configuration file.
    static func load(specs: URL, explicit: URL?, diagnostics: inout Diagnostics) -> LoadedConfiguration {
        let file: URL
        let shown: String
        if let explicit {
            file = explicit
            shown = explicit.relativePath
            guard FileManager.default.fileExists(atPath: file.path) else {
                diagnostics.error("no such configuration file", at: SourceLocation(file: shown, line: 1, column: 1))
                return LoadedConfiguration(configuration: Configuration())
            }
        } else {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory)
            let folder = exists && isDirectory.boolValue ? specs.relativePath : (specs.relativePath as NSString).deletingLastPathComponent
            shown = folder.isEmpty ? SpecFileFinder.configurationName : (folder.hasSuffix("/") ? folder : folder + "/") + SpecFileFinder.configurationName
            file = URL(fileURLWithPath: shown)
            guard FileManager.default.fileExists(atPath: file.path) else { return LoadedConfiguration(configuration: Configuration()) }
        }
        guard let data = FileManager.default.contents(atPath: file.path), let text = String(data: data, encoding: .utf8) else {
            // Why it could not be read is looked up only when it could not.
            var isFolder: ObjCBool = false
            let problem = FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && isFolder.boolValue
                ? "the configuration is a folder; give the file itself, such as \(SpecFileFinder.configurationName)"
                : "cannot read the configuration file (it must be UTF-8 text)"
            diagnostics.error(problem, at: SourceLocation(file: shown, line: 1, column: 1))
            return LoadedConfiguration(configuration: Configuration(), file: file)
        }
        let configuration = parse(text, path: shown, folder: file.deletingLastPathComponent(), diagnostics: &diagnostics)
        return LoadedConfiguration(configuration: configuration, file: file, text: text)
    }

    /// Parses configuration text; `path` names it in diagnostics.
    static func parse(_ text: String, path: String, folder: URL, diagnostics: inout Diagnostics) -> Configuration {
        // A file of nothing but comments sets nothing (YAML reads it as no document at all).
        let isBlank = text.split(whereSeparator: \.isNewline).allSatisfy { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#")
        }
        if isBlank { return Configuration(path: path) }
        guard let root = YAMLLoader.load(text, file: path, diagnostics: &diagnostics) else { return Configuration(path: path) }
        var parser = ConfigurationParser(folder: folder)
        let configuration = parser.parse(root, path: path)
        diagnostics.append(contentsOf: parser.reader.diagnostics)
        return configuration
    }
}
