import Foundation

/// Runs blocking work (a child process, a pipe read) on a thread of its own and waits for it without
/// holding a thread of Swift's cooperative pool.
///
/// Every test target runs in one process and shares that pool, which has only as many threads as
/// cores (two in CI): a compiler run or a `pip install` blocking a pool thread for seconds would stall
/// every timing test meanwhile.
public func offCooperativePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
    }
}
