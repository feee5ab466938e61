import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Typed response headers: `HTTPHeaders.decode(_:named:)`.
@Suite("Response header decoding")
struct ResponseHeaderDecodingTests {
    enum Tier: String, Decodable { case free, pro }
    enum Level: Int, Decodable { case one = 1 }

    let headers: HTTPHeaders = [
        "X-RateLimit-Remaining": "42", "Link": "<https://a.b/?page=2>; rel=\"next\"", "X-Ratio": " 0.5 ",
        "X-Flag": "true", "Last-Modified": "Sun, 06 Nov 1994 08:49:37 GMT", "X-Iso": "2024-01-02T03:04:05Z",
        "X-Tier": "pro", "X-Level": "1", "X-Url": "https://a.b/c", "X-Price": "9.99", "X-Bad": "many",
    ]

    @Test func typedValues() throws {
        #expect(try headers.decode(Int.self, named: "x-ratelimit-remaining") == 42)
        #expect(try headers.decode(Int64?.self, named: "X-RateLimit-Remaining") == 42)
        #expect(try headers.decode(String.self, named: "Link") == "<https://a.b/?page=2>; rel=\"next\"")
        #expect(try headers.decode(Double.self, named: "X-Ratio") == 0.5)
        #expect(try headers.decode(Bool.self, named: "X-Flag"))
        #expect(try headers.decode(Date.self, named: "Last-Modified") == Date(timeIntervalSince1970: 784_111_777))
        #expect(try headers.decode(Date?.self, named: "X-Iso") == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(try headers.decode(Tier.self, named: "X-Tier") == .pro)
        #expect(try headers.decode(Level?.self, named: "X-Level") == .one)
        #expect(try headers.decode(URL.self, named: "X-Url") == URL(string: "https://a.b/c"))
        #expect(try headers.decode(Decimal.self, named: "X-Price") == Decimal(string: "9.99"))
    }

    @Test func anAbsentOptionalIsNil() throws {
        #expect(try headers.decode(String?.self, named: "X-None") == nil)
        #expect(try headers.decode(Date?.self, named: "X-None") == nil)
        #expect(try headers.decode(Tier?.self, named: "X-None") == nil)
    }

    @Test("a missing or malformed header is a decoding error naming it", arguments: [
        ("X-None", "missing header"), ("X-Bad", "expected Int"),
    ])
    func failures(name: String, message: String) {
        let error = failure { () throws(InteractiveError) in try headers.decode(Int.self, named: name) }
        guard case .decoding(let path, let text, _) = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(path == "header \(name)")
        #expect(text.contains(message))
    }

    @Test func anUnknownEnumValueIsADecodingError() {
        let error = failure { () throws(InteractiveError) in try headers.decode(Tier.self, named: "X-Bad") }
        guard case .decoding(let path, _, let snippet) = error else {
            Issue.record("expected a decoding error")
            return
        }
        #expect(path == "header X-Bad")
        #expect(snippet == "many")
    }
}
