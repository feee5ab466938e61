public import Dispatch

/// The completion-handler form, for callers that are not `async`.
extension Executor {
    /// Starts executing the API and calls `completion` once, on `queue`, with the business object or
    /// the failure (``InteractiveError/cancelled`` after ``Handler/cancel()``).
    ///
    /// ```swift
    /// let handler = executor.execute(GetApi(q: "swift")) { result in
    ///     if case .success(let echo) = result { label.text = echo.url }
    /// }
    /// handler.cancel() // e.g. when the screen goes away
    /// ```
    ///
    /// - Parameter queue: Where `completion` runs; the main queue by default.
    @discardableResult
    public func execute<A: Api>(
        _ api: A,
        queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<A.Parser.Output, InteractiveError>) -> Void
    ) -> Handler {
        executeWithMetadata(api, queue: queue) { result in
            completion(result.map(\.value))
        }
    }

    /// Like ``execute(_:queue:completion:)``, with the response's metadata.
    @discardableResult
    public func executeWithMetadata<A: Api>(
        _ api: A,
        queue: DispatchQueue = .main,
        completion: @escaping @Sendable (Result<Response<A.Parser.Output>, InteractiveError>) -> Void
    ) -> Handler {
        let handler = Handler()
        let task = Task {
            let result: Result<Response<A.Parser.Output>, InteractiveError>
            do throws(InteractiveError) {
                result = .success(try await self.executeWithMetadata(api))
            } catch {
                result = .failure(error)
            }
            let wasCancelled = handler.markDone()
            let delivered: Result<Response<A.Parser.Output>, InteractiveError> = wasCancelled ? .failure(.cancelled) : result
            queue.async { completion(delivered) }
        }
        handler.attach(task)
        return handler
    }
}
