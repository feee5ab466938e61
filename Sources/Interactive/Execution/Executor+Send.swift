/// Sending a request that is already built, e.g. one replayed from the offline journal.
extension Executor {
    /// Sends a resolved request through the plugins and the transport, as for an API — `prepare`,
    /// `answer`, the `send` chain, `process` with its replays, `didFinish` — within the request's
    /// timeout, and returns the response as accepted by the plugins, whatever its status (there is
    /// no parser).
    ///
    /// This is how a frozen request gets back what the journal does not keep: a header plugin's or
    /// re-login's `Authorization`, a signer's signature (see ``FreezePlugin/resume(through:)-(Executor)``).
    ///
    /// - Throws: Every failure as an ``InteractiveError``.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        if Task.isCancelled { throw .cancelled }
        try HeaderCheck.validate(request.headers)
        let startedAt = ContinuousClock.now
        let context = PluginContext(startedAt: startedAt, deadline: startedAt.advanced(by: request.timeout))
        let (outcome, finalRequest) = await runExchange(request, context: context)
        if !plugins.isEmpty {
            await finish(outcome.map { $0 }, for: finalRequest, context: context)
        }
        return try outcome.get()
    }
}
