import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads from files, downloads to files and progress over URLSession.
extension URLSessionTransport {
    /// The task for one exchange: a data task, or an upload task from a file when the request has
    /// an ``HTTPRequest/upload``; with the URL request as sent (`Content-Length` of an upload, the
    /// `Range` headers of a resumed download) and what the delegate needs for files and progress.
    /// `sink` is where a download's body goes (see ``DownloadSink/withSink(for:reporter:_:)``).
    ///
    /// Why a file: `uploadTask(with:fromFile:)` reads the file in chunks while sending on Apple
    /// platforms and on FoundationNetworking (which reads it with DispatchIO), whereas a body
    /// stream (`httpBodyStream`) is not restarted by FoundationNetworking on a redirect or an
    /// authentication retry. A multipart body of several segments is therefore first copied into
    /// one temporary file, chunk by chunk (see ``UploadBody``).
    static func makeTask(
        in session: URLSession, _ urlRequest: URLRequest, for request: HTTPRequest, sink: DownloadSink?, reporter: ProgressReporter?
    ) throws(InteractiveError) -> (URLSessionTask, URLRequest, TransferParts?) {
        var urlRequest = urlRequest
        // A stream may stay open as long as it likes: the executor's deadline covers its start and
        // the parser's idle timeout the gaps between events.
        if request.streamsResponse { urlRequest.timeoutInterval = wholeSeconds(.seconds(Int64.max)) }
        guard request.upload != nil || sink != nil || reporter != nil else {
            return (session.dataTask(with: urlRequest), urlRequest, nil)
        }
        var parts = TransferParts(reporter: reporter)
        if let sink {
            for (name, value) in sink.resumeHeaders() { urlRequest.setValue(value, forHTTPHeaderField: name) }
            parts.sink = sink
        }
        guard let upload = request.upload else { return (session.dataTask(with: urlRequest), urlRequest, parts) }
        let file = try upload.fileForUpload()
        if file.isTemporary { parts.temporaryUpload = file.url }
        urlRequest.httpBody = nil
        urlRequest.setValue(String(upload.contentLength), forHTTPHeaderField: "Content-Length")
        return (session.uploadTask(with: urlRequest, fromFile: file.url), urlRequest, parts)
    }
}

extension URLSessionTransport {
    /// The delegate queue of the session for downloads and streams.
    ///
    /// FoundationNetworking (Linux) hands each received chunk to the delegate queue as an operation
    /// and reads on at network speed, so a delegate that writes to disk more slowly than loopback
    /// delivers falls behind and the queued chunks pile up in memory (a 256 MiB download peaked at
    /// 283 MiB above the baseline). On Linux this session's delegate therefore runs on the thread
    /// that receives the data (``InlineOperationQueue``): writing a chunk holds up reading the next,
    /// which is the back-pressure a download to disk needs. Apple platforms use a serial queue.
    static func transferDelegateQueue() -> OperationQueue? {
        #if canImport(FoundationNetworking)
        InlineOperationQueue()
        #else
        nil
        #endif
    }
}

#if canImport(FoundationNetworking)
/// An operation queue that runs each block at once on the thread that adds it.
///
/// Only for FoundationNetworking's session delegate callbacks, which it adds from its own serial
/// work queue and never waits for.
final class InlineOperationQueue: OperationQueue, @unchecked Sendable {
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        block()
    }
}
#endif
