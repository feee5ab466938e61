@testable import APIGenServe
import Testing

/// `times` counts per API and scenario; scenarios a request names in its header are counted too, so
/// the counts are bounded.
@Suite struct ScenarioCounterTests {
    /// `601ms` was refused as more than 600 (seconds); `700` seconds still is, `600000ms` is not.
    @Test func aDelayInMillisecondsIsBoundAsATime() throws {
        #expect(try Scenario(text: "delay=601ms").delay == 0.601)
        #expect(try Scenario(text: "delay=600000ms").delay == 600)
        #expect(throws: Scenario.Problem.self) { try Scenario(text: "delay=600001ms") }
        #expect(throws: Scenario.Problem.self) { try Scenario(text: "delay=700") }
    }

    @Test func aScenarioAppliesAsOftenAsItsTimesSay() throws {
        let counter = ScenarioCounter()
        let twice = try Scenario(text: "status=503,times=2")
        #expect([counter.take(twice, api: "A"), counter.take(twice, api: "A"), counter.take(twice, api: "A")] == [true, true, false])
        #expect(counter.take(twice, api: "B"))
    }

    /// A client naming a new scenario on every request grew the table without end; past the bound
    /// every count starts again.
    @Test func countsAreBoundedAndStartAgainPastTheBound() throws {
        let counter = ScenarioCounter()
        let once = try Scenario(text: "status=503,times=1")
        #expect(counter.take(once, api: "A"))
        #expect(!counter.take(once, api: "A"))
        for index in 0..<ScenarioCounter.maxCounted {
            #expect(counter.take(try Scenario(text: "status=500,times=1,delay=\(index)ms"), api: "A"))
        }
        // The table filled up and started again: the first scenario applies once more.
        #expect(counter.take(once, api: "A"))
    }
}
