import Foundation

/// The byte layout of the offline journal: an 8-byte magic, then records, each
/// `[UInt32 big-endian payload length][UInt64 big-endian FNV-1a of the payload][payload]`.
///
/// The length prefix lets a reader step over records; the checksum tells a complete record from one
/// torn by a crash in the middle of a write, or damaged on disk.
enum JournalFormat {
    static let magic = Data("IAJRNL01".utf8)
    static let headerSize = 12
    /// No record is larger: a length beyond it is damage, not a record.
    static let maxPayload = 64 << 20

    /// The bytes of one record.
    static func frame(_ payload: Data) -> Data {
        var data = Data(capacity: headerSize + payload.count)
        withUnsafeBytes(of: UInt32(payload.count).bigEndian) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: FNV1a.hash(payload).bigEndian) { data.append(contentsOf: $0) }
        data.append(payload)
        return data
    }

    /// What a scan of the journal's bytes found.
    struct Scan {
        /// The payloads of the complete, verified records, in order.
        var payloads: [Data] = []
        /// Where the valid part of the file ends; bytes after it are a torn or damaged tail.
        var validLength: Int
        /// Human-readable notes about what was skipped.
        var problems: [String] = []
        /// Whether damage before the valid end was stepped over: the file should be rewritten.
        var skippedDamage = false
    }

    /// Reads records until the end.
    ///
    /// A record whose checksum fails but whose length fits is skipped and the scan goes on (damage in
    /// the middle). A record that runs past the end of the file, or whose length is implausible, is
    /// either damage in the middle — the scan goes on at the next record that verifies — or, when no
    /// record after it verifies, a torn last record: the scan ends there.
    static func scan(_ data: Data) -> Scan {
        let bytes = [UInt8](data)
        guard bytes.count >= magic.count, Data(bytes[0..<magic.count]) == magic else {
            return Scan(validLength: 0, problems: bytes.isEmpty ? [] : ["journal header missing or damaged; \(bytes.count) bytes ignored"])
        }
        var scan = Scan(validLength: magic.count)
        var offset = magic.count
        while offset < bytes.count {
            guard bytes.count - offset >= headerSize else {
                scan.problems.append("torn record header at byte \(offset) (\(bytes.count - offset) bytes) skipped")
                break
            }
            let length = Int(readUInt(bytes, at: offset, size: 4))
            let checksum = readUInt(bytes, at: offset + 4, size: 8)
            let start = offset + headerSize
            guard length <= maxPayload, start + length <= bytes.count else {
                if let next = nextVerifiedRecord(in: bytes, after: offset) {
                    scan.problems.append("damaged bytes \(offset)..<\(next) (a record length of \(length)) skipped")
                    scan.skippedDamage = true
                    offset = next
                    continue
                }
                scan.problems.append("torn record at byte \(offset) (needs \(length) bytes, \(bytes.count - start) present) skipped")
                break
            }
            let payload = Data(bytes[start..<(start + length)])
            offset = start + length
            if FNV1a.hash(payload) == checksum {
                scan.payloads.append(payload)
            } else {
                scan.problems.append("damaged record at byte \(start - headerSize) (checksum mismatch) skipped")
                scan.skippedDamage = true
            }
            scan.validLength = offset
        }
        return scan
    }

    /// The offset of the first record after `offset` whose length fits and whose checksum verifies.
    ///
    /// Payloads are JSON text, whose bytes read as a length are far beyond ``maxPayload``, so almost
    /// every offset is refused by its length before any checksum is computed.
    private static func nextVerifiedRecord(in bytes: [UInt8], after offset: Int) -> Int? {
        var candidate = offset + 1
        while bytes.count - candidate >= headerSize {
            let length = Int(readUInt(bytes, at: candidate, size: 4))
            let start = candidate + headerSize
            if length <= maxPayload, start + length <= bytes.count,
               FNV1a.hash(Data(bytes[start..<(start + length)])) == readUInt(bytes, at: candidate + 4, size: 8) {
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    private static func readUInt(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }
}
