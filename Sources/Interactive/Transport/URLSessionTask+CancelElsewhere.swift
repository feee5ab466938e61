#if canImport(FoundationNetworking)
import Foundation
import FoundationNetworking
#else
import Foundation
#endif

extension URLSessionTask {
    /// Cancels the task from a global queue, never on the calling thread.
    ///
    /// `cancel()` waits for the session's queue (FoundationNetworking takes it synchronously), and
    /// that queue may at that moment be delivering this task's completion — resuming the very Swift
    /// task whose cancellation handler is calling: a cancellation handler runs under that task's
    /// status lock, which the resumption waits for. Called from a cancellation handler (a deadline, a
    /// cancelled `Handler`, a caller's cancelled task), the wait deadlocked both threads and, once the
    /// cooperative pool's threads queued behind the session, every task of the process.
    func cancelElsewhere() {
        DispatchQueue.global().async { self.cancel() }
    }
}
