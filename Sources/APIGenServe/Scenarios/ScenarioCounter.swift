import Foundation

/// Counts how often each API met each scenario, for `times`.
final class ScenarioCounter: Sendable {
    private let counts = Locked<[String: Int]>([:])

    /// Whether this request still gets `scenario` (counting it), given how many times it may apply.
    func take(_ scenario: Scenario, api: String) -> Bool {
        guard let times = scenario.times else { return true }
        let key = api + "\u{0}" + scenario.label
        return counts.withLock { counts in
            let used = counts[key, default: 0]
            guard used < times else { return false }
            counts[key] = used + 1
            return true
        }
    }

    /// Forgets every count: each scenario applies again as many times as it says.
    func reset() {
        counts.withLock { $0 = [:] }
    }
}
