import Foundation

/// What tells one apigen build from another, so that a cached rendering is reused only by the very
/// build that made it: the linker's build ID of an ELF executable (a hash of its contents), else
/// the executable file's path, size, inode and modification time, which every rebuild or
/// reinstall changes.
enum GeneratorIdentity {
    /// The running executable's identity; `nil` when it cannot be told (nothing is cached then).
    static let current: String? = {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let version = "apigen \(Generator.version)"
        if let buildID = ELFBuildID.read(executable) {
            return "\(version) build-id \(buildID.map { hexDigits($0) }.joined())"
        }
        return fileIdentity(of: executable).map { "\(version) executable \($0)" }
    }()

    /// Path, size, inode and modification time of a file.
    static func fileIdentity(of file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = attributes[.size] as? NSNumber,
              let modified = attributes[.modificationDate] as? Date
        else { return nil }
        let inode = (attributes[.systemFileNumber] as? NSNumber)?.stringValue ?? "-"
        return "\(file.path) \(size.stringValue) \(inode) \(modified.timeIntervalSince1970.bitPattern)"
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// Reads the GNU build ID note (`NT_GNU_BUILD_ID`) of a 64-bit little-endian ELF file from its
/// program headers: a few kilobytes, however large the executable.
enum ELFBuildID {
    /// The build ID's bytes; `nil` for any other kind of file or one without the note.
    static func read(_ file: URL) -> [UInt8]? {
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        defer { try? handle.close() }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard (try? handle.seek(toOffset: offset)) != nil, let data = try? handle.read(upToCount: count), data.count == count else { return nil }
            return Array(data)
        }
        // e_ident: magic, ELFCLASS64 (2), ELFDATA2LSB (1).
        guard let header = bytes(at: 0, count: 64), header[0..<4].elementsEqual([0x7F, 0x45, 0x4C, 0x46]), header[4] == 2, header[5] == 1 else { return nil }
        let programHeaders = UInt64(littleEndian: load(header, 0x20, as: UInt64.self))
        let entrySize = Int(UInt16(littleEndian: load(header, 0x36, as: UInt16.self)))
        let entryCount = Int(UInt16(littleEndian: load(header, 0x38, as: UInt16.self)))
        // An executable has a few dozen program headers of 56 bytes; anything far larger is not one.
        guard entrySize >= 56, entryCount > 0, entrySize * entryCount <= 1 << 16, let table = bytes(at: programHeaders, count: entrySize * entryCount) else { return nil }
        for index in 0..<entryCount {
            let entry = index * entrySize
            guard UInt32(littleEndian: load(table, entry, as: UInt32.self)) == 4 else { continue }  // PT_NOTE
            let offset = UInt64(littleEndian: load(table, entry + 8, as: UInt64.self))
            let size = UInt64(littleEndian: load(table, entry + 32, as: UInt64.self))
            guard size <= 1 << 16, let notes = bytes(at: offset, count: Int(size)), let id = buildID(inNotes: notes) else { continue }
            return id
        }
        return nil
    }

    /// The descriptor of the first `GNU` note of type 3 in a note segment.
    static func buildID(inNotes notes: [UInt8]) -> [UInt8]? {
        var offset = 0
        while notes.count - offset >= 12 {
            let nameSize = Int(UInt32(littleEndian: load(notes, offset, as: UInt32.self)))
            let descriptorSize = Int(UInt32(littleEndian: load(notes, offset + 4, as: UInt32.self)))
            let type = UInt32(littleEndian: load(notes, offset + 8, as: UInt32.self))
            let name = offset + 12
            let descriptor = name + (nameSize + 3) & ~3
            let next = descriptor + (descriptorSize + 3) & ~3
            guard nameSize <= notes.count, descriptorSize <= notes.count, next <= notes.count else { return nil }
            if type == 3, nameSize == 4, notes[name..<name + 4].elementsEqual([0x47, 0x4E, 0x55, 0]), descriptorSize > 0 {
                return Array(notes[descriptor..<descriptor + descriptorSize])
            }
            offset = next
        }
        return nil
    }

    private static func load<Value: FixedWidthInteger>(_ bytes: [UInt8], _ offset: Int, as type: Value.Type) -> Value {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: type) }
    }
}
