extension Duration {
    /// The longest wait the runtime schedules from seconds it did not choose itself (a server's
    /// `Retry-After`, a journal read from disk, a backoff setting): a day. Past about 10^11 seconds
    /// a `Duration` cannot hold the value at all.
    static let longestWaitSeconds: Double = 86_400

    /// `seconds` (finite) as a duration, at least zero and at most ``longestWaitSeconds``.
    static func wait(seconds: Double) -> Duration {
        .milliseconds(Int64(Swift.min(Swift.max(seconds, 0), longestWaitSeconds) * 1000))
    }
}
