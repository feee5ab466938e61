#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations the writer performs, each failing with the system's reason. A seam: tests
/// make one fail in the middle of a write to prove that the output folder is left as it was.
protocol WriterFileSystem: Sendable {
    /// Creates one folder (its parent exists).
    func makeFolder(_ path: String) throws(WriteFailure)
    /// Writes text to a new file.
    func writeFile(_ path: String, _ text: String) throws(WriteFailure)
    /// Renames a file within one file system.
    func move(_ source: String, to destination: String) throws(WriteFailure)
    /// Deletes a file.
    func removeFile(_ path: String) throws(WriteFailure)
    /// Deletes an empty folder.
    func removeFolder(_ path: String) throws(WriteFailure)
}

/// Plain POSIX calls: no fsync (Foundation's writes sync), since generated files can always be
/// generated again, and syncing thousands of them would cost more than the whole generation.
struct POSIXFileSystem: WriterFileSystem {
    func makeFolder(_ path: String) throws(WriteFailure) {
        guard mkdir(path, 0o755) == 0 else { throw .system("cannot create the folder \(path)") }
    }

    func writeFile(_ path: String, _ text: String) throws(WriteFailure) {
        var text = text
        // `withUTF8` rethrows untyped errors: the typed failure comes out of it as a `Result`.
        try text.withUTF8 { bytes in Result { () throws(WriteFailure) in try Self.writeNewFile(path, UnsafeRawBufferPointer(bytes)) } }.get()
    }

    /// Writes bytes to a file that must not exist yet.
    static func writeNewFile(_ path: String, _ bytes: UnsafeRawBufferPointer) throws(WriteFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { throw .system("cannot write \(path)") }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
            guard written > 0 else {
                let failure = WriteFailure.system("cannot write \(path)")
                close(descriptor)
                throw failure
            }
            offset += written
        }
        guard close(descriptor) == 0 else { throw .system("cannot write \(path)") }
    }

    func move(_ source: String, to destination: String) throws(WriteFailure) {
        guard rename(source, destination) == 0 else { throw .system("cannot move \(source) to \(destination)") }
    }

    func removeFile(_ path: String) throws(WriteFailure) {
        guard unlink(path) == 0 else { throw .system("cannot delete \(path)") }
    }

    func removeFolder(_ path: String) throws(WriteFailure) {
        guard rmdir(path) == 0 else { throw .system("cannot delete the folder \(path)") }
    }
}

extension WriteFailure {
    /// What was being done, with the reason `errno` gives.
    static func system(_ what: String) -> WriteFailure {
        WriteFailure("\(what): \(String(cString: strerror(errno)))")
    }
}
