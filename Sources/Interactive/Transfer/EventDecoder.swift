import Foundation

/// Cuts a byte stream into server-sent events or JSON lines, chunk by chunk, holding only the
/// incomplete tail of the last chunk.
struct EventDecoder {
    let format: StreamFormat
    private var buffer = Data()
    /// The `data` lines of the server-sent event being read.
    private var dataLines: [Data] = []

    init(format: StreamFormat) {
        self.format = format
    }

    /// The complete events' payloads in `chunk` (with what was left of earlier chunks).
    mutating func feed(_ chunk: Data) -> [Data] {
        if format == .bytes { return chunk.isEmpty ? [] : [chunk] }
        buffer.append(chunk)
        var payloads: [Data] = []
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = buffer[buffer.startIndex..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            buffer = Data(buffer[buffer.index(after: newline)...])
            if let payload = take(Data(line)) { payloads.append(payload) }
        }
        return payloads
    }

    /// What is left when the body ends: a last JSON line without a newline. An unfinished
    /// server-sent event (no blank line after it) is dropped, as the SSE standard says.
    mutating func finish() -> [Data] {
        guard format == .jsonLines, !buffer.isEmpty else { return [] }
        defer { buffer = Data() }
        return take(buffer).map { [$0] } ?? []
    }

    private mutating func take(_ line: Data) -> Data? {
        switch format {
        case .bytes:
            return line
        case .jsonLines:
            return line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? nil : line
        case .serverSentEvents:
            if line.isEmpty {
                // A blank line dispatches the event; one without data is only a keep-alive.
                defer { dataLines = [] }
                guard !dataLines.isEmpty else { return nil }
                return Data(dataLines.joined(separator: [UInt8(ascii: "\n")]))
            }
            if line.first == UInt8(ascii: ":") { return nil }  // a comment (heartbeat)
            let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
            guard line[line.startIndex..<colon].elementsEqual("data".utf8) else { return nil }  // event, id, retry
            var value = colon < line.endIndex ? Data(line[line.index(after: colon)...]) : Data()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
            dataLines.append(Data(value))
            return nil
        }
    }
}
