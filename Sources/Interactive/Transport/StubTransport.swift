import Foundation

/// A ``Transport`` that never touches the network, for unit tests of code that executes APIs.
///
/// Either answer every request with a closure, or queue responses that are used in order:
///
/// ```swift
/// let stub = StubTransport()
/// stub.enqueue(json: #"{"token": "t1"}"#)
/// let executor = Executor(transport: stub)
/// let session = try await executor.execute(LoginApi(name: "ann", password: "secret"))
/// #expect(stub.requests.first?.url.path == "/login")
/// ```
///
/// Every request that reaches the stub is recorded in ``requests``.
public final class StubTransport: Transport {
    /// Computes the response to a request.
    public typealias Responder = @Sendable (HTTPRequest) async throws(InteractiveError) -> HTTPResponse

    private struct State {
        var queue: [Result<HTTPResponse, InteractiveError>] = []
        var requests: [HTTPRequest] = []
    }

    private let state = Locked(State())
    private let responder: Responder?
    private let delay: Duration?

    /// Creates a stub that answers from its queue (see ``enqueue(_:)``), after an optional delay.
    ///
    /// When the queue is empty a request fails with ``InteractiveError/transport(message:code:)``.
    /// - Parameter delay: How long each exchange takes; cancelling the task ends the wait with
    ///   ``InteractiveError/cancelled``.
    public init(delay: Duration? = nil) {
        responder = nil
        self.delay = delay
    }

    /// Creates a stub that answers with `responder` whenever its queue is empty, after an optional delay.
    public init(delay: Duration? = nil, responder: @escaping Responder) {
        self.responder = responder
        self.delay = delay
    }

    /// Every request that reached the stub, oldest first.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Queues a response or a failure.
    public func enqueue(_ result: Result<HTTPResponse, InteractiveError>) {
        state.withLock { $0.queue.append(result) }
    }

    /// Queues a response.
    public func enqueue(_ response: HTTPResponse) {
        enqueue(.success(response))
    }

    /// Queues a JSON response with this status.
    public func enqueue(status: Int = 200, json: String, headers: HTTPHeaders = ["Content-Type": "application/json"]) {
        enqueue(HTTPResponse(status: status, headers: headers, body: Data(json.utf8)))
    }

    /// Queues a failure.
    public func enqueue(error: InteractiveError) {
        enqueue(.failure(error))
    }

    /// Records the request, waits for the delay, then answers.
    public func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        let queued: Result<HTTPResponse, InteractiveError>? = state.withLock { state in
            state.requests.append(request)
            return state.queue.isEmpty ? nil : state.queue.removeFirst()
        }
        if let delay {
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        if let queued { return try queued.get() }
        guard let responder else {
            throw .transport(message: "StubTransport has no response queued for \(request.apiName)", code: nil)
        }
        return try await responder(request)
    }
}
