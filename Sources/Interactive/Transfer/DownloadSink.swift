package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes one download's body to its partial file as it arrives, resuming a partial file kept from
/// an earlier attempt (see ``DownloadRequest``), and moves the finished file to the caller.
///
/// A transport makes it with ``withSink(for:reporter:_:)``, calls ``resumeHeaders()`` before
/// sending, ``begin(status:headers:)`` when the response starts, ``write(_:)`` for each chunk and
/// ``finish(failed:)`` at the end. The first ``finish(failed:)`` is the last thing the sink does with
/// its files: later calls of any method leave them alone, so a cancelled download can be finished
/// at once while its network task winds down.
package final class DownloadSink: Sendable {
    private struct State {
        var handle: FileHandle?
        /// Bytes in the partial file when the response started writing.
        var base: Int64 = 0
        var written: Int64 = 0
        var expected: Int64?
        /// Whether the bytes written must add up to ``expected`` (no content coding changed them).
        var checksLength = false
        var writeError: String?
        /// Set by the first ``finish(failed:)``.
        var finished = false
        /// Whether ``files`` were given back to ``inUse``.
        var released = false
    }

    let request: HTTPRequest
    let download: DownloadRequest
    private let reporter: ProgressReporter?
    private let files: (data: URL, validator: URL)
    private let state = Locked(State())

    /// The partial files of the downloads running in this process: a second download of the same
    /// URL while one runs (a double tap) gets files of its own and does not resume.
    private static let inUse = Locked<Set<URL>>([])

    package init(request: HTTPRequest, download: DownloadRequest, reporter: ProgressReporter?) {
        self.request = request
        self.download = download
        self.reporter = reporter
        let shared = download.partialFiles(for: request)
        let isFree = Self.inUse.withLock { $0.insert(shared.data).inserted }
        if isFree {
            files = shared
            ownsUniqueFiles = false
        } else {
            let unique = shared.data.deletingPathExtension().lastPathComponent + "-" + UUID().uuidString
            let folder = shared.data.deletingLastPathComponent()
            let own = (data: folder.appendingPathComponent(unique + ".part"), validator: folder.appendingPathComponent(unique + ".validator"))
            _ = Self.inUse.withLock { $0.insert(own.data) }
            files = own
            ownsUniqueFiles = true
        }
    }

    /// Whether ``files`` are this download's alone: never resumed, so never kept.
    private let ownsUniqueFiles: Bool

    deinit {
        release()
    }

    /// Gives ``files`` back for the next download of the URL, once.
    private func release() {
        let first = state.withLock { state in
            defer { state.released = true }
            return !state.released
        }
        if first { _ = Self.inUse.withLock { $0.remove(files.data) } }
    }

    /// `Range` and `If-Range` for resuming a kept partial file, or none.
    package func resumeHeaders() -> [(String, String)] {
        guard let validator = try? String(contentsOf: files.validator, encoding: .utf8), !validator.isEmpty,
              let size = Self.size(of: files.data), size > 0 else { return [] }
        return [("Range", "bytes=\(size)-"), ("If-Range", validator)]
    }

    /// Opens the partial file for a `2xx` response and returns `true`; any other status returns
    /// `false` (its body, an error text, stays in memory).
    ///
    /// A `206` whose range starts where the partial file ends appends to it; any other `2xx`
    /// truncates it and starts from zero, noting the response's validator for a later resume.
    package func begin(status: Int, headers: HTTPHeaders) -> Bool {
        // Under the lock, so a ``finish(failed:)`` from a cancellation comes wholly before or after.
        let started: (toFile: Bool, progress: TransferProgress?) = state.withLock { state in
            guard !state.finished else { return (true, nil) }
            guard (200..<300).contains(status) else {
                // 416: the kept range no longer fits the file; the next attempt starts from zero.
                if status == 416 { discard() }
                return (false, nil)
            }
            do throws(OpenFailure) {
                let (handle, base, expected) = try open(status: status, headers: headers)
                state.handle = handle
                state.base = base
                state.expected = expected
                // A decoded body (gzip…) is longer than the Content-Length the server counted.
                let coding = headers["Content-Encoding"]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
                state.checksLength = expected != nil && (coding.isEmpty || coding == "identity")
                return (true, TransferProgress(direction: .download, completed: base, expected: expected))
            } catch {
                switch error {
                case .rangeMismatch:
                    discard()
                    state.writeError = "the server sent a range that does not continue the partial download"
                case .file(let error):
                    state.writeError = "cannot write the download: \(error.localizedDescription)"
                }
                return (true, nil)
            }
        }
        if let progress = started.progress { reporter?.report(progress) }
        return started.toFile
    }

    private enum OpenFailure: Error {
        case rangeMismatch
        case file(any Error)
    }

    /// The partial file opened for a `2xx` body, the bytes it keeps and the size expected in all.
    private func open(status: Int, headers: HTTPHeaders) throws(OpenFailure) -> (FileHandle, base: Int64, expected: Int64?) {
        let manager = FileManager.default
        let kept = Self.size(of: files.data) ?? 0
        // Lengths are whatever the server says: a negative one is none, and a sum may not overflow.
        let contentLength = headers["Content-Length"].flatMap { Int64($0) }.flatMap { $0 >= 0 ? $0 : nil }
        var base: Int64 = 0
        var expected = contentLength
        if status == 206 {
            // Only the range asked for may be appended; any other is not this file's continuation.
            guard let range = headers["Content-Range"].flatMap(Self.contentRange), range.start == kept, kept > 0 else {
                throw .rangeMismatch
            }
            base = kept
            expected = range.total ?? contentLength.flatMap { length in
                let (sum, overflowed) = length.addingReportingOverflow(kept)
                return overflowed ? nil : sum
            }
        }
        do {
            try manager.createDirectory(at: files.data.deletingLastPathComponent(), withIntermediateDirectories: true)
            if status != 206 {
                // A fresh body: the server ignored Range or the validator no longer matched.
                try? manager.removeItem(at: files.validator)
                guard manager.createFile(atPath: files.data.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
                if let validator = Self.validator(headers) { try Data(validator.utf8).write(to: files.validator, options: .atomic) }
            }
            let handle = try FileHandle(forWritingTo: files.data)
            try handle.seekToEnd()
            return (handle, base, expected)
        } catch {
            throw .file(error)
        }
    }

    /// Appends a chunk of the body.
    package func write(_ data: Data) {
        let progress: TransferProgress? = state.withLock { state in
            guard state.writeError == nil, let handle = state.handle else { return nil }
            do {
                try handle.write(contentsOf: data)
            } catch {
                state.writeError = "cannot write the download: \(error.localizedDescription)"
                return nil
            }
            state.written += Int64(data.count)
            return TransferProgress(direction: .download, completed: state.base + state.written, expected: state.expected)
        }
        if let progress { reporter?.report(progress) }
    }

    /// Closes the file. On success moves it into the download directory and returns its new URL;
    /// on failure keeps it for a resume when a validator was noted, else deletes it. Then gives the
    /// partial file back for the next download of the URL.
    ///
    /// Only the first call does this; later ones return ``InteractiveError/cancelled`` (a cancelled
    /// download is finished by the cancellation, before its task ends).
    @discardableResult
    package func finish(failed: Bool) -> Result<URL, InteractiveError> {
        let closing: (handle: FileHandle?, writeError: String?, size: Int64, expected: Int64?, checksLength: Bool)? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            defer { state.handle = nil }
            return (state.handle, state.writeError, state.base + state.written, state.expected, state.checksLength)
        }
        guard let (handle, writeError, size, expected, checksLength) = closing else { return .failure(.cancelled) }
        defer { release() }
        try? handle?.close()
        if let writeError {
            discard()
            return .failure(.transport(message: writeError, code: nil))
        }
        if failed { return cutShort("download cut short") }
        if checksLength, let expected, size != expected {
            // A 206 shorter than its Content-Range, or a total other than the first answer's.
            guard size < expected else {
                discard()
                return .failure(.transport(message: "the download has \(size) bytes, more than the \(expected) the server announced", code: nil))
            }
            return cutShort("download cut short: \(size) of \(expected) bytes")
        }
        let target = download.directory.appendingPathComponent("\(UUID().uuidString)-\(Self.fileName(for: request.url))")
        do {
            let manager = FileManager.default
            if !manager.fileExists(atPath: files.data.path) { _ = manager.createFile(atPath: files.data.path, contents: nil) }
            try manager.moveItem(at: files.data, to: target)
            try? manager.removeItem(at: files.validator)
        } catch {
            discard()
            return .failure(.transport(message: "cannot move the download: \(error.localizedDescription)", code: nil))
        }
        // A body of unknown length: its last report says it is done, before the caller hears so.
        if expected == nil { reporter?.report(TransferProgress(direction: .download, completed: size, expected: size)) }
        return .success(target)
    }

    /// Keeps the partial file for a resume when a validator was noted (else deletes it) and fails.
    private func cutShort(_ message: String) -> Result<URL, InteractiveError> {
        let manager = FileManager.default
        if ownsUniqueFiles { try? manager.removeItem(at: files.validator) }
        if !manager.fileExists(atPath: files.validator.path) { try? manager.removeItem(at: files.data) }
        return .failure(.transport(message: message, code: nil))
    }

    /// The name a finished download is given after its unique prefix: the URL's last path
    /// component, decoded, with the characters a file name cannot hold replaced (`dir%2Freport.pdf`
    /// decodes to `dir/report.pdf`) and cut to 120 bytes; `download` when there is none.
    static func fileName(for url: URL) -> String {
        let component = url.lastPathComponent
        guard !component.isEmpty, component != "/", component != ".", component != ".." else { return "download" }
        var name = ""
        for character in component.map({ $0 == "/" || $0 == "\0" ? "_" : $0 }) {
            guard name.utf8.count + String(character).utf8.count <= 120 else { break }
            name.append(character)
        }
        return name
    }

    /// Deletes the partial file and its validator.
    private func discard() {
        try? FileManager.default.removeItem(at: files.data)
        try? FileManager.default.removeItem(at: files.validator)
    }

    /// The validator `If-Range` may carry: a strong `ETag`, else `Last-Modified`.
    static func validator(_ headers: HTTPHeaders) -> String? {
        if let etag = headers["ETag"], !etag.hasPrefix("W/"), !etag.isEmpty { return etag }
        return headers["Last-Modified"]
    }

    /// `bytes 100-199/1000` → start 100, total 1000 (`nil` for `*`).
    static func contentRange(_ value: String) -> (start: Int64, total: Int64?)? {
        let text = value.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).split(separator: "/", maxSplits: 1)
        guard let range = parts.first, let dash = range.firstIndex(of: "-"), let start = Int64(range[..<dash]), start >= 0 else { return nil }
        let total = parts.count == 2 ? Int64(parts[1]).flatMap { $0 >= 0 ? $0 : nil } : nil
        return (start, total)
    }

    private static func size(of url: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }
}
