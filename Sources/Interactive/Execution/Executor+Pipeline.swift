/// The plugin pipeline of one execution, from `prepare` to `process`, as documented on ``Plugin``.
extension Executor {
    /// Runs prepare → answer → send chain → process until no plugin asks for a replay (or the replay
    /// budget is spent) and returns the accepted response.
    ///
    /// - Parameter current: Updated with the request as last prepared, for `didFinish`; `nil` when
    ///   there are no plugins (nothing changes the request, and nobody is told).
    func exchange(_ initial: HTTPRequest, context: PluginContext, current: Locked<HTTPRequest>?) async throws(InteractiveError) -> HTTPResponse {
        let send = chain(context: context, timeout: initial.timeout)
        var request = initial
        while true {
            request = try await prepare(request, context: context)
            current?.withLock { $0 = request }
            let result: Result<HTTPResponse, InteractiveError>
            if let answer = try await answer(request, context: context) {
                context.recordSource(answer.source)
                result = .success(answer.response)
            } else {
                context.recordSource(ResponseMetadata.networkSource)
                do throws(InteractiveError) {
                    result = .success(try await send(request))
                } catch {
                    result = .failure(error)
                }
            }
            if Task.isCancelled { throw .cancelled }
            switch await process(result, for: request, context: context) {
            case .proceed(let final):
                return try final.get()
            case .replay(let next):
                request = next
            }
        }
    }

    /// `prepare` of every plugin in order; a header a plugin added is checked for line breaks.
    private func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        var request = request
        for plugin in plugins {
            request = try await plugin.prepare(request, context: context)
        }
        // `ApiRequest.resolve()` checked the headers; only a plugin (or a plugin's replay) can change them.
        guard !plugins.isEmpty else { return request }
        try HeaderCheck.validate(request.headers)
        return request
    }

    /// The first plugin answer, in plugin order.
    private func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer? {
        for plugin in plugins {
            if let answer = try await plugin.answer(request, context: context) { return answer }
        }
        return nil
    }

    /// `process` of every plugin in order. The first replay within budget stops the pass; a replay
    /// beyond the budget is ignored and the outcome goes on to the next plugin unchanged.
    private func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        var result = result
        for plugin in plugins {
            switch await plugin.process(result, for: request, context: context) {
            case .proceed(let next):
                result = next
            case .replay(let next):
                if context.replays < maxReplays {
                    context.recordReplay()
                    return .replay(next)
                }
            }
        }
        return .proceed(result)
    }

    /// The `send` chain: the first plugin outermost, the transport innermost. The transport call
    /// checks the headers the `send` steps may have set (a signer's), counts an attempt, fails fast
    /// when cancelled or past the deadline, and hands the transport the time that is left.
    private func chain(context: PluginContext, timeout: Duration) -> PluginNext {
        let transport = transport
        let checksHeaders = !plugins.isEmpty
        var next: PluginNext = { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in
            if checksHeaders { try HeaderCheck.validate(request.headers) }
            return try await Self.sendAttempt(request, through: transport, timeout: timeout, context: context)
        }
        for plugin in plugins.reversed() {
            let inner = next
            next = { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in
                try await plugin.send(request, context: context, next: inner)
            }
        }
        return next
    }

    /// The innermost step of every path to the transport: ``attempt(_:timeout:context:)``, then the
    /// transport's `send`, whose timeout is reported with the API's `timeout`.
    static func sendAttempt(_ request: HTTPRequest, through transport: any Transport, timeout: Duration, context: PluginContext) async throws(InteractiveError) -> HTTPResponse {
        let sent = try attempt(request, timeout: timeout, context: context)
        do throws(InteractiveError) {
            return try await transport.send(sent)
        } catch .timeout {
            throw .timeout(after: timeout)
        }
    }

    /// `request` as the transport gets it, with the time left before the deadline, and one attempt
    /// counted. Fails fast with ``InteractiveError/cancelled`` when the task is cancelled and with
    /// ``InteractiveError/timeout(after:)`` (the API's `timeout`) when the deadline has passed.
    static func attempt(_ request: HTTPRequest, timeout: Duration, context: PluginContext) throws(InteractiveError) -> HTTPRequest {
        if Task.isCancelled { throw .cancelled }
        let remaining = context.deadline - .now
        guard remaining > .zero else { throw .timeout(after: timeout) }
        var sent = request
        sent.timeout = min(request.timeout, remaining)
        context.recordAttempt()
        return sent
    }
}
