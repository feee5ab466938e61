public import Dispatch

/// The completion-handler form, for callers that are not `async`.
///
/// Without a queue the completion is `@MainActor` and runs on the main actor, so a view controller
/// sets its own state in it directly; with a queue it runs there and must be `@Sendable`.
extension Executor {
    /// Starts executing the API and calls `completion` once, on the main actor, with the business
    /// object or the failure (``InteractiveError/cancelled`` after ``Handler/cancel()``).
    ///
    /// ```swift
    /// @MainActor final class ItemViewController {
    ///     var title = ""
    ///     private var handler: Handler?
    ///
    ///     func load() {
    ///         handler = executor.execute(ItemQueryApi(itemId: 1)) { result in
    ///             if case .success(let item) = result { self.title = item.title }
    ///         }
    ///     }
    ///     func close() { handler?.cancel() }
    /// }
    /// ```
    ///
    /// Callable from any isolation; only the completion runs on the main actor.
    @discardableResult
    public func execute<A: Api>(
        _ api: A,
        completion: @escaping @MainActor (Result<A.Parser.Output, InteractiveError>) -> Void
    ) -> Handler {
        executeWithMetadata(api) { result in
            completion(result.map(\.value))
        }
    }

    /// Like ``execute(_:completion:)``, with the response's metadata.
    @discardableResult
    public func executeWithMetadata<A: Api>(
        _ api: A,
        completion: @escaping @MainActor (Result<Response<A.Parser.Output>, InteractiveError>) -> Void
    ) -> Handler {
        start(api) { result in
            await completion(result)
        }
    }

    /// Starts executing the API and calls `completion` once, on `queue`, with the business object or
    /// the failure (``InteractiveError/cancelled`` after ``Handler/cancel()``).
    ///
    /// For completions that must run on a queue of their own; code on the main actor uses
    /// ``execute(_:completion:)``.
    ///
    /// - Parameter queue: Where `completion` runs.
    @discardableResult
    public func execute<A: Api>(
        _ api: A,
        queue: DispatchQueue,
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
        queue: DispatchQueue,
        completion: @escaping @Sendable (Result<Response<A.Parser.Output>, InteractiveError>) -> Void
    ) -> Handler {
        start(api) { result in
            queue.async { completion(result) }
        }
    }

    /// Runs the execution in a task the returned ``Handler`` can cancel, and hands the outcome to
    /// `deliver` once (``InteractiveError/cancelled`` when the handler was cancelled first).
    private func start<A: Api>(
        _ api: A,
        deliver: @escaping @Sendable (Result<Response<A.Parser.Output>, InteractiveError>) async -> Void
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
            await deliver(wasCancelled ? .failure(.cancelled) : result)
        }
        handler.attach(task)
        return handler
    }
}
