import Foundation

/// A spec file's text, its path relative to the spec folder and its path as the user gave it.
struct SpecSource: Sendable {
    /// The path relative to the spec folder, with `/` separators, e.g. `shop/orders.yaml`: the
    /// name generated files are said to come from, the same wherever the folder is.
    var relativePath: String
    /// The path diagnostics use: the spec folder as the user gave it (relative or absolute) joined
    /// with ``relativePath``, e.g. `Specs/shop/orders.yaml`, so editors and terminals can open it.
    var displayPath: String
    /// The file's text.
    var text: String
}

/// Finds every `*.yaml` and `*.yml` file under a folder, recursively (through links to files and
/// folders, skipping hidden entries), in a stable order; or takes the one spec file it is given.
/// The configuration (`apigen.yaml` at the folder's top, or the file given as `configuration`) is
/// never a spec.
enum SpecFileFinder {
    /// The configuration file's name.
    static let configurationName = "apigen.yaml"

    static func find(in directory: URL, excluding configuration: URL? = nil, diagnostics: inout Diagnostics) -> [SpecSource] {
        let root = directory.standardizedFileURL
        // `relativePath` is the path as given: `Specs` for `Specs/`, the full path when absolute.
        let displayRoot = directory.relativePath
        let rootLocation = SourceLocation(file: displayRoot, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            diagnostics.error("no such spec folder or file", at: rootLocation)
            return []
        }
        guard isDirectory.boolValue else {
            return singleFile(root, as: displayRoot, diagnostics: &diagnostics)
        }
        let rootPath = root.resolvingSymlinksInPath().path
        guard access(rootPath, R_OK | X_OK) == 0 else {
            diagnostics.error("cannot list the spec folder", at: rootLocation)
            return []
        }
        let configurationPath = configuration?.standardizedFileURL.resolvingSymlinksInPath().path
        var found: [(url: URL, relative: String, display: String)] = []
        // The output folder's walk (`readdir`, hidden entries skipped), following links: specs shared
        // between projects are often linked in. A broken link named like a spec is reported when
        // it cannot be read.
        for file in OutputWriter.files(below: rootPath, followingLinks: true) {
            let ext = OutputWriter.fileExtension(of: OutputWriter.lastComponent(of: file.relative)).lowercased()
            let path = rootPath.hasSuffix("/") ? rootPath + file.relative : rootPath + "/" + file.relative
            guard ext == "yaml" || ext == "yml", file.relative != configurationName, path != configurationPath else { continue }
            let display = displayRoot.hasSuffix("/") ? displayRoot + file.relative : displayRoot + "/" + file.relative
            // Another folder's configuration (a package's targets side by side, each with its own).
            if OutputWriter.lastComponent(of: file.relative) == configurationName {
                diagnostics.error(
                    "\(configurationName) configures the folder it is in, which is not this spec folder: give apigen that folder (one run per folder)",
                    at: SourceLocation(file: display, line: 1, column: 1)
                )
                continue
            }
            // A configuration under the other extension would be read as a spec, with errors that
            // do not say why.
            if OutputWriter.lastComponent(of: file.relative) == "apigen.yml" {
                diagnostics.error("apigen.yml is not read: apigen's configuration must be named \(configurationName); rename it", at: SourceLocation(file: display, line: 1, column: 1))
                continue
            }
            found.append((URL(fileURLWithPath: path), file.relative, display))
        }
        found.sort { $0.relative < $1.relative }
        // The files are read on all cores; what cannot be read is reported in the files' order.
        let texts = ConcurrentMap.map(found) { file -> (SpecSource?, Diagnostics) in
            var fileDiagnostics = Diagnostics()
            return (read(file.url, as: file.relative, shownAs: file.display, diagnostics: &fileDiagnostics), fileDiagnostics)
        }
        for (_, fileDiagnostics) in texts { diagnostics.append(contentsOf: fileDiagnostics) }
        let sources = texts.compactMap(\.0)
        if sources.isEmpty, !diagnostics.hasErrors {
            diagnostics.error("no spec files (*.yaml, *.yml) found", at: rootLocation)
        }
        return sources
    }

    /// A spec given as one file: its path in headers is its name, in diagnostics the path given.
    private static func singleFile(_ url: URL, as display: String, diagnostics: inout Diagnostics) -> [SpecSource] {
        let ext = url.pathExtension.lowercased()
        guard ext == "yaml" || ext == "yml" else {
            diagnostics.error("a spec file must be named *.yaml or *.yml", at: SourceLocation(file: display, line: 1, column: 1))
            return []
        }
        guard url.lastPathComponent != configurationName else {
            diagnostics.error("\(configurationName) is apigen's configuration, not a spec; give the spec folder or a spec file", at: SourceLocation(file: display, line: 1, column: 1))
            return []
        }
        return read(url, as: url.lastPathComponent, shownAs: display, diagnostics: &diagnostics).map { [$0] } ?? []
    }

    private static func read(_ url: URL, as relative: String, shownAs display: String, diagnostics: inout Diagnostics) -> SpecSource? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.error("cannot read file", at: SourceLocation(file: display, line: 1, column: 1))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.error("file is not UTF-8 text", at: SourceLocation(file: display, line: 1, column: 1))
            return nil
        }
        return SpecSource(relativePath: relative, displayPath: display, text: text)
    }
}
