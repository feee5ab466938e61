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
            if transportEnforcesTimeout, request.download == nil, !request.streamsResponse {
                return (await exchangeInline(request, context: context), request)
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
            let sent: HTTPRequest
            do throws(InteractiveError) {
                sent = try Self.attempt(request, timeout: timeout, context: context)
            } catch {
                deliver(.failure(error))
                return {}
            }
            return transport.start(sent) { result in
                if case .failure(.timeout) = result {
                    deliver(.failure(.timeout(after: timeout)))
                } else {
                    deliver(result)
                }
            }
        }
    }

    /// Without plugins, through a transport that enforces the timeout itself: the `send` chain's
    /// innermost step in the caller's task, which the transport's own timeout and the task's
    /// cancellation end.
    private func exchangeInline(_ request: HTTPRequest, context: PluginContext) async -> Result<HTTPResponse, InteractiveError> {
        do throws(InteractiveError) {
            return .success(try await Self.sendAttempt(request, through: transport, timeout: request.timeout, context: context))
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
