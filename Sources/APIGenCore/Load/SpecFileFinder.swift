import Foundation

/// A spec file's text and its path relative to the spec folder.
struct SpecSource: Sendable {
    /// The path relative to the spec folder, with `/` separators, e.g. `shop/orders.yaml`.
    var relativePath: String
    /// The file's text.
    var text: String
}

/// Finds every `*.yaml` and `*.yml` file under a folder, recursively, in a stable order; or takes
/// the one spec file it is given.
enum SpecFileFinder {
    static func find(in directory: URL, diagnostics: inout Diagnostics) -> [SpecSource] {
        let root = directory.standardizedFileURL
        let rootLocation = SourceLocation(file: directory.path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory) else {
            diagnostics.error("no such spec folder or file", at: rootLocation)
            return []
        }
        guard isDirectory.boolValue else {
            return singleFile(root, diagnostics: &diagnostics)
        }
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            diagnostics.error("cannot list the spec folder", at: rootLocation)
            return []
        }
        var sources: [SpecSource] = []
        let rootPath = root.resolvingSymlinksInPath().path
        for case let url as URL in enumerator {
            let ext = url.pathExtension.lowercased()
            guard ext == "yaml" || ext == "yml" else { continue }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let relative = relativePath(of: url.resolvingSymlinksInPath().path, under: rootPath)
            if let source = read(url, as: relative, diagnostics: &diagnostics) { sources.append(source) }
        }
        if sources.isEmpty, !diagnostics.hasErrors {
            diagnostics.error("no spec files (*.yaml, *.yml) found", at: rootLocation)
        }
        return sources.sorted { $0.relativePath < $1.relativePath }
    }

    /// A spec given as one file: its path in headers and diagnostics is its name.
    private static func singleFile(_ url: URL, diagnostics: inout Diagnostics) -> [SpecSource] {
        let ext = url.pathExtension.lowercased()
        guard ext == "yaml" || ext == "yml" else {
            diagnostics.error("a spec file must be named *.yaml or *.yml", at: SourceLocation(file: url.path, line: 1, column: 1))
            return []
        }
        return read(url, as: url.lastPathComponent, diagnostics: &diagnostics).map { [$0] } ?? []
    }

    private static func read(_ url: URL, as relative: String, diagnostics: inout Diagnostics) -> SpecSource? {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            diagnostics.error("cannot read file", at: SourceLocation(file: relative, line: 1, column: 1))
            return nil
        }
        guard let text = String(data: data, encoding: .utf8) else {
            diagnostics.error("file is not UTF-8 text", at: SourceLocation(file: relative, line: 1, column: 1))
            return nil
        }
        return SpecSource(relativePath: relative, text: text)
    }

    private static func relativePath(of path: String, under root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
