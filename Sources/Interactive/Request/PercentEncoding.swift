/// Percent-encoding of RFC 3986 unreserved text, on UTF-8 bytes.
///
/// The same output as Foundation's `addingPercentEncoding(withAllowedCharacters:)` with
/// ``PathTemplate/segmentAllowed`` (every byte outside `A–Z a–z 0–9 - . _ ~` as `%XX`, upper-case
/// hex), without building Foundation's character-set bitmaps on every call: that cost more than
/// the rest of resolving a request.
enum PercentEncoding {
    /// Whether a byte is an RFC 3986 unreserved character.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// `text` with every byte that is not unreserved written as `%XX`.
    static func encodeUnreserved(_ text: String) -> String {
        if text.utf8.allSatisfy(isUnreserved) { return text }
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
