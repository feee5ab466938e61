/// APIs that answer no body (``EmptyResponse``): their result may be left unused, without `_ =`.
extension Executor {
    /// Executes an API that answers no body; the same as ``execute(_:)``, but the
    /// ``EmptyResponse`` may be left unused.
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    @discardableResult
    public func execute<A: Api>(_ api: A) async throws(InteractiveError) -> EmptyResponse where A.Parser.Output == EmptyResponse {
        try await executeWithMetadata(api).value
    }

    /// Executes an API that answers no body and blocks until it is done; the same as
    /// ``executeBlocking(_:)``, but the ``EmptyResponse`` may be left unused.
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    @discardableResult
    public func executeBlocking<A: Api>(_ api: A) throws(InteractiveError) -> EmptyResponse where A.Parser.Output == EmptyResponse {
        try blockingForAnyOutput(api)
    }

    /// ``executeBlocking(_:)`` where the output's type is not known, so that it is the one called.
    private func blockingForAnyOutput<A: Api>(_ api: A) throws(InteractiveError) -> A.Parser.Output {
        try executeBlocking(api)
    }
}
