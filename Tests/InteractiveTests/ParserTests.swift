import Foundation
import Interactive
import RuntimeTestSupport
import Testing

@Suite("Response parsers", .timeLimit(.minutes(5)))
struct ParserTests {
    let envelope = Envelope(successCodes: ["100"], sessionExpiredCodes: ["401"])

    @Test("a success code unwraps the result, whether the code is a number or text", arguments: ["100", "\"100\""])
    func envelopeSuccess(code: String) throws {
        let body = #"{"code": \#(code), "message": "ok", "result": \#(itemJSON)}"#
        let item = try JSONParser<Item>(envelope: envelope).parse(.json(body))
        #expect(item == Item(id: 1, title: "pen", price: 2.5))
    }

    @Test("any other code fails with the server's code and message")
    func envelopeFailure() {
        let body = #"{"code": 500, "message": "boom", "result": null}"#
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>(envelope: envelope).parse(.json(body)) }
        #expect(error == .envelope(code: "500", message: "boom"))
    }

    @Test("an envelope without a result is a decoding failure, unless the business object is empty")
    func envelopeWithoutResult() throws {
        let body = #"{"code": 100}"#
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>(envelope: envelope).parse(.json(body)) }
        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "result")
        #expect(try EmptyParser(envelope: envelope).parse(.json(body)) == EmptyResponse())
        #expect(failure { () throws(InteractiveError) in try EmptyParser(envelope: envelope).parse(.json(#"{"code": 7, "message": "no"}"#)) } == .envelope(code: "7", message: "no"))
    }

    @Test("a decoding failure carries the coding path and a snippet of the body")
    func decodingFailure() {
        struct Cart: Decodable, Sendable { var items: [Item] }
        let body = #"{"items": [\#(itemJSON), {"id": 2, "title": "cup", "price": "cheap"}]}"#
        let error = failure { () throws(InteractiveError) in try JSONParser<Cart>().parse(.json(body)) }
        guard case .decoding(let path, let message, let snippet) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "items[1].price")
        #expect(message.contains("Decimal"))
        #expect(snippet.hasPrefix(#"{"items": [{"id": 1"#))
    }

    @Test("a number its field cannot hold is called that, not invalid JSON", arguments: ["1.5", "1e30", "99999999999999999999"])
    func numberOutOfType(number: String) {
        let error = failure { () throws(InteractiveError) in
            try JSONParser<Item>().parse(.json(#"{"id": \#(number), "title": "cup", "price": 2}"#))
        }
        guard case .decoding(_, let message, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        // Darwin's Foundation names the field and the type; swift-foundation on Linux names neither.
        #expect(!message.contains("not valid JSON"), "\(message)")
        #expect(message.contains("does not fit") || message.contains("id"), "\(message)")
    }

    @Test("JSON cut short is still reported as invalid")
    func truncatedJSON() {
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>().parse(.json(#"{"id": 1, "title": "#)) }
        guard case .decoding(_, let message, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(message.contains("not valid JSON"), "\(message)")
    }

    @Test("a missing key is reported with its path")
    func missingKey() {
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>().parse(.json(#"{"id": 1, "price": 2}"#)) }
        guard case .decoding(let path, _, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "title")
    }

    @Test("a status outside 2xx is an unacceptable status with the body", arguments: [301, 404, 500])
    func unacceptableStatus(status: Int) {
        let response = HTTPResponse.json(#"{"error": "nope"}"#, status: status)
        for error in [
            failure { () throws(InteractiveError) in try JSONParser<Item>().parse(response) },
            failure { () throws(InteractiveError) in try EmptyParser().parse(response) },
            failure { () throws(InteractiveError) in try TextParser().parse(response) },
            failure { () throws(InteractiveError) in try BinaryParser().parse(response) },
        ] {
            #expect(error == .unacceptableStatus(code: status, headers: response.headers, body: response.body))
        }
    }

    @Test("text, binary and empty bodies")
    func otherFormats() throws {
        #expect(try TextParser().parse(HTTPResponse(status: 200, body: Data("héllo".utf8))) == "héllo")
        #expect(failure { () throws(InteractiveError) in try TextParser().parse(HTTPResponse(status: 200, body: Data([0xff, 0xfe]))) } != nil)
        #expect(try BinaryParser().parse(HTTPResponse(status: 200, body: Data([0, 1, 2]))) == Data([0, 1, 2]))
        #expect(try EmptyParser().parse(HTTPResponse(status: 204)) == EmptyResponse())
        #expect(try JSONParser<EmptyResponse>().parse(HTTPResponse(status: 204)) == EmptyResponse())
    }

    @Test("a body that is not JSON fails to decode with a snippet")
    func notJSON() {
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>().parse(HTTPResponse(status: 200, body: Data("<html>oops</html>".utf8))) }
        guard case .decoding(_, _, let snippet) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(snippet == "<html>oops</html>")
    }
}
