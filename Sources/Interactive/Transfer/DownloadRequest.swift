public import Foundation

/// Asks for a response body written to a file as it arrives (the spec's `response: { format: file }`).
///
/// Finished files are moved into ``directory`` under a new name and belong to the caller, who moves
/// or deletes them. While a download runs, its bytes go to a partial file in `directory/.partial/`,
/// named after the method and URL; when the download fails or is cancelled and the server gave a
/// validator (a strong `ETag`, else `Last-Modified`), the partial file is kept, and the next
/// download of the same URL resumes it with `Range: bytes=<size>-` and `If-Range: <validator>`. A
/// `206` appends to it; a `200` (the server ignores `Range`, or the file changed) starts again from
/// zero.
public struct DownloadRequest: Sendable, Hashable {
    /// Where finished downloads are put (partial files go to its `.partial` folder).
    public var directory: URL

    /// Downloads into `directory`, by default ``defaultDirectory``.
    public init(directory: URL? = nil) {
        self.directory = directory ?? Self.defaultDirectory
    }

    /// `Interactive-Downloads` in the temporary directory.
    public static var defaultDirectory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("Interactive-Downloads", isDirectory: true)
    }

    /// The partial file and its validator file for `request`.
    func partialFiles(for request: HTTPRequest) -> (data: URL, validator: URL) {
        let name = FNV1a.hex(FNV1a.hash("\(request.method.rawValue) \(request.url.absoluteString)"))
        let folder = directory.appendingPathComponent(".partial", isDirectory: true)
        return (folder.appendingPathComponent(name + ".part"), folder.appendingPathComponent(name + ".validator"))
    }

    /// Deletes what a failed download of `request` kept for resuming, so the next one starts from zero.
    public func discardPartial(of request: HTTPRequest) {
        let files = partialFiles(for: request)
        try? FileManager.default.removeItem(at: files.data)
        try? FileManager.default.removeItem(at: files.validator)
    }
}
