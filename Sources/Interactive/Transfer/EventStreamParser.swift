import Foundation

/// Turns a streamed response into an ``EventStream`` of typed events: server-sent events and JSON
/// Lines decoded as `Event` (server-sent events' data taken as text when `Event` is `String`), or
/// the raw chunks when `Event` is `Data` and the format is ``StreamFormat/bytes``.
///
/// The executor's deadline covers the start of the stream (the response's status and headers):
/// ``ResponseParser/parse(_:)`` runs as soon as they arrive. Between events, `idleTimeout` applies.
///
/// Memory stays bounded when the caller reads slowly: at most ``eventBufferLimit`` decoded events
/// wait for it, then the parser stops taking chunks from the body, whose own buffer
/// (``ResponseBodyStream/bufferLimit``) then holds the transport back from reading the network.
public struct EventStreamParser<Event: Decodable & Sendable>: ResponseParser {
    /// How the body is cut into events.
    public var format: StreamFormat
    /// How long the stream may go without an event before it fails with ``InteractiveError/timeout(after:)``;
    /// `nil` waits forever.
    public var idleTimeout: Duration?

    /// How many decoded events wait for a slow reader before the parser stops reading the body.
    public static var eventBufferLimit: Int { 64 }

    /// Creates a parser.
    public init(format: StreamFormat, idleTimeout: Duration? = nil) {
        self.format = format
        self.idleTimeout = idleTimeout
    }

    /// The media types of the format.
    public var acceptedMediaTypes: String { format.acceptedMediaTypes }

    /// Checks the status and starts decoding the body into events.
    public func parse(_ response: HTTPResponse) throws(InteractiveError) -> EventStream<Event> {
        guard response.isSuccess else {
            response.bodyStream?.cancel()
            throw .unacceptableStatus(code: response.status, headers: response.headers, body: response.body)
        }
        let body = response.bodyStream ?? ResponseBodyStream(response.body)
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Event.self)
        let format = format
        let lastEvent = Locked(ContinuousClock.now)
        let gate = FlowGate(limit: Self.eventBufferLimit)
        let pump = Task {
            var decoder = EventDecoder(format: format)
            do {
                for try await chunk in body.chunks {
                    for payload in decoder.feed(chunk) {
                        gate.add(1)
                        continuation.yield(try Self.decode(payload, format: format))
                        lastEvent.withLock { $0 = .now }
                    }
                    // The next chunk only when the reader has room for its events.
                    await gate.waitForRoom()
                }
                for payload in decoder.finish() { continuation.yield(try Self.decode(payload, format: format)) }
                continuation.finish()
            } catch {
                body.cancel()
                continuation.finish(throwing: (error as? InteractiveError) ?? .transport(message: "\(error)", code: nil))
            }
        }
        // Dispatch timers rather than a sleeping task: they fire on time even when every thread of
        // the cooperative pool is busy (see DeadlineRace).
        let watchdog = idleTimeout.map { timeout in
            IdleWatchdog(timeout: timeout, lastEvent: lastEvent) {
                // Finished first, so the caller sees the timeout rather than the cancellation.
                continuation.finish(throwing: InteractiveError.timeout(after: timeout))
                body.cancel()
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            gate.close()
            watchdog?.stop()
            body.cancel()
        }
        return EventStream(stream, onStop: { body.cancel() }, onTake: { gate.remove(1) })
    }

    static func decode(_ payload: Data, format: StreamFormat) throws(InteractiveError) -> Event {
        if let data = payload as? Event, format == .bytes { return data }
        if Event.self == String.self, format == .serverSentEvents, let text = String(decoding: payload, as: UTF8.self) as? Event { return text }
        return try InteractiveCoding.decode(Event.self, from: payload)
    }
}

/// Fails a stream when no event came within its idle timeout, checked by Dispatch timers.
final class IdleWatchdog: Sendable {
    private struct State {
        var token: DeadlineScheduler.Token?
        var isStopped = false
    }

    private let timeout: Duration
    private let lastEvent: Locked<ContinuousClock.Instant>
    private let onIdle: @Sendable () -> Void
    private let state = Locked(State())

    init(timeout: Duration, lastEvent: Locked<ContinuousClock.Instant>, onIdle: @escaping @Sendable () -> Void) {
        self.timeout = timeout
        self.lastEvent = lastEvent
        self.onIdle = onIdle
        arm()
    }

    /// Schedules a check for the moment the stream will have been idle for `timeout`.
    private func arm() {
        let deadline = lastEvent.current.advanced(by: timeout)
        let scheduled = DeadlineScheduler.shared.schedule(at: .now() + DeadlineRace.dispatchInterval(until: deadline)) { [weak self] in
            self?.check()
        }
        let isStopped = state.withLock { state in
            if !state.isStopped { state.token = scheduled }
            return state.isStopped
        }
        if isStopped { DeadlineScheduler.shared.cancel(scheduled) }
    }

    private func check() {
        guard !state.withLock({ $0.isStopped }) else { return }
        if ContinuousClock.now - lastEvent.current >= timeout {
            onIdle()
        } else {
            arm()
        }
    }

    /// Stops checking.
    func stop() {
        let token = state.withLock { state in
            state.isStopped = true
            return state.token.take()
        }
        if let token { DeadlineScheduler.shared.cancel(token) }
    }
}
