import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Logging without secrets", .timeLimit(.minutes(5)))
struct LoggingPluginTests {
    let service = makeService()

    @Test("a secret form value never appears in the log, even with bodies and an echoed error")
    func secretFormValue() async {
        let lines = Locked<[String]>([])
        let stub = StubTransport()
        stub.enqueue(status: 403, json: #"{"form": {"password": "hunter2"}}"#)
        let executor = Executor(transport: stub, plugins: [LoggingPlugin(includeBodies: true) { line in lines.withLock { $0.append(line) } }])
        let error = await failure { () async throws(InteractiveError) in try await executor.execute(FormLoginApi(service: service, name: "ann", password: "hunter2")) }
        #expect(error?.hasStatus(403) == true)
        let log = lines.current.joined(separator: "\n")
        #expect(!log.contains("hunter2"))
        #expect(log.contains("password=***"))
        #expect(log.contains("name=ann"))
        #expect(log.contains("403"))
        #expect(lines.current.count == 3)
    }

    @Test("secret headers, JSON members at any depth and query items are masked")
    func redactor() throws {
        let redactor = Redactor(secretKeys: ["password", "X-Api-Key", "pin"])
        var request = HTTPRequest(
            apiName: "Test",
            method: .post,
            url: try #require(URL(string: "http://127.0.0.1/x?user=ann&pin=1234&pinned=yes")),
            headers: ["x-api-key": "k-123", "Authorization": "Bearer abc", "Content-Type": "application/json"],
            body: Data(#"{"user": "ann", "nested": {"password": "s3cret", "list": [{"pin": "9999"}]}}"#.utf8)
        )
        request.options.secretKeys = ["password", "X-Api-Key", "pin"]
        let text = redactor.describe(request, includeBody: true)
        for secret in ["1234", "k-123", "Bearer abc", "s3cret", "9999"] {
            #expect(!text.contains(secret), "leaked \(secret)")
        }
        #expect(text.contains("pinned=yes"))
        #expect(text.contains(#""user":"ann""#))
        #expect(redactor.body(Data([0, 1, 2]), contentType: "application/octet-stream") == "<3 bytes>")
    }

    @Test("a password in the URL is masked, the user name and the rest are kept", arguments: [
        ("https://ann:pa55@example.com/api/a?q=1", "https://ann:***@example.com/api/a?q=1"),
        ("http://ann:p%40ss:w@127.0.0.1:8080/x", "http://ann:***@127.0.0.1:8080/x"),
        ("https://ann@example.com/a", "https://ann@example.com/a"),
        ("https://example.com/a?mail=x@y.z&p=a:b", "https://example.com/a?mail=x@y.z&p=a:b"),
    ])
    func urlPassword(_ url: String, _ expected: String) throws {
        #expect(Redactor(secretKeys: []).url(try #require(URL(string: url))) == expected)
    }
}
