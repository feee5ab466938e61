public import Foundation

/// Keeps the last rendering of each spec folder with the exact inputs it came from, so that a run
/// whose inputs and apigen build are unchanged (the usual `apigen check` in a pre-commit hook, a
/// build phase, CI on a warm machine) skips parsing, resolving and rendering.
///
/// An entry is reused only when its inputs are byte for byte those of the run — every spec file's
/// path and text, the configuration file's, the template overrides', the layout chosen — and it was
/// made by this very build of apigen (``GeneratorIdentity``); anything else renders afresh. Only
/// runs without any diagnostic are kept, so a reused one reports nothing either. The cache holds
/// at most ``maxEntries`` entries (the least recently written go first), each written atomically,
/// and failing to read or write it never fails a run.
public struct RenderCache: Sendable {
    /// The folder the entries are kept in.
    public var folder: URL

    /// The most entries kept; older ones are deleted when a new one is written.
    public static let maxEntries = 16

    /// A cache in `folder` (created when the first entry is written).
    public init(folder: URL) {
        self.folder = folder
    }

    /// The folder the command line uses: `APIGEN_CACHE_DIR` when set, else `apigen` in the user's
    /// cache folder (`~/.cache`, `$XDG_CACHE_HOME`, `~/Library/Caches`); `nil` when neither exists.
    public static var defaultFolder: URL? {
        if let folder = ProcessInfo.processInfo.environment["APIGEN_CACHE_DIR"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true)
        }
        return FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.appendingPathComponent("apigen", isDirectory: true)
    }

    /// The first bytes of every entry; a new format changes the number.
    private static let magic = Array("apigen render cache 2\n".utf8)

    /// The checksum an entry keeps of its outcome's bytes, as a record's number (63 bits).
    private static func checksum(_ bytes: UnsafeRawBufferPointer) -> Int {
        Int(FNV1a64.wordChecksum(bytes) >> 1)
    }

    /// The outcome kept for `key`, when there is one made from the same inputs by this build. The
    /// stored key is read and compared first, so that an outdated entry costs no more than its key.
    func lookup(_ key: RenderCacheKey) -> Generator.Outcome? {
        guard let handle = try? FileHandle(forReadingFrom: entry(for: key)) else { return nil }
        defer { try? handle.close() }
        let headerSize = Self.magic.count + 8
        guard let header = try? handle.read(upToCount: headerSize), header.count == headerSize,
              Self.keyLength(inHeader: header) == key.bytes.count,
              let storedKey = try? handle.read(upToCount: key.bytes.count), storedKey.count == key.bytes.count,
              storedKey.withUnsafeBytes({ stored in key.bytes.withUnsafeBytes { $0.hasSameBytes(as: stored) } }),
              let payload = try? handle.readToEnd()
        else { return nil }
        return payload.withUnsafeBytes { bytes in
            // The outcome's checksum first: a damaged entry (a changed byte in a kept file) is a miss,
            // not output that `check` would then call up to date.
            var reader = CacheRecord.Reader(bytes)
            guard let checksum = reader.number(), checksum == Self.checksum(UnsafeRawBufferPointer(rebasing: bytes[8...])) else { return nil }
            return Self.readOutcome(&reader)
        }
    }

    /// The length of the key an entry starts with, from its first bytes; `nil` when they are not an
    /// entry's.
    private static func keyLength(inHeader header: Data) -> Int? {
        guard header.starts(with: magic) else { return nil }
        return header.withUnsafeBytes { raw in
            var reader = CacheRecord.Reader(UnsafeRawBufferPointer(rebasing: raw[magic.count...]))
            return reader.number()
        }
    }

    /// Keeps `outcome` (of a run without any diagnostic) for `key`, replacing the entry of an earlier run.
    func store(_ outcome: Generator.Outcome, for key: RenderCacheKey) {
        guard outcome.diagnostics.isEmpty else { return }
        let size = outcome.files.reduce(Self.magic.count + key.bytes.count + 64) { $0 + $1.path.utf8.count + $1.contents.utf8.count + 16 }
        var writer = CacheRecord.Writer(capacity: size)
        writer.append(raw: Self.magic)
        key.bytes.withUnsafeBufferPointer { writer.append(bytes: $0) }
        // The checksum's place, filled once the outcome behind it is written.
        let checksumOffset = writer.bytes.count
        writer.append(0)
        Self.write(outcome, to: &writer)
        writer.set(writer.bytes.withUnsafeBytes { Self.checksum(UnsafeRawBufferPointer(rebasing: $0[(checksumOffset + 8)...])) }, at: checksumOffset)
        let entry = entry(for: key)
        // Written beside the entry, then renamed over it: a reader sees the old entry or the new one.
        let temporary = folder.appendingPathComponent(".\(entry.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).\(UInt32.random(in: 0...UInt32.max))")
        // Not synced to disk (Foundation's `Data.write` would sync): a lost entry only means rendering again.
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try writer.bytes.withUnsafeBytes { bytes in Result { () throws(WriteFailure) in try POSIXFileSystem.writeNewFile(temporary.path, bytes) } }.get()
            try POSIXFileSystem().move(temporary.path, to: entry.path)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        prune()
    }

    /// The entry file of the spec folder and choices `key` describes.
    private func entry(for key: RenderCacheKey) -> URL {
        folder.appendingPathComponent("\(key.name).render")
    }

    /// Deletes the oldest entries beyond ``maxEntries``, and leftovers of writes that were cut short.
    private func prune() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder.path) else { return }
        var entries: [(path: String, modified: Date)] = []
        let hourAgo = Date().addingTimeInterval(-3_600)
        for name in names {
            let path = folder.appendingPathComponent(name).path
            guard let modified = (try? manager.attributesOfItem(atPath: path))?[.modificationDate] as? Date else { continue }
            if name.hasSuffix(".render") {
                entries.append((path, modified))
            } else if name.hasPrefix("."), name.contains(".render."), modified < hourAgo {
                try? manager.removeItem(atPath: path)
            }
        }
        guard entries.count > Self.maxEntries else { return }
        for stale in entries.sorted(by: { $0.modified > $1.modified }).dropFirst(Self.maxEntries) {
            try? manager.removeItem(atPath: stale.path)
        }
    }

    private static func write(_ outcome: Generator.Outcome, to writer: inout CacheRecord.Writer) {
        writer.append(outcome.files.count)
        for file in outcome.files {
            writer.append(file.path)
            writer.append(file.contents)
        }
    }

    private static func readOutcome(_ reader: inout CacheRecord.Reader) -> Generator.Outcome? {
        guard let fileCount = reader.number() else { return nil }
        var files: [GeneratedFile] = []
        files.reserveCapacity(min(fileCount, 1 << 20))
        for _ in 0..<fileCount {
            guard let path = reader.text(), let contents = reader.text() else { return nil }
            files.append(GeneratedFile(path: path, contents: contents))
        }
        guard reader.isAtEnd else { return nil }
        return Generator.Outcome(diagnostics: [], files: files)
    }
}
