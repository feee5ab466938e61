import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a task of an upload or a download carries beyond a plain exchange.
struct TransferParts: Sendable {
    /// Where a download's body goes.
    var sink: DownloadSink?
    /// A file written for the upload, deleted when the task ends.
    var temporaryUpload: URL?
    /// Who hears of the progress.
    var reporter: ProgressReporter?

    /// The exchange's result once the task ended: the temporary upload deleted, a download's file
    /// closed and moved to the caller (or kept for a resume when the transfer failed).
    func finish(_ result: Result<HTTPResponse, InteractiveError>, toFile: Bool) -> Result<HTTPResponse, InteractiveError> {
        if let temporaryUpload { try? FileManager.default.removeItem(at: temporaryUpload) }
        guard let sink, toFile else { return result }
        switch result {
        case .failure(let error):
            sink.finish(failed: true)
            return .failure(error)
        case .success(var response):
            switch sink.finish(failed: false) {
            case .success(let file):
                response.bodyFile = file
                return .success(response)
            case .failure(let error):
                return .failure(error)
            }
        }
    }
}

extension SessionDelegate {
    /// A download's body goes to its file when the status is 2xx.
    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        // One look at the exchange: most are neither streams nor downloads.
        let (streams, sink): (Bool, DownloadSink?) = exchanges.withLock { exchanges in
            guard let exchange = exchanges[dataTask.taskIdentifier] else { return (false, nil) }
            return (exchange.request.streamsResponse, exchange.transfer?.sink)
        }
        if streams, let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode), startStream(dataTask, http) {
            completionHandler(.allow)
            return
        }
        if let sink, let http = response as? HTTPURLResponse {
            let headers = URLSessionTransport.makeResponse(http, body: Data()).headers
            let toFile = sink.begin(status: http.statusCode, headers: headers)
            markToFile(dataTask, toFile)
        }
        completionHandler(.allow)
    }

    /// Hands a streamed request's response to its caller as soon as its headers are in, with a
    /// ``ResponseBodyStream`` the rest of the body goes to; `false` for requests that do not stream.
    private func startStream(_ task: URLSessionDataTask, _ http: HTTPURLResponse) -> Bool {
        // Cancelled from another thread: this callback may run on the session's own queue (see
        // `InlineOperationQueue`), which `cancel()` waits for.
        let stream = ResponseBodyStream(onCancel: { [weak task] in task?.cancelElsewhere() })
        let deliver: (@Sendable (Outcome) -> Void)? = exchanges.withLock { exchanges in
            guard let exchange = exchanges[task.taskIdentifier] else { return nil }
            exchanges[task.taskIdentifier]?.stream = stream
            return exchange.deliver
        }
        guard let deliver else { return false }
        var response = URLSessionTransport.makeResponse(http, body: Data())
        response.bodyStream = stream
        deliver(.finished(.success(response)))
        return true
    }

    /// Upload progress.
    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard let reporter = transferParts(of: task)?.reporter else { return }
        let expected = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil
        reporter.report(TransferProgress(direction: .upload, completed: totalBytesSent, expected: expected))
    }
}
