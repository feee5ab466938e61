import Foundation

/// How the offline journal file is kept from other users and apps: owner-only permissions (0600)
/// everywhere, and on Apple's mobile platforms complete data protection (the file cannot be read or
/// written while the device is locked).
enum JournalProtection {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    static let writingOptions: Data.WritingOptions = [.atomic, .completeFileProtection]
    #else
    static let writingOptions: Data.WritingOptions = [.atomic]
    #endif

    /// Replaces the file with `data`, atomically, protected.
    static func write(_ data: Data, to url: URL) throws {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        try data.write(to: url, options: writingOptions)
        #else
        // Foundation's atomic write makes its temporary file with the umask's permissions (0644
        // usually) and only then could they be narrowed: the file is made owner-only from the start.
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path]) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        #endif
        try restrict(url)
    }

    /// Owner read and write only.
    static func restrict(_ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
