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

    /// Reports every problem with writing `paths` (relative to `output`) and deleting `deleted`.
    /// `readFiles` are paths just read as files: nothing is in their way, so they are not looked at again.
    static func checkPaths(_ paths: [String], deleted: [String], readFiles: Set<String> = [], in output: URL, diagnostics: inout Diagnostics) {
        let root = output.path
        let shown = output.relativePath  // the output path as the user gave it
        func report(_ message: String, _ path: String) {
            diagnostics.error(message, at: SourceLocation(file: path.isEmpty ? shown : shown + "/" + path, line: 1, column: 1))
        }
        var spellings: [String: String] = [:]  // lowercased → as written, for files and folders
        var folders: [String] = []  // each folder once, parents first
        var seenFolders: Set<String> = []
        for path in paths {
            let components = path.split(separator: "/").map(String.init)
            for component in components where component.utf8.count > maxNameBytes {
                report("cannot write \(path): the name \(component.prefix(40))… is \(component.utf8.count) bytes long, and file systems allow \(maxNameBytes)", path)
            }
            if (root + "/" + path).utf8.count >= maxPathBytes {
                report("cannot write \(path): the full path is longer than the system's limit of \(maxPathBytes - 1) bytes", path)
            }
            var prefix = ""
            var clashes = false
            for (index, component) in components.enumerated() {
                prefix = prefix.isEmpty ? component : prefix + "/" + component
                // Only the first clash of a path: below a clashing folder everything clashes.
                if !clashes, let other = spellings[prefix.lowercased()], other != prefix {
                    report("\(prefix) and \(other) differ only in case, which macOS and Windows do not tell apart", prefix)
                    clashes = true
                }
                spellings[prefix.lowercased()] = spellings[prefix.lowercased()] ?? prefix
                if index < components.count - 1, seenFolders.insert(prefix).inserted { folders.append(prefix) }
            }
            if !readFiles.contains(path), kind(of: root + "/" + path) == .folder {
                report("\(path) is a folder where apigen must write a file; move it away", path)
            }
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
        for folder in folders {
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
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
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
