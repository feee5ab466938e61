import Foundation

/// Raw bodies, multipart bodies and downloads on the request description.
extension ApiRequest {
    /// Sends `source` as the whole body, as it is: bytes in memory or a file streamed from disk.
    ///
    /// - Parameter contentType: The body's `Content-Type`, e.g. `application/octet-stream`.
    public mutating func setBody(_ source: BodySource, contentType: String) {
        rawBody = (source, contentType)
    }

    /// Sends `text` as the whole body, UTF-8 encoded.
    ///
    /// - Parameter contentType: The body's `Content-Type`, e.g. `text/plain; charset=utf-8`.
    public mutating func setBody(text: String, contentType: String) {
        rawBody = (.data(Data(text.utf8)), contentType)
    }
}

extension HTTPRequest {
    /// Sets a raw body: in ``body`` when in memory, in ``upload`` when from a file.
    mutating func setRawBody(_ source: BodySource, contentType: String) throws(InteractiveError) {
        switch source {
        case .data(let data): body = data
        case .file: upload = try UploadBody(segments: [source])
        }
        headers.set(MultipartWriter.headerSafe(contentType), for: "Content-Type")
    }

    /// Sets a `multipart/form-data` body of `members`: in ``body`` when every part is in memory, in
    /// ``upload`` when a part is a file on disk.
    mutating func setMultipartBody(_ members: [ApiRequest.Parameter]) throws(InteractiveError) {
        var writer = MultipartWriter()
        for member in members { try writer.append(member.value, as: member.key) }
        let segments = writer.finish()
        if segments.count == 1, case .data(let data) = segments[0] {
            body = data
        } else {
            upload = try UploadBody(segments: segments)
        }
        headers.set(writer.contentType, for: "Content-Type")
    }
}
