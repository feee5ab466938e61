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
        try data.write(to: url, options: writingOptions)
        try restrict(url)
    }

    /// Owner read and write only.
    static func restrict(_ url: URL) throws {
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }
}
