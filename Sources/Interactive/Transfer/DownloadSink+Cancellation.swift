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
        let scope = SinkScope()
        let outcome = await withTaskCancellationHandler { () async -> Result<T, InteractiveError> in
            // Made under the scope's lock: a cancellation either finds the sink or prevents it.
            guard let sink = scope.make({ DownloadSink(request: request, download: download, reporter: reporter) }) else {
                return .failure(.cancelled)
            }
            do throws(InteractiveError) {
                return .success(try await operation(sink))
            } catch {
                return .failure(error)
            }
        } onCancel: {
            scope.cancel()
        }
        return try outcome.get()
    }
}

/// The sink of one exchange and whether the exchange was cancelled.
private final class SinkScope: Sendable {
    private struct State {
        var sink: DownloadSink?
        var cancelled = false
    }

    private let state = Locked(State())

    /// The sink `make` returns, unless the exchange was cancelled already.
    func make(_ make: () -> DownloadSink) -> DownloadSink? {
        state.withLock { state in
            guard !state.cancelled else { return nil }
            let sink = make()
            state.sink = sink
            return sink
        }
    }

    /// Finishes the sink, if there is one, as a failed download; no sink is made afterwards.
    func cancel() {
        let sink: DownloadSink? = state.withLock { state in
            state.cancelled = true
            return state.sink
        }
        sink?.finish(failed: true)
    }
}
