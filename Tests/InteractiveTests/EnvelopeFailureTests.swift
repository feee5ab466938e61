import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// A failure envelope is reported by its code and message whatever its `result` holds: the code is
/// checked before the result is decoded.
@Suite("Failure envelopes", .timeLimit(.minutes(5)))
struct EnvelopeFailureTests {
    struct Token: Codable, Sendable, Equatable { var token: String }

    let envelope = Envelope(successCodes: ["100"], sessionExpiredCodes: ["1001"])

    @Test("a failure code wins over any result", arguments: [
        #"{"code": 1002, "message": "wrong password", "result": {}}"#,
        #"{"code": 1002, "message": "wrong password", "result": ""}"#,
        #"{"code": 1002, "message": "wrong password", "result": null}"#,
        #"{"code": 1002, "message": "wrong password", "result": [1, 2]}"#,
        #"{"code": "1002", "message": "wrong password"}"#,
    ])
    func failureCodeWins(body: String) {
        let error = failure { () throws(InteractiveError) in try JSONParser<Token>(envelope: envelope).parse(.json(body)) }
        #expect(error == .envelope(code: "1002", message: "wrong password"))
        let empty = failure { () throws(InteractiveError) in try EmptyParser(envelope: envelope).parse(.json(body)) }
        #expect(empty == .envelope(code: "1002", message: "wrong password"))
    }

    @Test("a success code still decodes the result, and a bad result is a decoding failure")
    func successStillDecodes() throws {
        let parser = JSONParser<Token>(envelope: envelope)
        #expect(try parser.parse(.json(#"{"code": 100, "result": {"token": "t1"}}"#)) == Token(token: "t1"))
        let error = failure { () throws(InteractiveError) in try parser.parse(.json(#"{"code": 100, "result": {}}"#)) }
        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "result.token")
    }
}
