import Foundation

/// A request body made of segments in memory and files on disk, sent without loading the files.
///
/// ``ApiRequest`` builds one for a `multipart/form-data` body with file parts and for a raw body
/// from a file; it is ``HTTPRequest/upload``. ``URLSessionTransport`` sends a single file as it is,
/// and writes several segments to one temporary file first by a streaming copy (64 KiB at a time),
/// because an upload task from a file is what streams from disk on both Apple platforms and
/// FoundationNetworking on Linux (see docs/features.md).
public struct UploadBody: Sendable, Hashable {
    /// The bytes in order.
    public var segments: [BodySource]
    /// The total number of bytes, sent as `Content-Length`.
    public var contentLength: Int64

    /// A body of `segments`; reads the files' sizes.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` when a file cannot be read.
    public init(segments: [BodySource]) throws(InteractiveError) {
        var total: Int64 = 0
        for segment in segments { total += try segment.length() }
        self.segments = segments
        contentLength = total
    }

    /// The file to hand to an upload task, and whether it is a temporary copy the caller deletes.
    ///
    /// A body that is one file is that file; any other body is written to a new file in the
    /// temporary directory, copying each file segment in chunks.
    func fileForUpload() throws(InteractiveError) -> (url: URL, isTemporary: Bool) {
        if segments.count == 1, case .file(let url) = segments[0] { return (url, false) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("interactive-upload-\(UUID().uuidString)")
        do {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw InteractiveError.invalidRequest("cannot create a temporary file for the upload")
            }
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            for segment in segments {
                switch segment {
                case .data(let data):
                    try output.write(contentsOf: data)
                case .file(let source):
                    let input = try FileHandle(forReadingFrom: source)
                    defer { try? input.close() }
                    while let chunk = try input.read(upToCount: 64 << 10), !chunk.isEmpty {
                        try output.write(contentsOf: chunk)
                    }
                }
            }
        } catch let error as InteractiveError {
            try? FileManager.default.removeItem(at: url)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw .invalidRequest("cannot prepare the upload: \(error.localizedDescription)")
        }
        return (url, true)
    }
}
