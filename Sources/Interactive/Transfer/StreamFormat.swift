/// How a streamed response body is cut into events (the spec's `response: { stream: … }`).
public enum StreamFormat: String, Sendable, Hashable {
    /// Server-sent events (`text/event-stream`): each event's `data` lines, joined, decoded as JSON
    /// (or taken as text for `String` events).
    case serverSentEvents
    /// JSON Lines / NDJSON: one JSON value per line; blank lines are skipped.
    case jsonLines
    /// The body's chunks as they arrive, as `Data`.
    case bytes

    /// The `Accept` header value for the format.
    public var acceptedMediaTypes: String {
        switch self {
        case .serverSentEvents: "text/event-stream"
        case .jsonLines: "application/jsonl, application/x-ndjson, application/json;q=0.9"
        case .bytes: "*/*"
        }
    }
}
