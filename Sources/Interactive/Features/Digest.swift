import Foundation

/// FNV-1a, 64 bit: a small, stable, non-cryptographic hash the runtime uses for cache file names,
/// body digests in cache keys and journal record checksums.
///
/// It needs no cryptography library, gives the same value on every platform and in every process
/// (unlike `Hasher`, which is seeded per process), and is collision-safe enough for these uses because
/// every cache entry also stores and compares its full key.
public enum FNV1a {
    /// The FNV-1a 64-bit offset basis.
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    /// The FNV-1a 64-bit prime.
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The hash of `bytes`, continuing from `seed`.
    public static func hash(_ bytes: some Sequence<UInt8>, seed: UInt64 = offsetBasis) -> UInt64 {
        var value = seed
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= prime
        }
        return value
    }

    /// The hash of the UTF-8 bytes of `text`.
    public static func hash(_ text: String) -> UInt64 {
        hash(text.utf8)
    }

    /// The hash as 16 lowercase hexadecimal digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
