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

/// Finds every `*.yaml` and `*.yml` file under a folder, recursively, in a stable order; or takes
/// the one spec file it is given. The configuration (`apigen.yaml` at the folder's top, or the file
/// given as `configuration`) is never a spec.
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
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            diagnostics.error("cannot list the spec folder", at: rootLocation)
            return []
        }
        var found: [(url: URL, relative: String, display: String)] = []
        let rootPath = root.resolvingSymlinksInPath().path
        let configurationPath = configuration?.standardizedFileURL.resolvingSymlinksInPath().path
        for case let url as URL in enumerator {
            let ext = url.pathExtension.lowercased()
            guard ext == "yaml" || ext == "yml", isRegularFile(url.path) else { continue }
            let resolved = url.resolvingSymlinksInPath().path
            let relative = relativePath(of: resolved, under: rootPath)
            guard relative != configurationName, resolved != configurationPath else { continue }
            found.append((url, relative, displayRoot.hasSuffix("/") ? displayRoot + relative : displayRoot + "/" + relative))
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

    /// A regular file itself, not a link to one: what the folder's listing calls a regular file
    /// (`lstat`, which costs a fraction of asking `URL` for its resource values).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
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

    private static func relativePath(of path: String, under root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
