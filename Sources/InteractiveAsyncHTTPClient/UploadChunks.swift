import Foundation
import Interactive
import NIOCore

/// A request body's bytes in chunks of at most 64 KiB: the segments in order, files read from disk
/// as AsyncHTTPClient asks for the next chunk (so a file is never in memory as a whole, and the
/// socket's pace sets the reading's). Iterable more than once: each iteration opens the files anew.
///
/// Reports upload progress as chunks are handed to the connection.
struct UploadChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    static let chunkSize = 64 << 10

    let segments: [BodySource]
    let total: Int64
    let reporter: ProgressReporter?

    /// Checks that every file can be read, so a missing one fails before anything is sent.
    init(_ segments: [BodySource], reporter: ProgressReporter?) throws(InteractiveError) {
        var total: Int64 = 0
        for segment in segments { total += try segment.length() }
        self.segments = segments
        self.total = total
        self.reporter = reporter
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(segments: segments[...], total: total, reporter: reporter)
    }

    struct Iterator: AsyncIteratorProtocol {
        var segments: ArraySlice<BodySource>
        let total: Int64
        let reporter: ProgressReporter?
        var file: FileHandle?
        var data: Data?
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            while true {
                if let chunk = try nextChunk() {
                    sent += Int64(chunk.count)
                    reporter?.report(TransferProgress(direction: .upload, completed: sent, expected: total))
                    return ByteBuffer(bytes: chunk)
                }
                guard let segment = segments.popFirst() else { return nil }
                switch segment {
                case .data(let bytes):
                    data = bytes
                case .file(let url):
                    do {
                        file = try FileHandle(forReadingFrom: url)
                    } catch {
                        throw InteractiveError.invalidRequest("cannot read the file \"\(url.lastPathComponent)\" to upload")
                    }
                }
            }
        }

        /// The next piece of the current segment, or `nil` when it is used up.
        private mutating func nextChunk() throws -> Data? {
            if let bytes = data {
                guard !bytes.isEmpty else {
                    data = nil
                    return nil
                }
                let chunk = bytes.prefix(UploadChunks.chunkSize)
                data = bytes.count > chunk.count ? bytes.dropFirst(chunk.count) : Data()
                return Data(chunk)
            }
            guard let handle = file else { return nil }
            if let chunk = try handle.read(upToCount: UploadChunks.chunkSize), !chunk.isEmpty { return chunk }
            try? handle.close()
            file = nil
            return nil
        }
    }
}
