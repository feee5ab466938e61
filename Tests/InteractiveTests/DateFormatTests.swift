import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Dates in a ``DateFormat``: in JSON through the container helpers generated code calls, and as
/// parameters through ``FormattedDate``.
@Suite("Date formats")
struct DateFormatTests {
    /// A model written the way apigen writes one with dates in formats.
    struct Stamp: Codable, Equatable {
        var at: Date
        var millis: Date?
        var days: [Date]
        var byName: [String: Date]
        private enum CodingKeys: String, CodingKey { case at, millis, days, byName }

        init(at: Date, millis: Date?, days: [Date], byName: [String: Date]) {
            (self.at, self.millis, self.days, self.byName) = (at, millis, days, byName)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                at: try container.decode(Date.self, forKey: .at, format: .epochSeconds),
                millis: try container.decodeIfPresent(Date.self, forKey: .millis, format: .epochMilliseconds),
                days: try container.decode([Date].self, forKey: .days, format: .date),
                byName: try container.decode([String: Date].self, forKey: .byName, format: .pattern("dd.MM.yyyy HH:mm"))
            )
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at, format: .epochSeconds)
            try container.encodeIfPresent(millis, forKey: .millis, format: .epochMilliseconds)
            try container.encode(days, forKey: .days, format: .date)
            try container.encode(byName, forKey: .byName, format: .pattern("dd.MM.yyyy HH:mm"))
        }
    }

    let moment = Date(timeIntervalSince1970: 1_700_000_000)
    let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")])

    @Test func eachFormatWritesAndReadsItsWireValue() throws {
        let stamp = Stamp(at: moment, millis: moment.addingTimeInterval(0.25), days: [moment], byName: ["start": moment])
        let text = String(decoding: try InteractiveCoding.makeEncoder().encode(stamp), as: UTF8.self)
        #expect(text == #"{"at":1700000000,"byName":{"start":"14.11.2023 22:13"},"days":["2023-11-14"],"millis":1700000000250}"#)
        let decoded = try InteractiveCoding.decode(Stamp.self, from: Data(text.utf8))
        #expect(decoded.at == moment)
        #expect(decoded.millis == moment.addingTimeInterval(0.25))
        #expect(decoded.days == [Date(timeIntervalSince1970: 1_699_920_000)])
        #expect(decoded.byName == ["start": Date(timeIntervalSince1970: 1_699_999_980)])
    }

    @Test func absentOptionalIsNilAndFractionalSecondsAreRead() throws {
        let decoded = try InteractiveCoding.decode(Stamp.self, from: Data(#"{"at":1.5,"days":[],"byName":{}}"#.utf8))
        #expect(decoded.at == Date(timeIntervalSince1970: 1.5))
        #expect(decoded.millis == nil)
        let withNull = try InteractiveCoding.decode(Stamp.self, from: Data(#"{"at":"2","millis":null,"days":[],"byName":{}}"#.utf8))
        #expect(withNull.at == Date(timeIntervalSince1970: 2))
        #expect(withNull.millis == nil)
    }

    @Test func aDateInAnotherFormatFailsWithItsPath() {
        let error = failure { () throws(InteractiveError) in
            try InteractiveCoding.decode(Stamp.self, from: Data(#"{"at":1,"days":["14.11.2023"],"byName":{}}"#.utf8))
        }
        guard case .decoding(let path, let message, _) = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
        #expect(path == "days[0]")
        #expect(message.contains("yyyy-MM-dd"))
    }

    /// A number no date of the format can be written back as fails where it is read (writing such a
    /// date again stopped the app), and epoch text is a decimal number, not `0x10` or `nan`.
    @Test func epochValuesBeyondRangeFailAtTheirPath() {
        for millis in ["1e19", "-1e19", "9.3e18"] {
            let error = failure { () throws(InteractiveError) in
                try InteractiveCoding.decode(Stamp.self, from: Data(#"{"at":1,"millis":\#(millis),"days":[],"byName":{}}"#.utf8))
            }
            guard case .decoding(let path, _, _) = error else {
                Issue.record("\(millis): expected decoding, got \(String(describing: error))")
                continue
            }
            #expect(path == "millis", "\(millis)")
        }
        for text in ["0x10", "nan", "inf", "1e400", ""] {
            #expect(DateFormat.epochSeconds.date(from: text) == nil, "\(text)")
            #expect(DateFormat.epochMilliseconds.date(from: text) == nil, "\(text)")
        }
        #expect(DateFormat.epochMilliseconds.date(from: "1700000000000") == Date(timeIntervalSince1970: 1_700_000_000))
        // A date made in code beyond whole milliseconds in an Int64 is written as a number, not a trap.
        #expect(DateFormat.epochMilliseconds.text(Date(timeIntervalSince1970: 1e17)) == "1e+20")
    }

    @Test func parametersUseTheirFormatInQueryHeaderAndForm() throws {
        var request = ApiRequest(service: service, apiName: "Q", method: .post, path: "/q", bodyEncoding: .form)
        request.add(FormattedDate(moment, format: .epochMilliseconds), as: "since", in: .query)
        request.add(FormattedDate([moment, moment], format: .epochSeconds), as: "at", in: .query)
        request.add(FormattedDate(Date?.none, format: .epochSeconds), as: "absent", in: .query)
        request.add(FormattedDate(moment, format: .date), as: "X-Day", in: .header)
        request.add(FormattedDate(moment, format: .pattern("HH:mm")), as: "time", in: .body)
        let resolved = try request.resolve()
        #expect(resolved.url.query == "since=1700000000000&at=1700000000&at=1700000000")
        #expect(resolved.headers["X-Day"] == "2023-11-14")
        #expect(resolved.body.map { String(decoding: $0, as: UTF8.self) } == "time=22%3A13")
    }

    @Test func uuidsTravelAsText() throws {
        let id = try #require(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        var request = ApiRequest(service: service, apiName: "Q", method: .post, path: "/q/{id}")
        request.add(id, as: "id", in: .path)
        request.add([id], as: "ids", in: .query)
        request.add(id, as: "owner", in: .body)
        let resolved = try request.resolve()
        #expect(resolved.url.path == "/q/3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect(resolved.url.query == "ids=3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect(resolved.body.map { String(decoding: $0, as: UTF8.self) } == #"{"owner":"3F2504E0-4F89-11D3-9A0C-0305E82C3301"}"#)
    }

    @Test func aNilDateIsLeftOutOfAJSONBody() throws {
        var request = ApiRequest(service: service, apiName: "Q", method: .post, path: "/q")
        request.add(FormattedDate(Date?.none, format: .epochSeconds), as: "absent", in: .body)
        request.add(FormattedDate(moment, format: .epochSeconds), as: "at", in: .body)
        #expect(try request.resolve().body.map { String(decoding: $0, as: UTF8.self) } == #"{"at":1700000000}"#)
    }

    @Test func patternsWithAZoneKeepIt() {
        let format = DateFormat.pattern("yyyy-MM-dd HH:mm ZZZZZ")
        #expect(format.date(from: "2023-11-15 00:13 +02:00") == Date(timeIntervalSince1970: 1_699_999_980))
        #expect(format.text(moment) == "2023-11-14 22:13 Z")
    }
}

/// Members a model does not declare, kept beside the declared ones.
@Suite("Extra fields")
struct ExtraFieldsTests {
    struct Tagged: Codable, Equatable {
        var id: Int
        var extra: [String: JSON]

        init(id: Int, extra: [String: JSON]) { (self.id, self.extra) = (id, extra) }

        // As apigen generates it: string-literal keys, the declared keys given to ExtraFields.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            self.init(id: try container.decode(Int.self, forKey: "id"), extra: try ExtraFields.decode(JSON.self, from: decoder, declared: ["id"]))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(id, forKey: "id")
            try ExtraFields.encode(extra, to: encoder, declared: ["id"])
        }
    }

    /// Code generated before `AnyCodingKey` keys passes its `CodingKeys` enum.
    struct Older: Codable, Equatable {
        var id: Int
        var extra: [String: Int]
        private enum CodingKeys: String, CodingKey, CaseIterable { case id }

        init(id: Int, extra: [String: Int]) { (self.id, self.extra) = (id, extra) }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(id: try container.decode(Int.self, forKey: .id), extra: try ExtraFields.decode(Int.self, from: decoder, declared: CodingKeys.self))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try ExtraFields.encode(extra, to: encoder, declared: CodingKeys.self)
        }
    }

    @Test func aCodingKeysEnumStillNamesTheDeclaredKeys() throws {
        let decoded = try InteractiveCoding.decode(Older.self, from: Data(#"{"id":1,"n":2}"#.utf8))
        #expect(decoded == Older(id: 1, extra: ["n": 2]))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(Older(id: 3, extra: ["id": 9, "m": 4]))) as? [String: Int])
        #expect(object == ["id": 3, "m": 4])
    }

    @Test func undeclaredKeysRoundTripAndDeclaredKeysWin() throws {
        let decoded = try InteractiveCoding.decode(Tagged.self, from: Data(#"{"id":1,"color":"red","n":[1]}"#.utf8))
        #expect(decoded == Tagged(id: 1, extra: ["color": .string("red"), "n": .array([.int(1)])]))
        let clash = Tagged(id: 2, extra: ["id": .int(9), "z": .bool(true)])
        #expect(String(decoding: try InteractiveCoding.makeEncoder().encode(clash), as: UTF8.self) == #"{"id":2,"z":true}"#)
    }
}

/// `response: Item?`: no body, or no envelope result, is `nil`.
@Suite("Optional responses")
struct OptionalResponseTests {
    struct Item: Codable, Equatable, Sendable { var id: Int }

    @Test func anEmptyBodyIsNilAndABodyIsTheValue() throws {
        #expect(try JSONParser<Item?>().parse(HTTPResponse(status: 204, body: Data())) == nil)
        #expect(try JSONParser<Item?>().parse(.json(#"{"id":3}"#)) == Item(id: 3))
        #expect(try JSONParser<Item?>().parse(.json("null")) == nil)
    }

    @Test func anAbsentOrNullEnvelopeResultIsNil() throws {
        let parser = JSONParser<Item?>(envelope: Envelope(successCodes: ["100"]))
        #expect(try parser.parse(.json(#"{"code":100}"#)) == nil)
        #expect(try parser.parse(.json(#"{"code":100,"result":null}"#)) == nil)
        #expect(try parser.parse(.json(#"{"code":100,"result":{"id":4}}"#)) == Item(id: 4))
    }

    @Test func aRequiredResponseStillFailsOnAnEmptyBody() {
        let error = failure { () throws(InteractiveError) in try JSONParser<Item>().parse(HTTPResponse(status: 204, body: Data())) }
        guard case .decoding = error else {
            Issue.record("expected decoding, got \(String(describing: error))")
            return
        }
    }
}
