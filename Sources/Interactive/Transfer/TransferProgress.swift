/// How far an upload or a download has come.
public struct TransferProgress: Sendable, Hashable {
    /// Which way the bytes go.
    public enum Direction: Sendable, Hashable {
        /// The request body is being sent.
        case upload
        /// The response body is being received.
        case download
    }

    /// Which way the bytes go.
    public var direction: Direction
    /// Bytes sent or received so far (for a resumed download, counting the part kept from before).
    public var completed: Int64
    /// The total, when known (`Content-Length`); `nil` otherwise.
    public var expected: Int64?

    /// Creates a progress value.
    public init(direction: Direction, completed: Int64, expected: Int64?) {
        self.direction = direction
        self.completed = completed
        self.expected = expected
    }

    /// `completed / expected` from 0 to 1, or `nil` when the total is unknown.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(completed) / Double(expected))
    }

    /// Whether this is the last report of its direction: every expected byte is done.
    public var isFinished: Bool { expected.map { completed >= $0 } ?? false }
}
