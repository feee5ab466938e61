import Foundation

/// A spec file's text and its path relative to the spec folder.
struct SpecSource: Sendable {
    /// The path relative to the spec folder, with `/` separators, e.g. `shop/orders.yaml`.
    var relativePath: String
    /// The file's text.
    var text: String
}

/// Finds every `*.yaml` and `*.yml` file under a folder, recursively, in a stable order.
enum SpecFileFinder {
    static func find(in directory: URL, diagnostics: inout Diagnostics) -> [SpecSource] {
        let root = directory.standardizedFileURL
        let rootLocation = SourceLocation(file: directory.path, line: 1, column: 1)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            diagnostics.error("spec folder does not exist or is not a folder", at: rootLocation)
            return []
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
            guard let data = FileManager.default.contents(atPath: url.path) else {
                diagnostics.error("cannot read file", at: SourceLocation(file: relative, line: 1, column: 1))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                diagnostics.error("file is not UTF-8 text", at: SourceLocation(file: relative, line: 1, column: 1))
                continue
            }
            sources.append(SpecSource(relativePath: relative, text: text))
        }
        if sources.isEmpty, !diagnostics.hasErrors {
            diagnostics.error("no spec files (*.yaml, *.yml) found", at: rootLocation)
        }
        return sources.sorted { $0.relativePath < $1.relativePath }
    }

    private static func relativePath(of path: String, under root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : (path as NSString).lastPathComponent
    }
}
