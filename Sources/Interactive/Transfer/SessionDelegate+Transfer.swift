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
            _ = sink.finish(failed: true)
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
        if let sink = transferParts(of: dataTask)?.sink, let http = response as? HTTPURLResponse {
            let headers = URLSessionTransport.makeResponse(http, body: Data()).headers
            let toFile = sink.begin(status: http.statusCode, headers: headers)
            markToFile(dataTask, toFile)
        }
        completionHandler(.allow)
    }

    /// Upload progress.
    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        guard let reporter = transferParts(of: task)?.reporter else { return }
        let expected = totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil
        reporter.report(TransferProgress(direction: .upload, completed: totalBytesSent, expected: expected))
    }
}
