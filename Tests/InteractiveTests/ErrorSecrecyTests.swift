import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// An error's texts never carry the response body, which servers echo secrets into; the body stays
/// reachable for code that asks for it.
@Suite("Error texts without the body", .timeLimit(.minutes(5)))
struct ErrorSecrecyTests {
    static let secret = "pw-SECRET-5"

    struct Account: Decodable, Sendable {
        enum Role: String, Decodable, Sendable { case admin, user }
        var name: String
        var id: Int
        var role: Role?
        var since: Date?
    }

    /// Every text an app might print or log.
    func texts(_ error: InteractiveError) -> [String] {
        [error.description, error.debugDescription, error.localizedDescription, "\(error)", String(reflecting: error)]
    }

    @Test("a decoding failure of a body echoing a password", arguments: [
        #"{"name": "ann", "password": "pw-SECRET-5", "id": "x"}"#,        // type mismatch elsewhere
        #"{"name": "ann", "password": "pw-SECRET-5"}"#,                   // missing key
        #"{"name": "ann", "id": 1, "role": "pw-SECRET-5"}"#,              // invalid enum raw value
        #"{"name": "ann", "id": 1, "since": "pw-SECRET-5"}"#,             // invalid date
        #"{"name": "ann", "password": "pw-SECRET-5", "#,                  // truncated JSON
    ])
    func decodingFailure(body: String) throws {
        let error = try #require(failure { () throws(InteractiveError) in try JSONParser<Account>().parse(.json(body)) })
        guard case .decoding(_, let message, let snippet) = error else {
            Issue.record("expected decoding, got \(error)")
            return
        }
        for text in texts(error) + [message] {
            #expect(!text.contains(Self.secret), "\(text)")
        }
        #expect(snippet.contains(Self.secret))
        #expect(error.bodySnippet?.contains(Self.secret) == true)
    }

    @Test("an unacceptable status whose body echoes a password")
    func unacceptableStatus() throws {
        let response = HTTPResponse.json(#"{"error": "bad login", "password": "pw-SECRET-5"}"#, status: 422)
        let error = try #require(failure { () throws(InteractiveError) in try JSONParser<Account>().parse(response) })
        for text in texts(error) {
            #expect(!text.contains(Self.secret), "\(text)")
            #expect(text.contains("422"))
        }
        #expect(error.bodySnippet?.contains(Self.secret) == true)
        guard case .unacceptableStatus(_, _, let body) = error else {
            Issue.record("expected unacceptableStatus, got \(error)")
            return
        }
        #expect(String(decoding: body, as: UTF8.self).contains(Self.secret))
    }

    @Test("the logging plugin logs neither")
    func logging() async {
        let lines = Locked([String]())
        let stub = StubTransport()
        stub.enqueue(.json(#"{"name": "ann", "password": "pw-SECRET-5", "id": "x"}"#))
        stub.enqueue(.json(#"{"password": "pw-SECRET-5"}"#, status: 500))
        let executor = Executor(transport: stub, plugins: [LoggingPlugin(includeBodies: true) { line in lines.withLock { $0.append(line) } }])
        for _ in 0..<2 {
            _ = await failure { () async throws(InteractiveError) in try await executor.execute(AccountApi()) }
        }
        #expect(lines.current.count >= 4)
        #expect(lines.current.allSatisfy { !$0.contains(Self.secret) })
    }

    struct AccountApi: Api {
        var request: ApiRequest { ApiRequest(service: makeService(), apiName: "Account", method: .get, path: "/account") }
        var parser: JSONParser<Account> { JSONParser() }
    }
}
