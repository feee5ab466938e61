extension String {
    /// The pieces one after another, copied into one string made at its final length.
    ///
    /// View models build hundreds of thousands of short texts (a property's accessor, a decode line,
    /// an init parameter). `+` and interpolation append piece by piece, and each append re-checks and
    /// often regrows the string: about 350 instructions an append in a profile of `apigen check`.
    /// This counts the bytes, then copies each piece's once.
    static func concatenating(_ pieces: String...) -> String {
        concatenating(pieces)
    }

    /// ``concatenating(_:)-(String...)`` for an array of pieces.
    static func concatenating(_ pieces: [String]) -> String {
        var length = 0
        for piece in pieces { length += piece.utf8.count }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var offset = 0
            for piece in pieces {
                let copied = piece.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
                }
                if let copied {
                    offset += copied
                } else {
                    // A string without contiguous UTF-8 (bridged from Objective-C): byte by byte.
                    for byte in piece.utf8 {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
            return offset
        }
    }
}
