/// One execution's exchange within its deadline, and the plugins' `didFinish`, shared by
/// ``Executor/executeWithMetadata(_:)`` and ``Executor/send(_:)``.
extension Executor {
    /// Runs the plugin pipeline and the transport (``exchange(_:context:current:)``) against the
    /// deadline and the caller's cancellation, and returns the outcome with the request as the
    /// plugins last prepared it.
    ///
    /// Not generic: the race is specialized once, for ``HTTPResponse``, whatever the API; the caller
    /// parses afterwards.
    func runExchange(_ request: HTTPRequest, context: PluginContext) async -> (Result<HTTPResponse, InteractiveError>, HTTPRequest) {
        guard !plugins.isEmpty else {
            if let direct = callbackTransport, request.download == nil, !request.streamsResponse {
                return (await exchangeDirectly(request, through: direct, context: context), request)
            }
            if let inline = timeoutEnforcingTransport, request.download == nil, !request.streamsResponse {
                return (await exchangeInline(request, through: inline, context: context), request)
            }
            let outcome = await DeadlineRace.run(until: context.deadline, timeout: request.timeout) {
                () async throws(InteractiveError) -> HTTPResponse in
                try await self.exchange(request, context: context, current: nil)
            }
            return (outcome, request)
        }
        let current = Locked(request)
        let outcome = await DeadlineRace.run(until: context.deadline, timeout: request.timeout) {
            () async throws(InteractiveError) -> HTTPResponse in
            try await self.exchange(request, context: context, current: current)
        }
        return (outcome, current.current)
    }

    /// Without plugins, through a ``CallbackTransport``: what the `send` chain's innermost step does
    /// (cancelled or past the deadline fails fast, the transport gets the time that is left, an attempt
    /// is counted, a transport's timeout is reported with the API's), raced against the deadline on
    /// one continuation: no task, no hop between threads beyond the transport's answer.
    private func exchangeDirectly(_ request: HTTPRequest, through transport: any CallbackTransport, context: PluginContext) async -> Result<HTTPResponse, InteractiveError> {
        if Task.isCancelled { return .failure(.cancelled) }
        let timeout = request.timeout
        return await DeadlineRace.run(until: context.deadline, timeout: timeout) { deliver in
            let remaining = context.deadline - .now
            guard remaining > .zero else {
                deliver(.failure(.timeout(after: timeout)))
                return {}
            }
            var sent = request
            sent.timeout = min(timeout, remaining)
            context.recordAttempt()
            return transport.start(sent) { result in
                if case .failure(.timeout) = result {
                    deliver(.failure(.timeout(after: timeout)))
                } else {
                    deliver(result)
                }
            }
        }
    }

    /// Without plugins, through a transport that enforces the timeout itself: the same innermost step,
    /// with the transport called in the caller's task, which its own timeout and the task's
    /// cancellation end.
    private func exchangeInline(_ request: HTTPRequest, through transport: any Transport, context: PluginContext) async -> Result<HTTPResponse, InteractiveError> {
        if Task.isCancelled { return .failure(.cancelled) }
        let timeout = request.timeout
        let remaining = context.deadline - .now
        guard remaining > .zero else { return .failure(.timeout(after: timeout)) }
        var sent = request
        sent.timeout = min(timeout, remaining)
        context.recordAttempt()
        do throws(InteractiveError) {
            return .success(try await transport.send(sent))
        } catch .timeout {
            return .failure(.timeout(after: timeout))
        } catch {
            return .failure(error)
        }
    }

    /// Tells every plugin, in order, how the execution ended.
    func finish(_ outcome: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {
        for plugin in plugins {
            await plugin.didFinish(outcome, for: request, context: context)
        }
    }
}
