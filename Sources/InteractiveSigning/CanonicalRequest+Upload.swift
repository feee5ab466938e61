import Crypto
import Foundation
public import Interactive

extension CanonicalRequest {
    /// The lowercase hexadecimal SHA-256 of a body streamed from files: its segments in order, the
    /// files read 64 KiB at a time, so the digest of a large upload costs no memory.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` when a file cannot be read.
    public static func bodyDigest(_ upload: UploadBody) throws(InteractiveError) -> String {
        var hasher = SHA256()
        for segment in upload.segments {
            switch segment {
            case .data(let data):
                hasher.update(data: data)
            case .file(let url):
                do {
                    let handle = try FileHandle(forReadingFrom: url)
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 64 << 10), !chunk.isEmpty { hasher.update(data: chunk) }
                } catch {
                    throw .invalidRequest("cannot read the file \"\(url.lastPathComponent)\" to sign the upload")
                }
            }
        }
        return hex(hasher.finalize())
    }
}
