import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// 1,000 requests through a server that fails 30% of all requests at random.
@Suite(.timeLimit(.minutes(5)))
struct LoadTests {
    enum Kind: String, Sendable {
        case get, put, post
    }

    struct Outcome: Sendable {
        var key: String
        var kind: Kind
        var succeeded: Bool
    }

    @Test func thousandRequestsThroughThirtyPercentFailures() async throws {
        let server = try await FaultServer.start(seed: 4)
        let transport = CountingTransport(URLSessionTransport())
        let executor = Executor(transport: transport, plugins: [RetryPlugin(), SchedulingPlugin(maxPerHost: 16, coalesce: false)])
        let retry = RequestOptions.Retry(max: 12, backoff: 0.005, maxBackoff: 0.05)
        let start = ContinuousClock.now
        let outcomes = try await withThrowingTaskGroup(of: Outcome.self) { group in
            for index in 0..<1000 {
                let kind: Kind = switch index % 10 {
                case 8: .put
                case 9: .post
                default: .get
                }
                let key = "k\(index)"
                let method: HTTPMethod = switch kind {
                case .get: .get
                case .put: .put
                case .post: .post
                }
                let api = RawApi(
                    server, "/load", method: method, query: [("fault", "random"), ("p", "30"), ("close", "1")],
                    headers: [("X-Test-Key", key)], body: kind == .get ? nil : ["n": String(index)],
                    options: RequestOptions(timeout: .seconds(240), retry: retry))
                group.addTask {
                    let result = await outcome { () async throws(InteractiveError) in try await executor.execute(api) }
                    return Outcome(key: key, kind: kind, succeeded: (try? result.get()) != nil)
                }
            }
            return try await group.reduce(into: [Outcome]()) { $0.append($1) }
        }
        let elapsed = ContinuousClock.now - start
        let counts = try await server.counts()
        let client = transport.perKey
        // Shown with any failure below, never printed on success.
        let summary = Comment(rawValue: summaryOfLoad(outcomes: outcomes, counts: counts, elapsed: elapsed))

        // Every retryable request (GET, PUT) succeeded in the end.
        let retryable = outcomes.filter { $0.kind != .post }
        #expect(retryable.count == 900, summary)
        #expect(retryable.allSatisfy { $0.succeeded }, summary)
        // The client's attempts match the server's count for every key, and in total.
        #expect(outcomes.count == 1000, summary)
        #expect(outcomes.allSatisfy { client[$0.key] == counts.received[$0.key] }, summary)
        #expect(client.values.reduce(0, +) == counts.total, summary)
        // Each retryable request ended with exactly one success after its injected faults.
        for outcome in retryable {
            let seen = counts.outcomes[outcome.key] ?? []
            #expect(seen.last == "none" && seen.dropLast().allSatisfy { $0 != "none" }, "\(outcome.key): \(seen)")
            #expect(counts.successes[outcome.key] == 1)
        }
        // POSTs were sent exactly once, and succeeded exactly when the server did not inject a fault.
        let posts = outcomes.filter { $0.kind == .post }
        #expect(posts.allSatisfy { counts.received[$0.key] == 1 }, summary)
        #expect(posts.allSatisfy { $0.succeeded == (counts.outcomes[$0.key] == ["none"]) }, summary)
    }

    /// What the load run did, for the failure message.
    private func summaryOfLoad(outcomes: [Outcome], counts: FaultServer.Counts, elapsed: Duration) -> String {
        let injected = counts.outcomes.values.joined().filter { $0 != "none" }.count
        let posts = outcomes.filter { $0.kind == .post }
        let postFailures = posts.filter { !$0.succeeded }.count
        let retried = outcomes.filter { $0.kind != .post && $0.succeeded }.count
        return "1000 requests, \(counts.total) server requests, \(injected) injected faults, \(retried)/900 GET+PUT succeeded, "
            + "\(posts.count - postFailures)/\(posts.count) POST succeeded (\(postFailures) failed once, not retried), max in flight \(counts.maxInflight), \(elapsed)"
    }
}
