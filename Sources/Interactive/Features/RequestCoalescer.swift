/// Shares one in-flight exchange between identical requests: the first caller (the leader) runs the
/// exchange, later callers with the same key wait for its outcome, and everyone gets the same result.
///
/// A waiting caller that is cancelled leaves alone. If the leader is cancelled, the waiters are not
/// failed with its cancellation: one of them starts the exchange again (at most a few times, then
/// each runs its own).
public final class RequestCoalescer: Sendable {
    private enum Outcome {
        case response(HTTPResponse)
        case lead(UInt64)
        case restart
    }

    private typealias Waiter = CheckedContinuation<Outcome, any Error>

    private struct Flight {
        var generation: UInt64
        var waiters: [UInt64: Waiter] = [:]
    }

    private struct State {
        var flights: [String: Flight] = [:]
        var cancelled: Set<UInt64> = []
        var entered: Set<UInt64> = []
        var nextID: UInt64 = 0
        var started = 0
    }

    private static let maxRestarts = 3
    private let state = Locked(State())

    /// Creates a coalescer.
    public init() {}

    /// The key under which two requests are identical: method, URL and every header; `nil` when the
    /// request must not be shared (not a GET or HEAD, or it has a body).
    public static func key(for request: HTTPRequest) -> String? {
        guard request.method == .get || request.method == .head, request.body?.isEmpty ?? true else { return nil }
        // A download's file belongs to one caller: two callers cannot share it.
        guard request.download == nil, request.upload == nil else { return nil }
        let headers = request.headers.map { "\($0.name.lowercased()):\($0.value)" }.sorted()
        return ([request.method.rawValue, request.url.absoluteString] + headers).joined(separator: "\n")
    }

    /// How many exchanges were started so far (by leaders or after restarts).
    public var startedCount: Int { state.withLock { $0.started } }

    /// How many callers are waiting for the exchange in flight for `key`.
    public func waitingCount(key: String) -> Int { state.withLock { $0.flights[key]?.waiters.count ?? 0 } }

    /// Runs `operation` for `key`, or waits for the run already in flight for it and returns its outcome.
    public func run(key: String, operation: () async throws(InteractiveError) -> HTTPResponse) async throws(InteractiveError) -> HTTPResponse {
        for _ in 0..<Self.maxRestarts {
            switch try await join(key: key) {
            case .response(let response):
                return response
            case .restart:
                continue
            case .lead(let generation):
                let result: Result<HTTPResponse, InteractiveError>
                do throws(InteractiveError) {
                    result = .success(try await operation())
                } catch {
                    result = .failure(error)
                }
                // A cancelled leader's waiters still want the response: they start over instead.
                let restart = Task.isCancelled && result == .failure(.cancelled)
                finish(key: key, generation: generation, result: result, restart: restart)
                return try result.get()
            }
        }
        // The exchange kept being cancelled under us: run our own.
        return try await operation()
    }

    /// Becomes the leader for `key`, or waits as a follower until the leader's outcome arrives.
    private func join(key: String) async throws(InteractiveError) -> Outcome {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        defer { state.withLock { _ = $0.entered.remove(id) } }
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: Waiter) in
                    let immediate: Result<Outcome, InteractiveError>? = state.withLock { state in
                        if state.cancelled.remove(id) != nil { return .failure(.cancelled) }
                        state.entered.insert(id)
                        if state.flights[key] != nil {
                            state.flights[key]?.waiters[id] = continuation
                            return nil
                        }
                        state.nextID += 1
                        state.started += 1
                        state.flights[key] = Flight(generation: state.nextID)
                        return .success(.lead(state.nextID))
                    }
                    if let immediate { continuation.resume(with: immediate) }
                }
            } onCancel: {
                let waiter: Waiter? = state.withLock { state in
                    if let waiter = state.flights[key]?.waiters.removeValue(forKey: id) { return waiter }
                    if !state.entered.contains(id) { state.cancelled.insert(id) }
                    return nil
                }
                waiter?.resume(throwing: InteractiveError.cancelled)
            }
        } catch let error as InteractiveError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    private func finish(key: String, generation: UInt64, result: Result<HTTPResponse, InteractiveError>, restart: Bool) {
        let waiters: [Waiter] = state.withLock { state in
            guard let flight = state.flights[key], flight.generation == generation else { return [] }
            state.flights[key] = nil
            return Array(flight.waiters.values)
        }
        for waiter in waiters {
            if restart {
                waiter.resume(returning: .restart)
                continue
            }
            switch result {
            case .success(let response): waiter.resume(returning: .response(response))
            case .failure(let error): waiter.resume(throwing: error)
            }
        }
    }
}
