public import Foundation

/// Keeps requests of APIs marked `freezable: true` that fail for lack of connectivity: the request is
/// written to an ``OfflineJournal`` and the caller gets ``InteractiveError/frozen(id:)``; ``resume(send:)``
/// sends the journal's requests later, in order.
///
/// Every freezable request carries an `Idempotency-Key` header from its first attempt on, so the
/// server can apply it exactly once however many times it arrives (first attempt whose response
/// was lost, replay, replay after a crash).
///
/// ```swift
/// let freezer = FreezePlugin(journal: try OfflineJournal(url: supportURL.appendingPathComponent("offline.journal")))
/// let executor = Executor(plugins: [freezer, RetryPlugin()])
/// // later, when the network is back (the executor's plugins put back the secrets the journal withholds):
/// let report = await freezer.resume(through: executor)
/// ```
///
/// Put it outermost among the send wrappers, so retries happen before a request is frozen.
///
/// The journal holds no secrets: secret headers (`Authorization`, cookies, `secret: true` header
/// parameters) are withheld and re-applied at replay by the executor's plugins
/// (``resume(through:)-(Executor)``) or by the ``resume(send:)`` closure; a request with a secret
/// body parameter is never frozen (its caller gets the connectivity error). See ``FrozenRequest``.
public struct FreezePlugin: Plugin {
    /// The journal.
    public let journal: OfflineJournal
    /// Where the journal is replayed by itself as soon as any response shows the server is reachable
    /// again; `nil` replays only when the app calls ``resume(send:)``.
    public let resumeTransport: (any Transport)?
    private let onResume: (@Sendable (FreezeReplayer.Report) -> Void)?
    private let makeID: @Sendable () -> String
    private let resuming = Locked(false)

    /// Creates a freezing plugin.
    ///
    /// - Parameters:
    ///   - resumeWhenReachable: Replays the journal through this transport, in the background, after
    ///     any exchange that got a response while requests are pending; `nil` to replay only on ``resume(send:)``.
    ///   - onResume: Told the outcome of each automatic replay.
    ///   - makeID: Makes idempotency keys and journal ids (UUIDs by default).
    public init(
        journal: OfflineJournal,
        resumeWhenReachable: (any Transport)? = nil,
        onResume: (@Sendable (FreezeReplayer.Report) -> Void)? = nil,
        makeID: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.journal = journal
        resumeTransport = resumeWhenReachable
        self.onResume = onResume
        self.makeID = makeID
    }

    /// `FreezePlugin`.
    public var name: String { "FreezePlugin" }

    /// Gives a freezable request its idempotency key, unless it already has one.
    public func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        guard request.options.freezable, !request.headers.contains(FrozenRequest.idempotencyHeader) else { return request }
        var request = request
        request.headers.set(makeID(), for: FrozenRequest.idempotencyHeader)
        return request
    }

    /// Sends; on a transport failure of a freezable request, journals it and throws `frozen`. Any
    /// response means connectivity is back: pending requests are then replayed if ``resumeTransport`` is set.
    public func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        do {
            let response = try await next(request)
            if let resumeTransport, journal.hasPending, !resuming.current {
                let onResume = onResume
                Task.detached {
                    let report = await resume(through: resumeTransport)
                    if !report.alreadyRunning { onResume?(report) }
                }
            }
            return response
        } catch .transport(let message, let code) {
            // A secret body member would have to be written to disk: such a request is not frozen.
            guard request.options.freezable, FrozenRequest.canFreeze(request) else { throw .transport(message: message, code: code) }
            let id = makeID()
            var frozen = FrozenRequest(id: id, request: request)
            do {
                if let upload = request.upload { frozen.uploadFile = try journal.keepUpload(upload, id: id).path }
                try journal.append(frozen)
            } catch {
                // Could not keep it: the caller must learn the request did not go through, and the
                // copy of its body goes, since no record names it.
                if let copy = frozen.uploadFile { try? FileManager.default.removeItem(atPath: copy) }
                throw .transport(message: message, code: code)
            }
            throw .frozen(id: id)
        }
    }

    /// Sends the journal's pending requests, oldest first, with `send`, and marks each done once the
    /// server has answered it. See ``FreezeReplayer``.
    public func resume(send: FreezeReplayer.Send) async -> FreezeReplayer.Report {
        guard resuming.withLock({ running in
            defer { running = true }
            return !running
        }) else { return FreezeReplayer.Report(alreadyRunning: true) }
        defer { resuming.withLock { $0 = false } }
        return await FreezeReplayer(journal: journal).resume(send: send)
    }

    /// Sends the journal's pending requests through `executor`'s plugins and transport (see
    /// ``Executor/send(_:)``), so the secrets the journal does not hold are put back as on the first
    /// send: a header plugin's or re-login's `Authorization`, a signer's signature. Use the executor
    /// the requests were frozen from; this plugin in it does not freeze a replay again.
    public func resume(through executor: Executor) async -> FreezeReplayer.Report {
        await resume { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in try await executor.send(request) }
    }

    /// Sends the journal's pending requests through `transport`, as stored: without the secret
    /// headers the journal withholds (see ``FrozenRequest``). Use ``resume(through:)-(Executor)``
    /// or ``resume(send:)`` for requests that need them.
    public func resume(through transport: any Transport) async -> FreezeReplayer.Report {
        await resume { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in try await transport.send(request) }
    }
}
