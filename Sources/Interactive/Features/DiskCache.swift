public import Foundation

/// The disk tier of the response cache: one file per entry in a directory, written atomically
/// (a temporary file renamed into place), read back after a restart, bounded in total bytes by
/// evicting the least recently used files.
///
/// A file that is truncated, corrupted, of another format or stored under a colliding name is a
/// miss (and is deleted); reading never crashes on bad bytes.
public final class DiskCache: Sendable {
    /// The directory holding the entries.
    public let directory: URL
    /// The most bytes the files may take together.
    public let maxBytes: Int
    private let state: Locked<State>

    private struct State {
        /// File name → (size, last use); loaded from the directory at start.
        var files: [String: (size: Int, lastUse: Date)] = [:]
        var bytes = 0
    }

    /// Opens (creating if needed) a cache in `directory`, bounded to `maxBytes` (50 MiB by default).
    public init(directory: URL, maxBytes: Int = 50 << 20) throws(InteractiveError) {
        self.directory = directory
        self.maxBytes = max(0, maxBytes)
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .invalidRequest("cannot create cache directory \(directory.path): \(error)")
        }
        var initial = State()
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let contents = (try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        for url in contents where url.pathExtension == "cache" {
            let values = try? url.resourceValues(forKeys: Set(keys))
            let size = values?.fileSize ?? 0
            initial.files[url.lastPathComponent] = (size, values?.contentModificationDate ?? .distantPast)
            initial.bytes += size
        }
        state = Locked(initial)
    }

    /// The fresh entry stored under `key`, or `nil` for a missing, expired, unreadable or foreign file.
    public func entry(for key: CacheKey, now: Date) -> CacheEntry? {
        let url = directory.appendingPathComponent(key.fileName)
        return state.withLock { state -> CacheEntry? in
            guard state.files[key.fileName] != nil else { return nil }
            guard let data = try? Data(contentsOf: url), let entry = CacheEntryFile.decode(data) else {
                // Truncated or corrupted: a miss; drop the file so it is rewritten on the next store.
                remove(key.fileName, in: &state)
                return nil
            }
            // Another key hashing to the same file name is a miss, not a wrong answer.
            guard entry.key == key.text else { return nil }
            guard entry.isFresh(at: now) else {
                remove(key.fileName, in: &state)
                return nil
            }
            state.files[key.fileName]?.lastUse = now
            return entry
        }
    }

    /// Writes an entry atomically, then evicts least-recently-used files until the bound holds.
    /// Write failures (disk full, permissions) are ignored: the cache is an optimisation.
    public func store(_ entry: CacheEntry, key: CacheKey, now: Date) {
        guard let data = CacheEntryFile.encode(entry), data.count <= maxBytes else { return }
        let url = directory.appendingPathComponent(key.fileName)
        state.withLock { state in
            do {
                try data.write(to: url, options: .atomic)
            } catch {
                return
            }
            if let old = state.files[key.fileName] { state.bytes -= old.size }
            state.files[key.fileName] = (data.count, now)
            state.bytes += data.count
            while state.bytes > maxBytes,
                  let oldest = state.files.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                remove(oldest.key, in: &state)
            }
        }
    }

    /// Deletes every entry.
    public func removeAll() {
        state.withLock { state in
            for name in state.files.keys { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
            state = State()
        }
    }

    /// The bytes the files take, as far as this instance knows.
    public var totalBytes: Int { state.withLock { $0.bytes } }

    private func remove(_ name: String, in state: inout State) {
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        if let old = state.files.removeValue(forKey: name) { state.bytes -= old.size }
    }
}
