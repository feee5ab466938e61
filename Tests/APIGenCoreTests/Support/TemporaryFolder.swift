import Foundation
import APIGenCore

/// A folder under the system's temporary directory, removed when the value is released.
final class TemporaryFolder: @unchecked Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `text` at `path` (relative), creating folders.
    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The text at `path`, or `nil`.
    func read(_ path: String) -> String? {
        FileManager.default.contents(atPath: url.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Diagnostics as `path:line:col: error: message` lines, with paths relative to this folder
    /// (diagnostics name files by the absolute path the folder was given as).
    func described(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { $0.description.replacingOccurrences(of: url.path + "/", with: "") }
    }

    /// A subfolder's URL (not created).
    func folder(_ path: String) -> URL { url.appendingPathComponent(path) }

    /// Every file under `path`, relative, sorted.
    func files(under path: String) -> [String] {
        let root = folder(path).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var result: [String] = []
        for case let file as URL in enumerator where !file.hasDirectoryPath {
            result.append(String(file.resolvingSymlinksInPath().path.dropFirst(root.path.count + 1)))
        }
        return result.sorted()
    }
}
