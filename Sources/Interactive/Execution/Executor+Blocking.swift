import Dispatch

/// The blocking form, for command-line tools and scripts.
extension Executor {
    /// Executes the API and blocks the calling thread until the business object or the failure is ready.
    ///
    /// Never call this from an `async` context or from the main thread of an app: it blocks a
    /// thread for the whole exchange. It is meant for the top level of command-line tools.
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    public func executeBlocking<A: Api>(_ api: A) throws(InteractiveError) -> A.Parser.Output {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Locked<Result<A.Parser.Output, InteractiveError>?>(nil)
        Task {
            let result: Result<A.Parser.Output, InteractiveError>
            do throws(InteractiveError) {
                result = .success(try await self.execute(api))
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.current else { throw .cancelled }
        return try result.get()
    }
}
