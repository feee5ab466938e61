import Foundation

/// The bodies of frozen uploads: a frozen upload keeps its file.
extension OfflineJournal {
    /// The folder beside the journal file that holds copies of frozen uploads' bodies.
    var uploadsFolder: URL {
        url.deletingLastPathComponent().appendingPathComponent(url.lastPathComponent + ".uploads", isDirectory: true)
    }

    /// Copies `upload`'s whole body into ``uploadsFolder`` (streaming, chunk by chunk), so the
    /// request can be sent again after the caller's files are gone; returns the copy.
    func keepUpload(_ upload: UploadBody, id: String) throws -> URL {
        let manager = FileManager.default
        try manager.createDirectory(at: uploadsFolder, withIntermediateDirectories: true)
        let target = uploadsFolder.appendingPathComponent(id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? UUID().uuidString)
        let source = try upload.fileForUpload()
        if source.isTemporary {
            try manager.moveItem(at: source.url, to: target)
        } else {
            try manager.copyItem(at: source.url, to: target)
        }
        return target
    }

    /// Deletes the copy of a delivered frozen upload's body.
    func discardUpload(of frozen: FrozenRequest) {
        guard let uploadFile = frozen.uploadFile else { return }
        try? FileManager.default.removeItem(atPath: uploadFile)
    }
}
