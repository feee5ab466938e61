import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing a plan all or nothing.
extension OutputWriter {
    /// Applies a plan: writes created and updated files and deletes stale ones; on any failure the
    /// output folder is left exactly as it was.
    ///
    /// Every new text is first written to a hidden staging folder inside the output (so that renames
    /// stay on one file system and file names gain no suffix). Then each file is renamed into place,
    /// the version it replaces and each stale file moved into the staging folder rather than deleted.
    /// A failure undoes every step in reverse: new files out, old files back (the same files, so
    /// their modification times stay), created folders removed. Only when every step succeeded is
    /// the staging folder, with the old versions, deleted.
    static func apply(_ plan: OutputPlan, files: [GeneratedFile], in output: URL, fileSystem: any WriterFileSystem = POSIXFileSystem()) throws(WriteFailure) {
        guard !plan.isUpToDate else { return }
        let contents = Dictionary(files.map { ($0.path, $0.contents) }, uniquingKeysWith: { first, _ in first })
        let root = output.path
        var undo = UndoLog(fileSystem: fileSystem)
        do {
            try undo.makeFolders(root)
            let staging = root + "/.apigen-staging-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try undo.makeFolder(staging)
            undo.staging = staging
            let writes = plan.created + plan.updated
            let updated = Set(plan.updated)
            for (index, path) in writes.enumerated() {
                try fileSystem.writeFile(staging + "/\(index)", contents[path] ?? "")
            }
            for (index, path) in writes.enumerated() {
                let destination = root + "/" + path
                try undo.makeFolders(parentFolder(of: destination))
                if updated.contains(path) { try undo.moveAway(destination, to: staging + "/old-\(index)") }
                try undo.place(staging + "/\(index)", at: destination)
            }
            for (index, path) in plan.deleted.enumerated() {
                try undo.moveAway(root + "/" + path, to: staging + "/stale-\(index)")
            }
        } catch {
            let unrestored = undo.rollBack()
            let note = unrestored.isEmpty ? "; the output folder is as it was" : "; could not restore \(unrestored.joined(separator: ", "))"
            throw WriteFailure(error.description + note)
        }
        undo.discardStaging()
        for path in plan.deleted {
            removeEmptyFolders(from: output.appendingPathComponent(path).deletingLastPathComponent(), upTo: output)
        }
    }

    /// The steps of a write, to be undone in reverse when a later one fails.
    private struct UndoLog {
        enum Step {
            case madeFolder(String)
            case placed(String)
            case movedAway(String, backup: String)
        }

        let fileSystem: any WriterFileSystem
        var steps: [Step] = []
        var staging: String?

        init(fileSystem: any WriterFileSystem) {
            self.fileSystem = fileSystem
        }

        /// Creates a folder and the missing folders above it.
        mutating func makeFolders(_ path: String) throws(WriteFailure) {
            guard OutputWriter.kind(of: path) != .folder else { return }
            let parent = OutputWriter.parentFolder(of: path)
            if !parent.isEmpty { try makeFolders(parent) }
            try makeFolder(path)
        }

        mutating func makeFolder(_ path: String) throws(WriteFailure) {
            try fileSystem.makeFolder(path)
            steps.append(.madeFolder(path))
        }

        mutating func place(_ staged: String, at destination: String) throws(WriteFailure) {
            try fileSystem.move(staged, to: destination)
            steps.append(.placed(destination))
        }

        mutating func moveAway(_ path: String, to backup: String) throws(WriteFailure) {
            try fileSystem.move(path, to: backup)
            steps.append(.movedAway(path, backup: backup))
        }

        /// Undoes every step, latest first; returns what could not be put back.
        mutating func rollBack() -> [String] {
            var unrestored: [String] = []
            for step in steps.reversed() {
                switch step {
                case .placed(let path):
                    do { try fileSystem.removeFile(path) } catch { unrestored.append(path) }
                case .movedAway(let path, let backup):
                    do { try fileSystem.move(backup, to: path) } catch { unrestored.append(path) }
                case .madeFolder(let path) where path == staging:
                    discardStaging()
                case .madeFolder(let path):
                    do { try fileSystem.removeFolder(path) } catch { unrestored.append(path) }
                }
            }
            steps = []
            return unrestored
        }

        /// Deletes the staging folder and what is left in it: staged texts not placed, old versions.
        mutating func discardStaging() {
            guard let staging else { return }
            try? FileManager.default.removeItem(atPath: staging)
            self.staging = nil
        }
    }
}
