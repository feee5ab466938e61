import Foundation

/// The render cache's file format: numbers and length-prefixed byte strings, one after another.
/// The writer appends them; the reader takes them back in the same order and answers `nil` for
/// anything that does not fit (a truncated or foreign file), never reading out of bounds.
enum CacheRecord {
    /// Builds a record in memory.
    struct Writer {
        private(set) var bytes: [UInt8] = []

        init(capacity: Int = 0) {
            bytes.reserveCapacity(capacity)
        }

        /// Appends a number as eight little-endian bytes.
        mutating func append(_ number: Int) {
            withUnsafeBytes(of: UInt64(truncatingIfNeeded: number).littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// Writes a number over the eight bytes at `offset`, which an earlier ``append(_:)-(Int)``
        /// reserved (a checksum of what follows it).
        mutating func set(_ number: Int, at offset: Int) {
            withUnsafeBytes(of: UInt64(truncatingIfNeeded: number).littleEndian) { bytes.replaceSubrange(offset..<offset + 8, with: $0) }
        }

        /// Appends a text as its UTF-8 length and bytes.
        mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { append(bytes: $0) }
        }

        /// Appends bytes as their length and themselves.
        mutating func append(bytes field: UnsafeBufferPointer<UInt8>) {
            append(field.count)
            bytes.append(contentsOf: field)
        }

        /// Appends bytes as they are, without a length.
        mutating func append(raw field: [UInt8]) {
            bytes.append(contentsOf: field)
        }

        /// Appends an optional text: a flag, then the text when there is one.
        mutating func append(optional text: String?) {
            append(text == nil ? 0 : 1)
            if let text { append(text) }
        }
    }

    /// Reads a record from bytes in memory.
    struct Reader {
        private let bytes: UnsafeRawBufferPointer
        private var offset = 0

        init(_ bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        /// Whether every byte has been read.
        var isAtEnd: Bool { offset == bytes.count }

        /// The next number; `nil` past the end or when it is negative.
        mutating func number() -> Int? {
            guard bytes.count - offset >= 8 else { return nil }
            let value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            guard value <= UInt64(Int.max) else { return nil }
            offset += 8
            return Int(value)
        }

        /// The next length-prefixed bytes, without copying them; `nil` when they run past the end.
        mutating func field() -> UnsafeRawBufferPointer? {
            guard let count = number(), count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }

        /// The next text; `nil` past the end or when its bytes are not UTF-8.
        mutating func text() -> String? {
            guard let field = field() else { return nil }
            return String(validating: field.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        }
    }
}
