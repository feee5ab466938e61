/// A transport that can also answer through a callback, so the ``Executor`` can wait for an
/// exchange without running it in a task of its own (see ``DeadlineRace/run(until:timeout:start:)``).
///
/// The executor takes this path only without plugins (which may await anything) and for requests
/// whose whole body is the answer (no download, no stream). Their headers have passed ``HeaderCheck``
/// already (when the request was resolved, or in ``Executor/send(_:)``), so `start` does not check
/// them again.
protocol CallbackTransport: Transport {
    /// Starts sending `request` and calls `completion` exactly once with the response or the failure
    /// (possibly before returning). Returns what cancels the exchange; a cancelled exchange still
    /// calls `completion`, with a failure.
    func start(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, InteractiveError>) -> Void) -> @Sendable () -> Void
}
