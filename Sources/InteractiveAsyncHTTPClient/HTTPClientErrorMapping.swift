import AsyncHTTPClient
import Interactive

/// Turns AsyncHTTPClient's and NIO's errors into ``InteractiveError``.
enum HTTPClientErrorMapping {
    /// A missed deadline or a connect/read timeout → `.timeout`, cancellation → `.cancelled`, an
    /// ``InteractiveError`` (a body file that cannot be read) as it is, anything else → `.transport`.
    static func map(_ error: any Error, timeout: Duration) -> InteractiveError {
        if let error = error as? InteractiveError { return error }
        if error is CancellationError { return .cancelled }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
                return .timeout(after: timeout)
            case .cancelled:
                return .cancelled
            default:
                break
            }
        }
        if Task.isCancelled { return .cancelled }
        return .transport(message: String(describing: error), code: nil)
    }
}
