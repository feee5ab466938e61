#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists a folder (the output folder, a spec folder) with `readdir`: Foundation's directory
/// enumerator reads every entry's attributes, owner and group names included (an `lstat`, a
/// `listxattr` and a read of `/etc/passwd` and `/etc/group` per file on Linux), which was most of
/// the system calls of `apigen check`.
extension OutputWriter {
    /// A file found below the walked folder.
    struct FoundFile {
        /// The path relative to the walked folder, `/`-separated.
        var relative: String
        /// Whether the entry is a symbolic link (to be resolved by the caller).
        var isLink: Bool
    }

    /// The files and links below `root`, hidden entries (and everything in hidden folders) skipped,
    /// links to folders not followed: what `FileManager`'s enumerator with `.skipsHiddenFiles` lists.
    ///
    /// With `followingLinks`, a link is listed as what it leads to: a link to a file as a file
    /// (`isLink` false), a link to a folder as that folder's files under the link's name, unless
    /// the folder is already being walked (a link back up the tree); a broken link stays a link.
    static func files(below root: String, followingLinks: Bool = false) -> [FoundFile] {
        var found: [FoundFile] = []
        var walking: [FolderIdentity] = followingLinks ? FolderIdentity(of: root).map { [$0] } ?? [] : []
        walk(root, relative: "", followingLinks: followingLinks, walking: &walking, into: &found)
        return found
    }

    private static func walk(
        _ folder: String, relative: String, followingLinks: Bool, walking: inout [FolderIdentity], into found: inout [FoundFile]
    ) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let item = entry.pointee
            var rawName = item.d_name
            let capacity = MemoryLayout.size(ofValue: rawName)
            let name = withUnsafePointer(to: &rawName) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var kind = entryKind(Int(item.d_type), path: path)
            if kind == .link, followingLinks {
                kind = linkTarget(path)
            }
            switch kind {
            case .folder:
                if followingLinks {
                    // A folder reached again through a link would be walked for ever.
                    guard let identity = FolderIdentity(of: path), !walking.contains(identity) else { continue }
                    walking.append(identity)
                    walk(path, relative: childRelative, followingLinks: true, walking: &walking, into: &found)
                    walking.removeLast()
                } else {
                    walk(path, relative: childRelative, followingLinks: false, walking: &walking, into: &found)
                }
            case .file: found.append(FoundFile(relative: childRelative, isLink: false))
            case .link: found.append(FoundFile(relative: childRelative, isLink: true))
            case .other: break
            }
        }
    }

    /// What a link leads to: a folder, a file, something else, or (broken) a link.
    private static func linkTarget(_ path: String) -> EntryKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .link }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }

    /// A folder's device and inode: the same folder however it is reached.
    private struct FolderIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        init?(of path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    private enum EntryKind {
        case folder, file, link, other
    }

    /// The entry's kind from `d_type`, or from `lstat` where the file system does not say.
    private static func entryKind(_ type: Int, path: String) -> EntryKind {
        switch type {
        case Int(DT_DIR): return .folder
        case Int(DT_REG): return .file
        case Int(DT_LNK): return .link
        case Int(DT_UNKNOWN):
            var status = stat()
            guard lstat(path, &status) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFREG: return .file
            case S_IFLNK: return .link
            default: return .other
            }
        default: return .other
        }
    }

    /// The extension of a file name (`swift` of `LoginApi.swift`), empty when it has none.
    static func fileExtension(of name: Substring) -> Substring {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return name[name.utf8.index(after: dot)...]
    }

    /// The last component of a `/`-separated path.
    static func lastComponent(of path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// The components of a `/`-separated relative path, empty ones left out, without the
    /// `Character`-by-`Character` walk of `split`.
    static func components(of path: String) -> [String] {
        path.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
    }

    /// A path lowercased the way ``checkNames(_:in:)`` compares
    /// spellings: bytes for ASCII paths, Unicode's rules otherwise.
    static func lowercasedPath(_ path: String) -> String {
        var path = path
        let ascii = path.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { lowered in
                for (index, byte) in bytes.enumerated() { lowered[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte }
                return bytes.count
            }
        }
        return ascii ?? path.lowercased()
    }
}
