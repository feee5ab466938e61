import Foundation

/// Turns a streamed response into an ``EventStream`` of typed events: server-sent events and JSON
/// Lines decoded as `Event` (server-sent events' data taken as text when `Event` is `String`), or
/// the raw chunks when `Event` is `Data` and the format is ``StreamFormat/bytes``.
///
/// The executor's deadline covers the start of the stream (the response's status and headers):
/// ``ResponseParser/parse(_:)`` runs as soon as they arrive. Between events, `idleTimeout` applies.
public struct EventStreamParser<Event: Decodable & Sendable>: ResponseParser {
    /// How the body is cut into events.
    public var format: StreamFormat
    /// How long the stream may go without an event before it fails with ``InteractiveError/timeout(after:)``;
    /// `nil` waits forever.
    public var idleTimeout: Duration?

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
        let pump = Task {
            var decoder = EventDecoder(format: format)
            do {
                for try await chunk in body.chunks {
                    for payload in decoder.feed(chunk) {
                        continuation.yield(try Self.decode(payload, format: format))
                        lastEvent.withLock { $0 = .now }
                    }
                }
                for payload in decoder.finish() { continuation.yield(try Self.decode(payload, format: format)) }
                continuation.finish()
            } catch {
                body.cancel()
                continuation.finish(throwing: (error as? InteractiveError) ?? .transport(message: "\(error)", code: nil))
            }
        }
        let watchdog = idleTimeout.map { timeout in
            Task {
                while !Task.isCancelled {
                    let idle = ContinuousClock.now - lastEvent.current
                    if idle >= timeout {
                        // Finished first, so the caller sees the timeout rather than the cancellation.
                        continuation.finish(throwing: InteractiveError.timeout(after: timeout))
                        body.cancel()
                        return
                    }
                    try? await Task.sleep(for: min(timeout - idle, .milliseconds(250)))
                }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            watchdog?.cancel()
            body.cancel()
        }
        return EventStream(stream, onStop: { body.cancel() })
    }

    static func decode(_ payload: Data, format: StreamFormat) throws(InteractiveError) -> Event {
        if let data = payload as? Event, format == .bytes { return data }
        if Event.self == String.self, format == .serverSentEvents, let text = String(decoding: payload, as: UTF8.self) as? Event { return text }
        return try InteractiveCoding.decode(Event.self, from: payload)
    }
}
