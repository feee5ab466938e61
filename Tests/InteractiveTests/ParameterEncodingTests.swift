import Foundation
import Interactive
import Testing

/// How typed parameter values become text in a query, a header or a form.
@Suite("Parameter encoding")
struct ParameterEncodingTests {
    enum Level: Int, Codable, Sendable { case low = 1, high = 2 }
    enum Mood: String, Codable, Sendable { case soSo = "so-so" }
    struct Filter: Codable, Sendable, Equatable { var name: String; var max: Int }

    let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")])

    func query(_ build: (inout ApiRequest) -> Void) throws -> String? {
        var request = ApiRequest(service: service, apiName: "Q", method: .get, path: "/q")
        build(&request)
        return try request.resolve().url.query
    }

    /// A list in the path is OpenAPI's `simple` style: elements encoded one by one, joined with a
    /// literal comma, so that a comma inside an element stays data.
    @Test func aListInThePathIsCommaSeparated() throws {
        func path(_ values: [String], reserved: Bool = false) throws -> String {
            var request = ApiRequest(service: service, apiName: "P", method: .get, path: "/tags/{tags}/x")
            request.add(values, as: "tags", in: .path, allowReserved: reserved)
            return try request.resolve().url.path(percentEncoded: true)
        }
        #expect(try path(["a", "b", "c"]) == "/tags/a,b,c/x")
        #expect(try path(["a,b", "c"]) == "/tags/a%2Cb,c/x")
        #expect(try path(["a/b", "c d"]) == "/tags/a%2Fb,c%20d/x")
        #expect(try path(["a/b"], reserved: true) == "/tags/a/b/x")
        var numbers = ApiRequest(service: service, apiName: "P", method: .get, path: "/status/{codes}")
        numbers.add([200, 201], as: "codes", in: .path)
        #expect(try numbers.resolve().url.path(percentEncoded: true) == "/status/200,201")
        #expect(throws: InteractiveError.self) { try path([]) }
    }

    @Test func scalarsEnumsDatesAndData() throws {
        let date = Date(timeIntervalSince1970: 0)
        let text = try query {
            $0.add(Level.high, as: "level", in: .query)
            $0.add(Mood.soSo, as: "mood", in: .query)
            $0.add(true, as: "flag", in: .query)
            $0.add(1.5, as: "ratio", in: .query)
            $0.add(Decimal(string: "9.99"), as: "price", in: .query)
            $0.add(date, as: "since", in: .query)
            $0.add(Data([0, 1, 2]), as: "blob", in: .query)
            $0.add(URL(string: "https://a.b/c?d=e"), as: "link", in: .query)
            $0.add(Int64.max, as: "big", in: .query)
        }
        #expect(text == "level=2&mood=so-so&flag=true&ratio=1.5&price=9.99&since=1970-01-01T00%3A00%3A00.000Z&blob=AAEC&link=https%3A%2F%2Fa.b%2Fc%3Fd%3De&big=9223372036854775807")
    }

    @Test func modelsTravelAsJSONAndPlusIsEncoded() throws {
        let text = try query {
            $0.add(Filter(name: "a+b\n", max: 3), as: "filter", in: .query)
            $0.add([Level.low, Level.high], as: "levels", in: .query)
        }
        #expect(text == "filter=%7B%22name%22%3A%22a%2Bb%5Cn%22%2C%22max%22%3A3%7D&levels=1&levels=2")
        let filter = try #require(text?.split(separator: "&").first?.dropFirst("filter=".count).removingPercentEncoding)
        #expect(try JSONDecoder().decode(Filter.self, from: Data(filter.utf8)).max == 3)
    }

    @Test func headersAndFormsUseTheSameText() throws {
        var request = ApiRequest(service: service, apiName: "F", method: .post, path: "/f", bodyEncoding: .form)
        request.add(Data([255]), as: "X-Token", in: .header)
        request.add(Level.low, as: "level", in: .body)
        request.add(["x", "y"], as: "tags", in: .body)
        let resolved = try request.resolve()
        #expect(resolved.headers["x-token"] == "/w==")
        #expect(resolved.body.map { String(decoding: $0, as: UTF8.self) } == "level=1&tags=x&tags=y")
        #expect(resolved.headers["Content-Type"] == "application/x-www-form-urlencoded; charset=utf-8")
    }
}

/// A value that encodes one key twice, as a tagged sum does when its member declares the tag.
@Suite("Parameter encoding of a key written twice")
struct ParameterKeyWrittenTwiceTests {
    struct Tagged: Encodable, Sendable {
        struct Member: Encodable { var type: String; var last4: String }
        enum CodingKeys: String, CodingKey { case type }
        func encode(to encoder: any Encoder) throws {
            try Member(type: "stale", last4: "4242").encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("card", forKey: .type)
        }
    }

    @Test func theLaterValueWinsInPlaceAsInJSON() throws {
        let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")])
        var request = ApiRequest(service: service, apiName: "Q", method: .get, path: "/q")
        request.add(Tagged(), as: "payment", in: .query)
        let query = try request.resolve().url.query?.removingPercentEncoding
        #expect(query == #"payment={"type":"card","last4":"4242"}"#)
    }
}
