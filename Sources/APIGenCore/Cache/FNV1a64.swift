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
}
