import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks made before the first write, so that a run either writes everything or nothing: names the
/// file system refuses, paths that only differ in case, something in the way, folders not writable.
extension OutputWriter {
    /// The longest file or folder name Linux and macOS file systems take, in UTF-8 bytes.
    static let maxNameBytes = 255

    /// The longest path the system takes, in bytes, counting the terminating zero.
    static let maxPathBytes = Int(PATH_MAX)

    /// What the names of the paths to write say, before anything on disk is looked at: names and
    /// paths too long, paths that differ only in case, and the folders the paths need.
    struct PathNames: Sendable {
        var diagnostics = Diagnostics()
        /// Each folder once, parents first.
        var folders: [String] = []
    }

    /// Checks the names of `paths` (relative to `output`); needs no file system, so `plan` does it
    /// while the files are read.
    static func checkNames(_ paths: [String], in output: URL) -> PathNames {
        let rootLength = output.path.utf8.count
        let shown = output.relativePath  // the output path as the user gave it
        var names = PathNames()
        func report(_ message: String, _ path: String) {
            names.diagnostics.error(message, at: SourceLocation(file: path.isEmpty ? shown : shown + "/" + path, line: 1, column: 1))
        }
        var spellings = [String: String](minimumCapacity: paths.count)  // lowercased → as written, for files and folders
        var folderClashes: [String: Bool] = [:]  // each folder once: whether it or a parent clashes
        /// Notes a path's spelling; `false` when an earlier path spells it in another case.
        func noteSpelling(_ path: String) -> Bool {
            let lowered = lowercasedPath(path)
            guard let other = spellings[lowered] else {
                spellings[lowered] = path
                return true
            }
            guard other == path else {
                report("\(path) and \(other) differ only in case, which macOS and Windows do not tell apart", path)
                return false
            }
            return true
        }
        /// Notes a folder and its parents, parents first; whether any of them clashes. Only the first
        /// clash of a path is reported: below a clashing folder everything clashes.
        func noteFolder(_ folder: String) -> Bool {
            if let clashes = folderClashes[folder] { return clashes }
            let parent = parentFolder(of: folder)
            let clashes = (!parent.isEmpty && noteFolder(parent)) || !noteSpelling(folder)
            folderClashes[folder] = clashes
            names.folders.append(folder)
            return clashes
        }
        for path in paths {
            if path.utf8.count > maxNameBytes {
                for component in components(of: path) where component.utf8.count > maxNameBytes {
                    report("cannot write \(path): the name \(component.prefix(40))… is \(component.utf8.count) bytes long, and file systems allow \(maxNameBytes)", path)
                }
            }
            if rootLength + 1 + path.utf8.count >= maxPathBytes {
                report("cannot write \(path): the full path is longer than the system's limit of \(maxPathBytes - 1) bytes", path)
            }
            let folder = parentFolder(of: path)
            if folder.isEmpty || !noteFolder(folder) { _ = noteSpelling(path) }
        }
        return names
    }

    /// Reports every problem with writing `paths` (relative to `output`) and deleting `deleted`:
    /// what ``checkNames(_:in:)`` found (`names`), and what is in the way on disk. `isRead[i]` says
    /// that `paths[i]` was just read as a file: nothing is in its way, so it is not looked at again.
    static func checkPaths(_ paths: [String], names: PathNames, isRead: [Bool], deleted: [String], in output: URL, diagnostics: inout Diagnostics) {
        let root = output.path
        let shown = output.relativePath  // the output path as the user gave it
        func report(_ message: String, _ path: String) {
            diagnostics.error(message, at: SourceLocation(file: path.isEmpty ? shown : shown + "/" + path, line: 1, column: 1))
        }
        diagnostics.append(contentsOf: names.diagnostics)
        for (path, isRead) in zip(paths, isRead) where !isRead && kind(of: root + "/" + path) == .folder {
            report("\(path) is a folder where apigen must write a file; move it away", path)
        }
        // What must be a folder and is not; the deepest existing folder of each must be writable.
        var writable: Set<String> = []
        func checkWritable(_ folder: String) {
            guard writable.insert(folder).inserted else { return }
            if access(folder.isEmpty ? root : root + "/" + folder, W_OK | X_OK) != 0, errno == EACCES || errno == EROFS || errno == EPERM {
                report("cannot write in \(folder.isEmpty ? root : folder): \(String(cString: strerror(errno)))", folder)
            }
        }
        var blocked: Set<String> = []
        for folder in names.folders {
            if blocked.contains(where: { folder.hasPrefix($0 + "/") }) { continue }
            switch kind(of: root + "/" + folder) {
            case .file:
                report("\(folder) is a file where apigen must create a folder; move it away", folder)
                blocked.insert(folder)
            case .folder:
                checkWritable(folder)
            case .missing:
                let parent = parentFolder(of: folder)
                if parent.isEmpty || kind(of: root + "/" + parent) == .folder { checkWritable(parent) }
            }
        }
        switch kind(of: root) {
        case .folder: checkWritable("")
        case .missing: break  // the output folder's parent is checked when it is created
        case .file: break  // reported by `plan`
        }
        for path in deleted { checkWritable(parentFolder(of: path)) }
    }

    /// `Shop/Apis` for `Shop/Apis/PingApi.swift`, `""` for `Shop`.
    static func parentFolder(of path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            bytes.lastIndex(of: UInt8(ascii: "/")).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[..<$0]), as: UTF8.self) } ?? ""
        }
    }

    enum PathKind { case missing, file, folder }

    /// What is at a path, following links.
    static func kind(of path: String) -> PathKind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            // A dangling link or an unreadable entry is still something in the way.
            return (try? FileManager.default.attributesOfItem(atPath: path)) == nil ? .missing : .file
        }
        return isFolder.boolValue ? .folder : .file
    }
}
