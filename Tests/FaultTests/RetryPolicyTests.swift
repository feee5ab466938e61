import Foundation
import Interactive
import Testing

/// The retry rules on their own, without a network.
struct RetryPolicyTests {
    let noJitter = RetryPolicy(jitter: { $0.upperBound })
    let setting = RequestOptions.Retry(max: 5, backoff: 0.1, maxBackoff: 0.5)
    let get = HTTPRequest(apiName: "T", method: .get, url: URL(fileURLWithPath: "/"))

    @Test func backoffDoublesUpToItsCap() {
        let delays = (1...5).map { noJitter.backoff(attempt: $0, setting: setting) }
        #expect(delays == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(500), .milliseconds(500)])
    }

    @Test func jitterStaysInTheUpperHalf() {
        let policy = RetryPolicy()
        for attempt in 1...5 {
            for _ in 0..<50 {
                let delay = policy.backoff(attempt: attempt, setting: setting)
                let base = min(0.1 * pow(2, Double(attempt - 1)), 0.5)
                #expect(delay >= .milliseconds(Int64(base * 500) - 1) && delay <= .milliseconds(Int64(base * 1000) + 1))
            }
        }
    }

    @Test func statusRules() {
        let retryable = (100...599).filter(RetryPolicy.isRetryableStatus)
        #expect(retryable == [408, 429] + Array(500...599))
    }

    @Test func errorRules() {
        let errors: [(InteractiveError, Bool)] = [
            (.transport(message: "reset", code: 54), true),
            (.unacceptableStatus(code: 503, headers: [:], body: Data()), true),
            (.unacceptableStatus(code: 404, headers: [:], body: Data()), false),
            (.timeout(after: .seconds(1)), false),
            (.cancelled, false),
            (.decoding(path: "", message: "", snippet: ""), false),
            (.envelope(code: "9", message: nil), false),
        ]
        for (error, expected) in errors {
            #expect(noJitter.isRetryable(.failure(error), request: get) == expected, "\(error)")
        }
    }

    @Test func retryAfterParsing() {
        func response(_ value: String) -> Result<HTTPResponse, InteractiveError> {
            .success(HTTPResponse(status: 429, headers: ["Retry-After": value]))
        }
        #expect(RetryPolicy.retryAfter(response("3")) == .seconds(3))
        #expect(RetryPolicy.retryAfter(response("junk")) == nil)
        #expect(RetryPolicy.retryAfter(response("Wed, 21 Oct 2015 07:28:00 GMT")) == .zero)
        #expect(RetryPolicy.retryAfter(response("1.5")) == .milliseconds(1500))
        // Not delta-seconds, however Double reads them; absurd values are capped at a day.
        for odd in ["0x10", "1e3", "nan", "inf", "-3", ""] { #expect(RetryPolicy.retryAfter(response(odd)) == nil, "\(odd)") }
        #expect(RetryPolicy.retryAfter(response("100000000000000000000")) == .seconds(86_400))
    }

    @Test func budgetAndDeadline() {
        let now = ContinuousClock.now
        let failure: Result<HTTPResponse, InteractiveError> = .failure(.transport(message: "x", code: nil))
        #expect(noJitter.decide(failure, request: get, attempt: 5, setting: setting, now: now, deadline: now + .seconds(10)) == .retry(after: .milliseconds(500)))
        #expect(noJitter.decide(failure, request: get, attempt: 6, setting: setting, now: now, deadline: now + .seconds(10)) == .finish)
        #expect(noJitter.decide(failure, request: get, attempt: 1, setting: setting, now: now, deadline: now + .milliseconds(50)) == .finish)
        var post = get
        post.method = .post
        #expect(noJitter.decide(failure, request: post, attempt: 1, setting: setting, now: now, deadline: now + .seconds(10)) == .finish)
    }
}
