import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Retry under real faults: exact attempt counts as the server saw them.
@Suite(.timeLimit(.minutes(5)))
struct RetryTests {
    let fastRetry = RequestOptions.Retry(max: 3, backoff: 0.01, maxBackoff: 0.05)

    func executor(_ plugins: [any Plugin] = [RetryPlugin()]) -> Executor {
        Executor(transport: URLSessionTransport(), plugins: plugins)
    }

    @Test func getRetriesStopAtTheLimit() async throws {
        let server = try await FaultServer.start()
        let api = RawApi(server, "/limit", query: [("fault", "status:503")], options: RequestOptions(retry: fastRetry))
        await #expect(throws: InteractiveError.self) { try await executor().execute(api) }
        let counts = try await server.counts()
        #expect(counts.received["/limit"] == 4)  // 1 attempt + max 3 retries
    }

    @Test func postIsNotRetried() async throws {
        let server = try await FaultServer.start()
        let api = RawApi(server, "/post", method: .post, query: [("fault", "status:503")], body: ["a": "1"], options: RequestOptions(retry: fastRetry))
        let error = await #expect(throws: InteractiveError.self) { try await executor().execute(api) }
        #expect(error?.hasStatus(503) == true)
        #expect(try await server.counts().received["/post"] == 1)
    }

    @Test func postMarkedIdempotentIsRetried() async throws {
        let server = try await FaultServer.start()
        let options = RequestOptions(retry: fastRetry, idempotent: true)
        let api = RawApi(server, "/post", method: .post, query: [("fault", "status:500")], body: ["a": "1"], options: options)
        await #expect(throws: InteractiveError.self) { try await executor().execute(api) }
        #expect(try await server.counts().received["/post"] == 4)
    }

    @Test(arguments: ["drop-before", "drop-mid", "status:500", "status:502", "status:408", "status:429"])
    func transientFaultsAreRetriedUntilSuccess(fault: String) async throws {
        let server = try await FaultServer.start()
        let api = RawApi(server, "/flaky", query: [("fault", fault), ("times", "2")], options: RequestOptions(retry: fastRetry))
        let response = try await executor().executeWithMetadata(api)
        #expect(response.value.status == 200)
        #expect(response.metadata.attempts == 3)
        #expect(try await server.counts().received["/flaky"] == 3)
    }

    @Test(arguments: ["status:404", "status:400", "truncated", "invalid"])
    func finalOutcomesAreNotRetried(fault: String) async throws {
        let server = try await FaultServer.start()
        let api = JSONApi(RawApi(server, "/final", query: [("fault", fault)], options: RequestOptions(retry: fastRetry)))
        await #expect(throws: InteractiveError.self) { try await executor().execute(api) }
        #expect(try await server.counts().received["/final"] == 1)
    }

    @Test func retryAfterIsHonoured() async throws {
        let server = try await FaultServer.start()
        let query = [("fault", "status:503"), ("retry-after", "1"), ("times", "1")]
        let api = RawApi(server, "/busy", query: query, options: RequestOptions(retry: fastRetry))
        let (response, elapsed) = try await measure { try await executor().execute(api) }
        #expect(response.status == 200)
        #expect(elapsed >= .milliseconds(990))
        #expect(elapsed < .seconds(30))  // generous: the 2 cores are shared; the lower bound is the point
        #expect(try await server.counts().received["/busy"] == 2)
    }

    @Test func retriesStopAtTheDeadline() async throws {
        let server = try await FaultServer.start()
        // Backoff of 0.4 s doubling, ten retries allowed, but only 1 s in all.
        let options = RequestOptions(timeout: .seconds(1), retry: .init(max: 10, backoff: 0.4, maxBackoff: 5))
        let api = RawApi(server, "/deadline", query: [("fault", "status:503")], options: options)
        let (result, elapsed) = await measure { await outcome { () async throws(InteractiveError) in try await executor().execute(api) } }
        #expect(throws: InteractiveError.self) { try result.get() }
        // Ten retries at 0.4 s doubling would take over 20 s; stopping well before that proves the
        // 1 s deadline ended them.
        #expect(elapsed < .seconds(20))
        let received = try await server.counts().received["/deadline"] ?? 0
        // At most a few attempts; on a loaded machine the first may not reach the server within 1 s.
        #expect((0...3).contains(received))
    }

    @Test func cancellationStopsRetries() async throws {
        let server = try await FaultServer.start()
        // The first backoff is 60–120 s: the cancellation below lands inside it even on a loaded machine.
        let options = RequestOptions(timeout: .seconds(300), retry: .init(max: 10, backoff: 120, maxBackoff: 120))
        let api = RawApi(server, "/cancel", query: [("fault", "status:503")], options: options)
        let executor = executor()
        let task = Task { () async throws(InteractiveError) -> HTTPResponse in try await executor.execute(api) }
        // Wait until the first attempt has been answered, then cancel during the backoff.
        #expect(try await waitUntil { try await server.counts().received["/cancel"] == 1 })
        try await Task.sleep(for: .milliseconds(100))
        let (result, elapsed) = await measure {
            task.cancel()
            return await task.result
        }
        #expect(throws: InteractiveError.cancelled) { try result.get() }
        #expect(elapsed < .seconds(30))  // well inside the 60–120 s backoff
        try await Task.sleep(for: .milliseconds(100))
        #expect(try await server.counts().received["/cancel"] == 1)
    }

    @Test func hangingServerTimesOutWithoutRetryPastTheDeadline() async throws {
        let server = try await FaultServer.start()
        let options = RequestOptions(timeout: .milliseconds(500), retry: fastRetry)
        let api = RawApi(server, "/hang", query: [("fault", "hang"), ("hang", "300")], options: options)
        let (result, elapsed) = await measure { await outcome { () async throws(InteractiveError) in try await executor().execute(api) } }
        #expect(throws: InteractiveError.timeout(after: .milliseconds(500))) { try result.get() }
        #expect(elapsed < .seconds(30))  // the server hangs for 300 s
        // At most one attempt: a timeout is never retried (on a loaded machine the request may not
        // even have reached the server before the deadline).
        #expect((0...1).contains(try await server.counts().received["/hang"] ?? 0))
    }
}

/// Decodes the body as JSON, so truncated or invalid bodies fail with a decoding error.
struct JSONApi: Api {
    let request: ApiRequest
    var parser: JSONParser<JSON> { JSONParser() }

    init(_ raw: RawApi) { request = raw.request }
}
