import Foundation

/// Counts how often each API met each scenario, for `times`.
final class ScenarioCounter: Sendable {
    private let counts = Locked<[String: Int]>([:])
    /// The most (API, scenario) pairs counted at once: scenarios a request names in its header are
    /// counted too, and a client that sends a new one each time must not grow the server without end.
    /// Past it every count starts again.
    static let maxCounted = 10_000

    /// Whether this request still gets `scenario` (counting it), given how many times it may apply.
    func take(_ scenario: Scenario, api: String) -> Bool {
        guard let times = scenario.times else { return true }
        let key = api + "\u{0}" + scenario.label
        return counts.withLock { counts in
            if counts[key] == nil, counts.count >= Self.maxCounted { counts.removeAll(keepingCapacity: true) }
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
