public import Foundation

/// A response body that arrives in chunks after the response started: what a transport returns in
/// ``HTTPResponse/bodyStream`` for a request with ``HTTPRequest/streamsResponse``.
///
/// Iterate ``chunks`` once. ``cancel()`` (or ending the iteration) closes the connection.
///
/// The buffer between the transport and the reader is bounded (``bufferLimit`` bytes): a transport
/// that streams with back-pressure waits in ``send(_:)`` while the reader lags, so it stops reading
/// from the network and the server is held back by TCP flow control. A transport that can only
/// push (``yield(_:)``) learns that the buffer is full from its result and resumes reading when
/// ``whenRoom(_:)`` calls back.
public final class ResponseBodyStream: Sendable, Hashable {
    /// How many bytes a stream holds that its reader has not taken yet before its transport waits.
    public static let bufferLimit = 1 << 20

    /// The body's chunks as they arrive; fails with an ``InteractiveError`` when the connection does.
    public let chunks: Chunks
    private let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    private let onCancel: Locked<(@Sendable () -> Void)?>
    private let gate: FlowGate

    /// A stream whose ``cancel()`` calls `onCancel` once (a transport cancels its network task there).
    ///
    /// - Parameter bufferLimit: The bytes held for the reader before the transport should wait.
    public init(bufferLimit: Int = ResponseBodyStream.bufferLimit, onCancel: @escaping @Sendable () -> Void) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self)
        let gate = FlowGate(limit: bufferLimit)
        self.gate = gate
        chunks = Chunks(base: stream, gate: gate)
        self.continuation = continuation
        let cancel = Locked<(@Sendable () -> Void)?>(onCancel)
        self.onCancel = cancel
        continuation.onTermination = { termination in
            gate.close()
            if case .cancelled = termination { cancel.withLock { $0.take() }?() }
        }
    }

    /// A stream of chunks already received (a transport that does not stream, a test).
    public convenience init(_ data: Data) {
        self.init(bufferLimit: Int.max, onCancel: {})
        if !data.isEmpty { yield(data) }
        finish()
    }

    /// Adds a chunk (transports that push call this); `false` when the reader now lags by
    /// ``bufferLimit`` bytes or more and the transport should pause until ``whenRoom(_:)``.
    @discardableResult
    public func yield(_ data: Data) -> Bool {
        let hasRoom = gate.add(data.count)
        continuation.yield(data)
        return hasRoom
    }

    /// Adds a chunk and returns when the reader has room for more (or the stream ended): what a
    /// transport with back-pressure calls, reading the next chunk from the network only then.
    public func send(_ data: Data) async {
        if !yield(data) { await gate.waitForRoom() }
    }

    /// Runs `action` once the reader has room again (at once if it has), or the stream ended.
    public func whenRoom(_ action: @escaping @Sendable () -> Void) {
        gate.whenRoom(action)
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
        gate.close()
        cancel?()
    }

    /// Identity.
    public static func == (lhs: ResponseBodyStream, rhs: ResponseBodyStream) -> Bool { lhs === rhs }

    /// Identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The chunks of a ``ResponseBodyStream``; taking one makes room for the transport.
    public struct Chunks: AsyncSequence, Sendable {
        let base: AsyncThrowingStream<Data, any Error>
        let gate: FlowGate

        /// Iterates the chunks.
        public func makeAsyncIterator() -> Iterator {
            Iterator(base: base.makeAsyncIterator(), gate: gate)
        }

        /// The iterator of ``Chunks``.
        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncThrowingStream<Data, any Error>.Iterator
            let gate: FlowGate

            /// The next chunk, or `nil` at the end.
            public mutating func next() async throws -> Data? {
                let chunk = try await base.next()
                if let chunk { gate.remove(chunk.count) }
                return chunk
            }
        }
    }
}
