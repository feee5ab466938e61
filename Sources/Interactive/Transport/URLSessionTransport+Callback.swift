#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

/// ``URLSessionTransport/send(_:)`` with a completion callback, for the executor's path without a
/// task per request: the same sessions, `Connection: close` and 307/308 re-sends (the executor checked
/// the headers, see ``CallbackTransport``).
extension URLSessionTransport: CallbackTransport {
    func start(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, InteractiveError>) -> Void) -> @Sendable () -> Void {
        var urlRequest = Self.makeURLRequest(request)
        let singleUse = !request.isIdempotent && !reusesConnectionsForNonIdempotentRequests
        if singleUse {
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        // The data task running, to cancel it (and the re-sends after it).
        let running = CancellableSlot<URLSessionTask>()
        startTask(urlRequest, for: request, singleUse: singleUse, resent: 0, running: running, completion: completion)
        // The executor cancels from the caller's cancellation handler too: see `cancelElsewhere()`.
        return { running.cancel()?.cancelElsewhere() }
    }

    /// One data task; a 307/308 re-send starts the next, up to ``maxResentRedirects``.
    private func startTask(
        _ urlRequest: URLRequest, for request: HTTPRequest, singleUse: Bool, resent: Int, running: CancellableSlot<URLSessionTask>,
        completion: @escaping @Sendable (Result<HTTPResponse, InteractiveError>) -> Void
    ) {
        let (session, delegate) = singleUse ? (singleUseSession, singleUseDelegate) : (session, delegate)
        let made: (URLSessionTask, URLRequest, TransferParts?)
        do throws(InteractiveError) {
            // The executor takes this path only for requests that download nothing; a download's
            // sink here is not finished early by a cancellation (see `DownloadSink.withSink`).
            let reporter = ProgressReporter.current
            let sink = request.download.map { DownloadSink(request: request, download: $0, reporter: reporter) }
            made = try Self.makeTask(in: session, urlRequest, for: request, sink: sink, reporter: reporter)
        } catch {
            completion(.failure(error))
            return
        }
        let (task, sent, transfer) = made
        guard running.fill({ task }) != nil else {
            completion(.failure(.cancelled))
            return
        }
        delegate.register(task, for: request, sending: sent, transfer: transfer) { outcome in
            switch outcome {
            case .finished(let result):
                completion(result)
            case .resend(let next):
                guard resent < Self.maxResentRedirects else {
                    completion(.failure(.transport(
                        message: "more than \(Self.maxResentRedirects) redirects for \(request.apiName)", code: URLError.httpTooManyRedirects.rawValue)))
                    return
                }
                // Not from here: this callback may run on the session's queue (``InlineOperationQueue``),
                // and starting a task waits for that queue.
                DispatchQueue.global().async {
                    self.startTask(next, for: request, singleUse: singleUse, resent: resent + 1, running: running, completion: completion)
                }
            }
        }
        task.resume()
    }
}
