/// Sends an ``OfflineJournal``'s pending requests again, in the order they were frozen.
///
/// Each request is marked done only after the server answers it; a request the server rejects with
/// a final 4xx is marked done too (sending it again cannot help) and reported. A 401 is not final:
/// the journal holds no credentials, so the request waits for a replay that authorizes it. The replay stops at the
/// first request that cannot be delivered now — no connectivity, timeout, 401/408/429/5xx — keeping it and
/// everything after it for the next resume, so the server sees them in their original order.
public struct FreezeReplayer: Sendable {
    /// Sends one request; a `Transport`'s `send`, or a closure that signs and sends.
    public typealias Send = @Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPResponse

    /// What a resume achieved.
    public struct Report: Sendable, Equatable {
        /// Requests the server accepted (2xx/3xx), by journal id.
        public var delivered: [String] = []
        /// Requests the server refused for good (4xx other than 401/408/429), by journal id.
        public var rejected: [String] = []
        /// Requests still pending.
        public var remaining = 0
        /// Records that could not be turned back into requests (skipped and marked done).
        public var unreadable = 0
        /// Why the replay stopped early, if it did.
        public var stoppedBy: InteractiveError?
        /// Whether another resume of the same plugin was already running (nothing was sent).
        public var alreadyRunning = false

        /// Creates a report.
        public init(alreadyRunning: Bool = false) { self.alreadyRunning = alreadyRunning }
    }

    /// The journal replayed.
    public let journal: OfflineJournal

    /// Creates a replayer.
    public init(journal: OfflineJournal) { self.journal = journal }

    /// Replays the pending requests; compacts the journal when nothing is left.
    public func resume(send: Send) async -> Report {
        var report = Report()
        let pending = journal.pending
        for (index, frozen) in pending.enumerated() {
            if Task.isCancelled {
                report.stoppedBy = .cancelled
                report.remaining = pending.count - index
                return report
            }
            guard let request = frozen.makeRequest() else {
                report.unreadable += 1
                try? journal.markDone(id: frozen.id)
                continue
            }
            let outcome: Result<HTTPResponse, InteractiveError>
            do {
                outcome = .success(try await send(request))
            } catch {
                outcome = .failure(error)
            }
            switch Self.classify(outcome) {
            case .delivered:
                report.delivered.append(frozen.id)
            case .rejected:
                report.rejected.append(frozen.id)
            case .stop(let error):
                report.stoppedBy = error
                report.remaining = pending.count - index
                return report
            }
            do {
                try journal.markDone(id: frozen.id)
                journal.discardUpload(of: frozen)
            } catch {
                // The server has it but we could not record that; it stays pending and the server's
                // idempotency key makes the next replay harmless. Stop: the disk is in trouble.
                report.stoppedBy = error
                report.remaining = pending.count - index
                return report
            }
        }
        try? journal.compact()
        return report
    }

    private enum Verdict {
        case delivered, rejected, stop(InteractiveError)
    }

    private static func classify(_ outcome: Result<HTTPResponse, InteractiveError>) -> Verdict {
        let status: Int
        switch outcome {
        case .success(let response):
            status = response.status
        case .failure(.unacceptableStatus(let code, _, _)):
            status = code
        case .failure(.failure(let failure)):
            status = failure.status
        case .failure(let error):
            // No connectivity, timeout, cancellation: not delivered; try again later.
            return .stop(error)
        }
        switch status {
        case 200..<400: return .delivered
        // Not authorized now: the journal holds no credentials, so a replay that did not put them
        // back (or put back expired ones) is kept for one that does, not dropped.
        case 401: return .stop(.unacceptableStatus(code: status, headers: HTTPHeaders(), body: .init()))
        // Transient: the server may take it later.
        case 408, 429, 500...: return .stop(.unacceptableStatus(code: status, headers: HTTPHeaders(), body: .init()))
        // The server read it and said no; repeating will not change that.
        default: return .rejected
        }
    }
}
