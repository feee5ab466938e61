import Foundation

/// A streamed response: its events, typed, as they arrive (the spec's `response: { stream: … }`).
///
/// ```swift
/// let ticks = try await executor.execute(PriceTicksApi(symbol: "AAPL"))   // returns when the stream starts
/// for try await tick in ticks {
///     label.text = "\(tick.price)"
/// }
/// ```
///
/// Failures are ``InteractiveError``s: `.decoding` for an event that does not match its type (the
/// stream ends there), `.timeout` when no event came within the idle timeout, `.transport` when the
/// connection breaks. Stopping the iteration — `break`, or cancelling the task that iterates —
/// closes the connection. A stream is iterated once.
public struct EventStream<Event: Sendable>: AsyncSequence, Sendable {
    /// The events as an `AsyncThrowingStream`.
    public let events: AsyncThrowingStream<Event, any Error>
    private let onStop: @Sendable () -> Void
    /// Called for each event the iteration takes (the parser's bounded buffer makes room).
    private let onTake: @Sendable () -> Void

    /// Wraps events; `onStop` runs when an iteration ends early (`break`) or its task is cancelled.
    public init(_ events: AsyncThrowingStream<Event, any Error>, onStop: @escaping @Sendable () -> Void = {}) {
        self.init(events, onStop: onStop, onTake: {})
    }

    init(_ events: AsyncThrowingStream<Event, any Error>, onStop: @escaping @Sendable () -> Void, onTake: @escaping @Sendable () -> Void) {
        self.events = events
        self.onStop = onStop
        self.onTake = onTake
    }

    /// A stream of the given events, then its end: a mock's event list.
    public init(body: [Event]) {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Event.self)
        for event in body { continuation.yield(event) }
        continuation.finish()
        self.init(stream)
    }

    /// Iterates the events; when the iterator goes away before the end (a `break`), the stream
    /// stops and its connection closes.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: events.makeAsyncIterator(), stop: Stop(onStop), onTake: onTake)
    }

    /// The iterator of an ``EventStream``.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Event, any Error>.Iterator
        let stop: Stop
        let onTake: @Sendable () -> Void

        /// The next event, or `nil` at the end.
        public mutating func next() async throws -> Event? {
            let event = try await base.next()
            if event != nil { onTake() }
            return event
        }
    }

    /// Runs its action when the last copy of an iterator is gone.
    final class Stop: Sendable {
        let action: @Sendable () -> Void
        init(_ action: @escaping @Sendable () -> Void) { self.action = action }
        deinit { action() }
    }
}
