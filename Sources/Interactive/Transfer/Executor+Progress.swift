public import Dispatch

/// Executing with upload and download progress.
///
/// Progress reaches the transport through ``ProgressReporter/current``, a task-local value, so
/// plugins and transports need no new parameter; reports are throttled (see ``ProgressReporter``).
extension Executor {
    /// Executes the API and calls `progress` (from any thread) as the request body is sent and the
    /// response body received.
    ///
    /// ```swift
    /// let file = try await executor.execute(DownloadReportApi(id: 7)) { progress in
    ///     print(progress.fraction ?? 0)
    /// }
    /// ```
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    public func execute<A: Api>(
        _ api: A,
        progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws(InteractiveError) -> A.Parser.Output {
        let reporter = ProgressReporter(deliver: progress)
        let result: Result<A.Parser.Output, InteractiveError> = await ProgressReporter.$current.withValue(reporter) {
            do throws(InteractiveError) {
                return .success(try await self.execute(api))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Starts the API and returns its progress as an `AsyncStream` beside its result.
    ///
    /// ```swift
    /// let upload = executor.transfer(UploadAvatarApi(avatar: UploadFile(url: imageURL)))
    /// for await progress in upload.progress { bar.value = progress.fraction ?? 0 }
    /// let echo = try await upload.value
    /// ```
    public func transfer<A: Api>(_ api: A) -> Transfer<A.Parser.Output> {
        let (stream, continuation) = AsyncStream.makeStream(of: TransferProgress.self, bufferingPolicy: .bufferingNewest(64))
        let task = Task { () -> Result<A.Parser.Output, InteractiveError> in
            defer { continuation.finish() }
            do throws(InteractiveError) {
                return .success(try await self.execute(api) { continuation.yield($0) })
            } catch {
                return .failure(error)
            }
        }
        return Transfer(progress: stream, task: task)
    }

    /// The completion-handler form with progress: both run on the main actor, progress reports
    /// in order and throttled, the completion once.
    @discardableResult
    public func execute<A: Api>(
        _ api: A,
        progress: @escaping @MainActor (TransferProgress) -> Void,
        completion: @escaping @MainActor (Result<A.Parser.Output, InteractiveError>) -> Void
    ) -> Handler {
        let reporter = ProgressReporter { value in
            DispatchQueue.main.async { MainActor.assumeIsolated { progress(value) } }
        }
        return ProgressReporter.$current.withValue(reporter) { execute(api, completion: completion) }
    }

    /// The completion-handler form with progress on a queue of your own: progress reports in
    /// order and throttled, then the completion once.
    @discardableResult
    public func execute<A: Api>(
        _ api: A,
        queue: DispatchQueue,
        progress: @escaping @Sendable (TransferProgress) -> Void,
        completion: @escaping @Sendable (Result<A.Parser.Output, InteractiveError>) -> Void
    ) -> Handler {
        let reporter = ProgressReporter { value in queue.async { progress(value) } }
        return ProgressReporter.$current.withValue(reporter) { execute(api, queue: queue, completion: completion) }
    }
}

/// A running upload or download: its progress and, when it is done, its result.
public struct Transfer<Output: Sendable>: Sendable {
    /// Progress reports, throttled; the stream ends when the call ends.
    public let progress: AsyncStream<TransferProgress>
    let task: Task<Result<Output, InteractiveError>, Never>

    /// The business object, once the call is done.
    public var value: Output {
        get async throws(InteractiveError) { try await task.value.get() }
    }

    /// Cancels the call and its network request; ``value`` then throws ``InteractiveError/cancelled``.
    public func cancel() {
        task.cancel()
    }
}
