import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns Foundation's networking errors into ``InteractiveError``.
enum URLErrorMapping {
    /// `timedOut` → `.timeout`, `cancelled` → `.cancelled`, every other error → `.transport` with its code.
    static func map(_ error: any Error, timeout: Duration) -> InteractiveError {
        let nsError = error as NSError
        let isURLError = error is URLError || nsError.domain == NSURLErrorDomain
        if isURLError, nsError.code == NSURLErrorTimedOut { return .timeout(after: timeout) }
        if isURLError, nsError.code == NSURLErrorCancelled { return .cancelled }
        return .transport(message: nsError.localizedDescription, code: nsError.code)
    }
}
