public import Foundation

/// Bytes to send: in memory, or a file read from disk as it is sent.
public enum BodySource: Sendable, Hashable {
    /// Bytes in memory.
    case data(Data)
    /// A local file, streamed from disk when sent (never loaded into memory as a whole).
    case file(URL)

    /// The number of bytes: the data's count, or the file's size.
    ///
    /// - Throws: ``InteractiveError/invalidRequest(_:)`` when the file cannot be read.
    public func length() throws(InteractiveError) -> Int64 {
        switch self {
        case .data(let data):
            return Int64(data.count)
        case .file(let url):
            guard url.isFileURL,
                  let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  let size = attributes[.size] as? NSNumber else {
                throw .invalidRequest("cannot read the file \"\(url.lastPathComponent)\" to upload")
            }
            return size.int64Value
        }
    }
}
