/// A download's sink finished the moment its exchange is cancelled.
extension DownloadSink {
    /// Runs `operation` with the sink of `request`'s download (`nil` when the request downloads
    /// nothing). When the calling task is cancelled, the sink is finished in the cancellation handler
    /// itself: its partial file is closed, kept for a resume and given back before `cancel()` returns.
    ///
    /// The ``Executor`` resumes its caller with ``InteractiveError/cancelled`` (or a timeout) only after
    /// the exchange's cancellation handlers ran, so a download started right after a cancelled one
    /// finds the part and its validator, and resumes it. Waiting for the network task to wind down
    /// instead would leave the part held by the cancelled download for a moment: the next download
    /// of the URL would then get files of its own and start from zero.
    package static func withSink<T>(
        for request: HTTPRequest,
        reporter: ProgressReporter?,
        _ operation: (DownloadSink?) async throws(InteractiveError) -> T
    ) async throws(InteractiveError) -> T {
        guard let download = request.download else { return try await operation(nil) }
        let scope = CancellableSlot<DownloadSink>()
        let outcome = await withTaskCancellationHandler { () async -> Result<T, InteractiveError> in
            // Made under the scope's lock: a cancellation either finds the sink or prevents it.
            guard let sink = scope.fill({ DownloadSink(request: request, download: download, reporter: reporter) }) else {
                return .failure(.cancelled)
            }
            do throws(InteractiveError) {
                return .success(try await operation(sink))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            scope.cancel()?.finish(failed: true)
        }
        return try outcome.get()
    }
}
