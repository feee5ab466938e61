import Foundation

/// Decides whether a failed exchange is tried again, and after how long.
///
/// The rules, each with its reason:
/// - Only requests whose spec sets `retry` are retried, at most `retry.max` times after the first attempt.
/// - A request is retried only when repeating it is safe: an idempotent method (GET, PUT, DELETE, HEAD)
///   or the spec's `idempotent: true`. A POST that reached the server may have been applied; sending it
///   again could charge a card twice.
/// - Transport failures (refused, reset, DNS, TLS) are retried: the connection broke, the next one may not.
/// - 408 Request Timeout: the server gave up waiting for us; a new attempt is expected to work.
/// - 429 Too Many Requests: retried after the server's `Retry-After`, when it sends one.
/// - 500–599: a server or gateway fault that is usually transient (503 with `Retry-After` is honoured).
/// - Every other status (2xx, 3xx, other 4xx) is final: repeating a bad request gives the same answer.
/// - Cancellation, the overall deadline, decoding and envelope failures, plugin rejections and
///   invalid requests are final: retrying cannot change them, or the caller no longer wants the result.
public struct RetryPolicy: Sendable {
    /// What to do after an attempt.
    public enum Decision: Sendable, Equatable {
        /// Hand this outcome to the caller.
        case finish
        /// Try again after this delay.
        case retry(after: Duration)
    }

    /// Picks a value in a range; replaceable so tests can remove the jitter.
    public typealias Jitter = @Sendable (ClosedRange<Double>) -> Double

    private let jitter: Jitter

    /// Creates a policy; `jitter` defaults to a uniform random value.
    public init(jitter: @escaping Jitter = { Double.random(in: $0) }) {
        self.jitter = jitter
    }

    /// Whether an outcome is worth another attempt, ignoring the attempt budget and the deadline.
    public func isRetryable(_ result: Result<HTTPResponse, InteractiveError>, request: HTTPRequest) -> Bool {
        // Never repeat what may not be repeated, whatever the failure.
        guard request.isIdempotent else { return false }
        switch result {
        case .success(let response):
            return Self.isRetryableStatus(response.status)
        case .failure(let error):
            switch error {
            case .transport:
                // The bytes did not make it, or the answer did not come back: a new connection may work.
                return true
            case .unacceptableStatus(let code, _, _):
                // A plugin or transport turned the status into an error: same rules as for a response.
                return Self.isRetryableStatus(code)
            case .failure(let failure):
                // A declared failure (a typed 503 body) is still its status: parsers make it after the
                // send chain, so retry sees the response, but a plugin may have parsed it early.
                return Self.isRetryableStatus(failure.status)
            case .timeout, .cancelled:
                // The caller's time is up or the caller left: stop.
                return false
            case .decoding, .envelope, .rejected, .invalidRequest, .mockUnavailable, .frozen:
                // Deterministic outcomes: the same request gets the same answer.
                return false
            }
        }
    }

    /// Whether an HTTP status is transient.
    public static func isRetryableStatus(_ status: Int) -> Bool {
        switch status {
        case 408: true  // Request Timeout: the server closed an idle exchange; try again.
        case 429: true  // Too Many Requests: back off (Retry-After) and try again.
        case 500...599: true  // Server and gateway faults are usually transient.
        default: false  // 2xx succeeded; 3xx and other 4xx will not change on repetition.
        }
    }

    /// The decision after attempt number `attempt` (1 for the first), given the spec's setting.
    ///
    /// - Parameters:
    ///   - now: The current instant; the decision never schedules an attempt at or past `deadline`.
    public func decide(
        _ result: Result<HTTPResponse, InteractiveError>,
        request: HTTPRequest,
        attempt: Int,
        setting: RequestOptions.Retry,
        now: ContinuousClock.Instant,
        deadline: ContinuousClock.Instant
    ) -> Decision {
        // The budget: `max` retries after the first attempt.
        guard attempt <= setting.max, isRetryable(result, request: request) else { return .finish }
        var delay = backoff(attempt: attempt, setting: setting)
        // The server knows best when it will recover: wait at least as long as it asks, even beyond
        // `maxBackoff` (the deadline below still bounds the wait).
        if let retryAfter = Self.retryAfter(result) { delay = max(delay, retryAfter) }
        // Waiting past the deadline would only end in a timeout: give the caller this outcome now.
        guard now + delay < deadline else { return .finish }
        return .retry(after: delay)
    }

    /// Exponential backoff with "equal jitter": the base doubles with each retry up to `maxBackoff`,
    /// and the delay is drawn from its upper half, so retries of many clients spread out while
    /// each still waits at least half the base.
    public func backoff(attempt: Int, setting: RequestOptions.Retry) -> Duration {
        let exponent = Double(min(max(attempt - 1, 0), 30))
        // At most a day, whatever the settings say: a larger delay would not fit a `Duration`.
        let base = min(max(setting.backoff, 0) * pow(2, exponent), max(setting.maxBackoff, 0), Duration.longestWaitSeconds)
        guard base > 0 else { return .zero }
        return .milliseconds(Int64((jitter(base / 2...base) * 1000).rounded()))
    }

    /// The `Retry-After` delay of a 429/503 outcome, in delta-seconds or as an HTTP date.
    public static func retryAfter(_ result: Result<HTTPResponse, InteractiveError>) -> Duration? {
        let headers: HTTPHeaders
        switch result {
        case .success(let response): headers = response.headers
        case .failure(.unacceptableStatus(_, let responseHeaders, _)): headers = responseHeaders
        case .failure(.failure(let failure)): headers = failure.headers
        case .failure: return nil
        }
        guard let value = headers["Retry-After"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        // Delta-seconds are decimal digits (a fraction is tolerated); `Double` alone would also read
        // `0x10`, `1e3` or `nan`.
        if !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(value), seconds.isFinite {
            return .wait(seconds: seconds)
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return .wait(seconds: date.timeIntervalSinceNow)
    }
}
