import Foundation
import Interactive
import ShopAPI
import Testing

/// The generated `oneOf` enums and open enums of `Specs/shop.yaml` decode and encode every case,
/// the unknown ones included, exactly as the wire has them.
@Suite("Sum types and open enums")
struct SumTypeTests {
    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("a tagged sum reads the tag, decodes that member, and writes the member's fields plus the tag")
    func taggedRoundTrip() throws {
        let card = try Self.decode(Payment.self, #"{"kind": "Card", "last4": "4242"}"#)
        #expect(card == .card(Card(last4: "4242")))
        #expect(try Self.encode(card) == #"{"kind":"Card","last4":"4242"}"#)
        let voucher = try Self.decode(Payment.self, #"{"last4": "ignored", "code": "X-1", "kind": "Voucher"}"#)
        #expect(voucher == .voucher(Voucher(code: "X-1")))
        #expect(try Self.encode(voucher) == #"{"code":"X-1","kind":"Voucher"}"#)
    }

    @Test("a tagged sum without unknown: true refuses an unknown or missing tag")
    func taggedRefusesUnknownTags() throws {
        #expect(throws: DecodingError.self) { try Self.decode(Payment.self, #"{"kind": "Cash", "amount": 1}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(Payment.self, #"{"last4": "4242"}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(Payment.self, #"{"kind": "Card"}"#) }
    }

    @Test("an untagged sum takes the first member that decodes, in the declared order")
    func untaggedRoundTrip() throws {
        let id = try Self.decode(SellerRef.self, "42")
        #expect(id == .int64(42))
        #expect(try Self.encode(id) == "42")
        let user = try Self.decode(SellerRef.self, #"{"id": 7, "nick_name": "ann"}"#)
        #expect(user == .user(User(id: 7, nickName: "ann")))
        #expect(try Self.encode(user) == #"{"id":7,"nick_name":"ann"}"#)
    }

    @Test("an untagged sum with unknown: true keeps a value no member matches and writes it back unchanged")
    func untaggedUnknown() throws {
        let text = #"{"login":"ann","scores":[1,2.5,null],"verified":true}"#
        let other = try Self.decode(SellerRef.self, text)
        #expect(other == .unknown(.object(["login": .string("ann"), "scores": .array([.int(1), .double(2.5), .null]), "verified": .bool(true)])))
        #expect(try Self.encode(other) == text)
        #expect(try Self.decode(SellerRef.self, #""seller-7""#) == .unknown(.string("seller-7")))
    }

    @Test("sum-typed values inside arrays and optionals")
    func nested() throws {
        let list = try Self.decode([SellerRef?].self, #"[1, null, {"id": 2, "nick_name": "bo"}]"#)
        #expect(list == [.int64(1), nil, .user(User(id: 2, nickName: "bo"))])
        #expect(try Self.encode(list) == #"[1,null,{"id":2,"nick_name":"bo"}]"#)
    }

    @Test("an open enum decodes listed values into their named cases and keeps the others")
    func openEnum() throws {
        #expect(try Self.decode([ItemSort].self, #"["price", "-price", "rating"]"#) == [.priceAscending, .priceDescending, .unknown("rating")])
        #expect(try Self.encode([ItemSort.priceDescending, .unknown("rating")]) == #"["-price","rating"]"#)
        #expect(ItemSort.allCases == [.priceAscending, .priceDescending])
        #expect(ItemSort(rawValue: "-price") == .priceDescending)
        #expect(ItemSort.unknown("x").rawValue == "x")
    }

    @Test("a closed enum with named cases and negative raw values still refuses values it does not list")
    func closedEnum() throws {
        #expect(try Self.decode([Rating].self, "[-1, 0, 1]") == [.bad, .neutral, .good])
        #expect(throws: DecodingError.self) { try Self.decode(Rating.self, "2") }
        #expect(throws: DecodingError.self) { try Self.decode(ItemStatus.self, #""archived""#) }
    }
}
