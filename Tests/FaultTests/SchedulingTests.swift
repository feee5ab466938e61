import Foundation
import Interactive
import Testing

/// Per-host bound, priorities and coalescing.
@Suite(.timeLimit(.minutes(5)))
struct SchedulingTests {
    @Test func fiftyIdenticalGetsSendOneRequest() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [SchedulingPlugin(maxPerHost: 6)])
        let api = RawApi(server, "/shared", query: [("delay", "1000")])  // long enough for all 50 to join, even on a loaded machine
        let bodies = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<50 {
                group.addTask { try await executor.execute(api).body }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(bodies.count == 50)
        #expect(Set(bodies).count == 1)
        let counts = try await server.counts()
        #expect(counts.received["/shared"] == 1)
        #expect(counts.total == 1)
    }

    @Test func differentGetsAndPostsAreNotCoalesced() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [SchedulingPlugin(maxPerHost: 6)])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask { _ = try await executor.execute(RawApi(server, "/get\(index)", query: [("delay", "100")])) }
                group.addTask { _ = try await executor.execute(RawApi(server, "/post", method: .post, query: [("delay", "100")], body: ["n": "1"])) }
            }
            try await group.waitForAll()
        }
        let counts = try await server.counts()
        #expect(counts.total == 20)
        #expect(counts.received["/post"] == 10)
    }

    @Test func perHostBoundHolds() async throws {
        let server = try await FaultServer.start()
        let executor = Executor(transport: URLSessionTransport(), plugins: [SchedulingPlugin(maxPerHost: 3, coalesce: false)])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<12 {
                group.addTask { _ = try await executor.execute(RawApi(server, "/r\(index)", query: [("delay", "300")])) }
            }
            try await group.waitForAll()
        }
        let counts = try await server.counts()
        #expect(counts.total == 12)
        #expect(counts.maxInflight == 3)
    }

    @Test func higherPriorityWaitersGoFirst() async throws {
        let limiter = HostLimiter(maxPerHost: 1)
        let order = Locked([String]())
        try await limiter.acquire(host: "h", priority: .normal)
        try await withThrowingTaskGroup(of: Void.self) { group in
            let waiters: [(String, RequestOptions.Priority)] = [("low", .low), ("normal1", .normal), ("high", .high), ("normal2", .normal)]
            for (index, (name, priority)) in waiters.enumerated() {
                group.addTask {
                    try await limiter.acquire(host: "h", priority: priority)
                    order.withLock { $0.append(name) }
                    limiter.release(host: "h")
                }
                // Queue them in a known order: wait until this one is waiting.
                try await waitUntil(every: .milliseconds(2)) { limiter.waitingCount(host: "h") > index }
            }
            #expect(limiter.waitingCount(host: "h") == 4)
            limiter.release(host: "h")
            try await group.waitForAll()
        }
        #expect(order.current == ["high", "normal1", "normal2", "low"])
        #expect(limiter.activeCount(host: "h") == 0)
    }

    @Test func cancelledWaiterLeavesTheQueue() async throws {
        let limiter = HostLimiter(maxPerHost: 1)
        try await limiter.acquire(host: "h", priority: .normal)
        let waiter = Task { try await limiter.acquire(host: "h", priority: .high) }
        try await waitUntil(every: .milliseconds(2)) { limiter.waitingCount(host: "h") == 1 }
        waiter.cancel()
        await #expect(throws: InteractiveError.cancelled) { try await waiter.value }
        #expect(limiter.waitingCount(host: "h") == 0)
        limiter.release(host: "h")
        #expect(limiter.activeCount(host: "h") == 0)
    }

    @Test func coalescedFollowersSurviveTheLeadersCancellation() async throws {
        let coalescer = RequestCoalescer()
        let calls = Locked(0)
        // The leader's exchange waits until it is cancelled; the one the follower restarts answers at once.
        let operation: @Sendable () async throws(InteractiveError) -> HTTPResponse = { () async throws(InteractiveError) -> HTTPResponse in
            let call = calls.withLock { value -> Int in
                value += 1
                return value
            }
            if call == 1 {
                do {
                    try await Task.sleep(for: .seconds(30))
                } catch {
                    throw .cancelled
                }
            }
            return HTTPResponse(status: 200)
        }
        let leader = Task { () async throws(InteractiveError) in try await coalescer.run(key: "k", operation: operation) }
        try await waitUntil(every: .milliseconds(2)) { calls.current == 1 }
        let follower = Task { () async throws(InteractiveError) in try await coalescer.run(key: "k", operation: operation) }
        try await waitUntil(every: .milliseconds(2)) { coalescer.waitingCount(key: "k") == 1 }
        leader.cancel()
        await #expect(throws: InteractiveError.cancelled) { try await leader.value }
        #expect(try await follower.value.status == 200)
        #expect(calls.current == 2)
    }
}
