public import Foundation

/// What the spec files look like on disk — each `.yaml`/`.yml` file's path, size and modification
/// time — so that a server notices an edit by comparing two fingerprints.
public struct SpecFingerprint: Equatable, Sendable {
    private var files: [String: FileStamp] = [:]

    private struct FileStamp: Equatable, Sendable {
        var size: Int
        var modified: Date
    }

    /// The fingerprint of the spec folder (searched recursively) or spec file at `specs`, and the
    /// `apigen.yaml` beside a file.
    public init(of specs: URL) {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: specs.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
            guard let walk = manager.enumerator(at: specs, includingPropertiesForKeys: keys) else { return }
            for case let url as URL in walk where ["yaml", "yml"].contains(url.pathExtension) {
                add(url)
            }
        } else {
            add(specs)
            add(specs.deletingLastPathComponent().appendingPathComponent("apigen.yaml"))
        }
    }

    private mutating func add(_ url: URL) {
        guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]),
              values.isRegularFile == true else { return }
        files[url.path] = FileStamp(size: values.fileSize ?? 0, modified: values.contentModificationDate ?? .distantPast)
    }
}
