public import Foundation

/// A response body that arrives in chunks after the response started: what a transport returns in
/// ``HTTPResponse/bodyStream`` for a request with ``HTTPRequest/streamsResponse``.
///
/// Iterate ``chunks`` once. ``cancel()`` (or ending the iteration) closes the connection.
public final class ResponseBodyStream: Sendable, Hashable {
    /// The body's chunks as they arrive; fails with an ``InteractiveError`` when the connection does.
    public let chunks: AsyncThrowingStream<Data, any Error>
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let onCancel: Locked<(@Sendable () -> Void)?>

    /// A stream whose ``cancel()`` calls `onCancel` once (a transport cancels its network task there).
    public init(onCancel: @escaping @Sendable () -> Void) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        chunks = stream
        self.continuation = continuation
        let cancel = Locked<(@Sendable () -> Void)?>(onCancel)
        self.onCancel = cancel
        continuation.onTermination = { termination in
            if case .cancelled = termination { cancel.withLock { $0.take() }?() }
        }
    }

    /// A stream of chunks already received (a transport that does not stream, a test).
    public convenience init(_ data: Data) {
        self.init(onCancel: {})
        if !data.isEmpty { yield(data) }
        finish()
    }

    /// Adds a chunk (transports call this).
    public func yield(_ data: Data) {
        continuation.yield(data)
    }

    /// Ends the body, normally or with a failure (transports call this).
    public func finish(throwing error: InteractiveError? = nil) {
        if let error { continuation.finish(throwing: error) } else { continuation.finish() }
        onCancel.withLock { $0 = nil }
    }

    /// Stops the body and closes the connection.
    public func cancel() {
        let cancel = onCancel.withLock { $0.take() }
        continuation.finish(throwing: InteractiveError.cancelled)
        cancel?()
    }

    /// Identity.
    public static func == (lhs: ResponseBodyStream, rhs: ResponseBodyStream) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
