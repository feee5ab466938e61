import Foundation

/// Everything under a folder, hidden entries included: each entry's kind, and each file's bytes and
/// modification time. Two equal snapshots mean nothing was written, moved, left behind or touched.
struct TreeSnapshot: Equatable, CustomStringConvertible {
    var entries: [String: String]

    init(_ root: URL) {
        entries = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root.path) else { return }
        while let path = enumerator.nextObject() as? String {
            let full = root.appendingPathComponent(path).path
            let attributes = (try? FileManager.default.attributesOfItem(atPath: full)) ?? [:]
            if attributes[.type] as? FileAttributeType == .typeDirectory {
                entries[path] = "folder"
            } else {
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
                let bytes = FileManager.default.contents(atPath: full) ?? Data()
                entries[path] = "file modified \(modified): \(String(decoding: bytes, as: UTF8.self))"
            }
        }
    }

    var description: String {
        entries.keys.sorted().map { "\($0) → \(entries[$0]?.prefix(60) ?? "")" }.joined(separator: "\n")
    }
}
