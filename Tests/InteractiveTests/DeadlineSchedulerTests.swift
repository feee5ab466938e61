import Dispatch
@testable import Interactive
import RuntimeTestSupport
import Testing

/// The shared timer behind every executor deadline.
@Suite("Deadline scheduler", .timeLimit(.minutes(5)))
struct DeadlineSchedulerTests {
    @Test("an earlier deadline scheduled after a later one re-arms the timer and fires first")
    func earlierDeadlineRearmsTheTimer() async {
        let scheduler = DeadlineScheduler(queue: DispatchQueue(label: "test.scheduler"))
        let fired = Locked<[String]>([])
        // The later deadline is an hour away: the earlier one can only fire within the wait below if
        // scheduling it re-armed the timer. No wall-clock margin is asserted, so a loaded machine
        // cannot fail this test.
        let late = scheduler.schedule(at: .now() + .seconds(3600)) { fired.withLock { $0.append("late") } }
        _ = scheduler.schedule(at: .now() + .milliseconds(50)) { fired.withLock { $0.append("early") } }
        #expect(await eventually(within: .seconds(30)) { fired.current == ["early"] })
        scheduler.cancel(late)
        _ = scheduler.schedule(at: .now() + .milliseconds(20)) { fired.withLock { $0.append("after") } }
        #expect(await eventually(within: .seconds(30)) { fired.current == ["early", "after"] })
    }

    @Test("a cancelled deadline never runs; the others do")
    func cancelledDeadlinesDoNotRun() async {
        let scheduler = DeadlineScheduler(queue: DispatchQueue(label: "test.scheduler"))
        let fired = Locked<[Int]>([])
        let start = DispatchTime.now()
        var tokens: [DeadlineScheduler.Token] = []
        for index in 0..<100 {
            tokens.append(scheduler.schedule(at: start + .milliseconds(50 + index)) { fired.withLock { $0.append(index) } })
        }
        for (index, token) in tokens.enumerated() where index % 2 == 0 { scheduler.cancel(token) }
        #expect(await eventually(within: .seconds(30)) { fired.current.count == 50 })
        try? await Task.sleep(for: .milliseconds(200))
        #expect(fired.current.sorted() == Array(stride(from: 1, to: 100, by: 2)))
    }

    @Test("cancelled deadlines do not pile up while others stay pending, and the rest fire in order")
    func cancelledEntriesAreDropped() async {
        let scheduler = DeadlineScheduler(queue: DispatchQueue(label: "test.scheduler"))
        let fired = Locked<[Int]>([])
        // Twenty deadlines stay pending throughout, as requests in flight do, scheduled out of order.
        let order = [7, 2, 19, 0, 11, 5, 14, 3, 17, 9, 1, 12, 6, 18, 4, 15, 8, 13, 10, 16]
        let start = DispatchTime.now()
        for rank in order {
            _ = scheduler.schedule(at: start + .milliseconds(300 + 5 * rank)) { fired.withLock { $0.append(rank) } }
        }
        var largest = 0
        for _ in 0..<5_000 {
            scheduler.cancel(scheduler.schedule(at: .now() + .seconds(3600)) {})
            largest = max(largest, scheduler.pendingEntries)
        }
        // Without compaction the heap would hold all 5,000 cancelled entries for an hour.
        #expect(largest <= 2 * (order.count + 1) + DeadlineScheduler.compactionSlack + 1)
        #expect(await eventually(within: .seconds(30)) { fired.current.count == order.count })
        #expect(fired.current == Array(0..<order.count))
    }

    @Test("deadlines scheduled from many threads at once all fire")
    func concurrentScheduling() async {
        let scheduler = DeadlineScheduler(queue: DispatchQueue(label: "test.scheduler"))
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            _ = scheduler.schedule(at: .now() + .milliseconds(index % 50)) { count.withLock { $0 += 1 } }
        }
        #expect(await eventually(within: .seconds(30)) { count.current == 1000 })
    }
}
