/// The 64-bit FNV-1a hash of bytes: cheap, stable across runs and machines (unlike `Hasher`), for
/// lookups whose candidates are compared in full afterwards.
enum FNV1a64 {
    /// The hash of no bytes.
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` extended by one byte.
    static func combine(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The hash of `bytes`.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(offsetBasis, combine)
    }

    /// A 64-bit checksum of `bytes` taken eight bytes at a time (FNV-1a's step over words, each
    /// word's high bits folded in): several times faster than ``hash(_:)`` on a large buffer, for
    /// noticing damage, not for lookups.
    static func wordChecksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis ^ UInt64(bytes.count)
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0x0000_0100_0000_01b3
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = combine(hash, bytes[offset])
            offset += 1
        }
        return hash
    }
}
