import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Login gate", .timeLimit(.minutes(5)))
struct LoginGateTests {
    /// A login that runs until the test lets it finish, or 25 s have passed.
    final class HeldLogin: Sendable {
        private let released = Locked(false)

        func run() async {
            let end = ContinuousClock.now + .seconds(25)
            while !released.current, ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(10)) }
        }

        func release() { released.withLock { $0 = true } }
    }

    @Test("a caller waiting for the login stops waiting as soon as it is cancelled; the login goes on")
    func waitingIsCancellable() async throws {
        let held = HeldLogin()
        defer { held.release() }
        let gate = LoginGate { await held.run() }
        let waiter = Task { await failure { () async throws(InteractiveError) in try await gate.refresh(after: 0) } }
        #expect(try await poll { gate.runs == 1 })
        let cancelledAt = ContinuousClock.now
        waiter.cancel()
        #expect(await waiter.value == .cancelled)
        // The login is held for 25 s; only the caller's own cancellation can end its wait before that.
        #expect(ContinuousClock.now - cancelledAt < .seconds(20))
        // The login was not cancelled: another caller joins it and succeeds when it ends.
        let joiner = Task { await failure { () async throws(InteractiveError) in try await gate.refresh(after: 0) } }
        held.release()
        #expect(await joiner.value == nil)
        #expect(gate.runs == 1)
        #expect(gate.generation == 1)
    }

    @Test("a caller cancelled before it asks does not start a login")
    func cancelledBeforeAsking() async {
        let gate = LoginGate {}
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await failure { () async throws(InteractiveError) in try await gate.refresh(after: 0) }
        }
        #expect(await task.value == .cancelled)
        #expect(gate.runs == 0)
    }

    @Test("the login asking the gate for a login fails at once instead of waiting for itself")
    func loginNeverWaitsForItself() async {
        let inner = Locked<InteractiveError?>(nil)
        let holder = Locked<LoginGate?>(nil)
        let gate = LoginGate {
            let gate = holder.current
            #expect(gate?.isRefreshingInCurrentTask == true)
            let error = await failure { () async throws(InteractiveError) in try await gate?.refresh(after: 0) }
            inner.withLock { $0 = error }
            if let error { throw error }
        }
        holder.withLock { $0 = gate }
        #expect(!gate.isRefreshingInCurrentTask)
        let error = await failure { () async throws(InteractiveError) in try await gate.refresh(after: 0) }
        guard case .rejected(let plugin, _) = error else {
            Issue.record("expected a rejection, got \(String(describing: error))")
            return
        }
        #expect(plugin == "ReloginPlugin")
        #expect(inner.current == error)
        #expect(gate.runs == 1)
    }
}

/// Polls `condition` every 10 ms, at most 2,000 times; returns whether it held.
private func poll(_ condition: () -> Bool) async throws -> Bool {
    for _ in 0..<2_000 {
        if condition() { return true }
        try await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}
