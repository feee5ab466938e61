import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Interactive
import Testing

@Suite("URLSession transport details", .timeLimit(.minutes(5)))
struct TransportMappingTests {
    @Test("URL errors map to timeout, cancelled, or transport with the code")
    func errorMapping() {
        #expect(URLErrorMapping.map(URLError(.timedOut), timeout: .seconds(3)) == .timeout(after: .seconds(3)))
        #expect(URLErrorMapping.map(URLError(.cancelled), timeout: .seconds(3)) == .cancelled)
        guard case .transport(_, let code) = URLErrorMapping.map(URLError(.cannotConnectToHost), timeout: .seconds(3)) else {
            Issue.record("expected transport")
            return
        }
        #expect(code == URLError.Code.cannotConnectToHost.rawValue)
        struct Other: Error {}
        guard case .transport = URLErrorMapping.map(Other(), timeout: .seconds(1)) else {
            Issue.record("expected transport")
            return
        }
    }

    @Test("URLSession gets the timeout rounded up to whole seconds plus one; the executor keeps the exact one",
          arguments: [(Duration.milliseconds(500), 2.0), (.milliseconds(2500), 4.0), (.seconds(2), 3.0), (.zero, 2.0), (.seconds(Int64.max), 31_536_001.0)])
    func timeoutRounding(timeout: Duration, expected: TimeInterval) throws {
        var request = HTTPRequest(apiName: "T", method: .post, url: try #require(URL(string: "http://127.0.0.1:9/x")), headers: ["X-A": "1"], body: Data("b".utf8))
        request.timeout = timeout
        let urlRequest = URLSessionTransport.makeURLRequest(request)
        #expect(urlRequest.timeoutInterval == expected)
        #expect(urlRequest.httpMethod == "POST")
        #expect(urlRequest.value(forHTTPHeaderField: "X-A") == "1")
        #expect(urlRequest.httpBody == Data("b".utf8))
    }
}
