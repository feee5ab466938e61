public import Foundation

/// A file sent as one part of a `multipart/form-data` body: the spec's `File` type.
///
/// ```swift
/// let avatar = UploadFile(url: pickedImageURL, contentType: "image/png")   // streamed from disk
/// let note = UploadFile(data: Data("hello".utf8), fileName: "note.txt", contentType: "text/plain")
/// try await executor.execute(UploadAvatarApi(userId: 7, avatar: avatar))
/// ```
///
/// A file given by URL is read while it is sent, in chunks, so its size does not matter to memory.
/// It is read again when a request is retried or replayed, so keep it until the call returns.
public struct UploadFile: Sendable, Hashable, Encodable {
    /// Where the bytes come from.
    public var source: BodySource
    /// The part's `filename`, e.g. `avatar.png`.
    public var fileName: String
    /// The part's `Content-Type`, e.g. `image/png`.
    public var contentType: String

    /// A file on disk; the file name defaults to the URL's last path component.
    public init(url: URL, fileName: String? = nil, contentType: String = "application/octet-stream") {
        source = .file(url)
        self.fileName = fileName ?? url.lastPathComponent
        self.contentType = contentType
    }

    /// Bytes in memory sent as a file.
    public init(data: Data, fileName: String, contentType: String = "application/octet-stream") {
        source = .data(data)
        self.fileName = fileName
        self.contentType = contentType
    }

    /// A file has no JSON form: it travels only as a part of a multipart body.
    public func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(fileName, .init(codingPath: encoder.codingPath, debugDescription: "a file can only be sent as a part of a multipart body"))
    }
}
