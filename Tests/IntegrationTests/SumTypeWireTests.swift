import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Sum types and open enums on the wire: httpbin echoes the body (`json`) and the query (`args`)
    /// back, and the echo decodes into the same typed values.
    @Suite("Sum types on the wire")
    struct SumTypesOnTheWire {
        let executor = Executor()

        /// Sends a charge and decodes httpbin's echo of its body back into a charge.
        func echo(_ charge: Charge) async throws -> (Charge, JSON?) {
            let echo = try await executor.execute(PostChargeApi(body: charge))
            let json = try #require(echo.json)
            let data = try JSONEncoder().encode(json)
            return (try JSONDecoder().decode(Charge.self, from: data), echo.json)
        }

        @Test("a tagged member and an expanded customer go out as objects with their tag and come back equal")
        func taggedAndExpanded() async throws {
            try await useLocalHTTPBin()
            let charge = Charge(
                id: "ch_1", method: .card(Card(brand: "visa", last4: "4242")),
                customer: .expanded(Customer(id: "cus_1", name: "Ann")), sort: .createdAtDescending)
            let (back, json) = try await echo(charge)
            #expect(back == charge)
            #expect(json?["method"] == .object(["type": .string("card"), "brand": .string("visa"), "last4": .string("4242")]))
            #expect(json?["customer"] == .object(["id": .string("cus_1"), "name": .string("Ann")]))
            #expect(json?["sort"] == .string("-created_at"))
        }

        @Test("the mapped tag of another member and a customer that is only an ID")
        func mappedTagAndBareID() async throws {
            try await useLocalHTTPBin()
            let charge = Charge(id: "ch_2", method: .bankAccount(BankAccount(iban: "DE00")), customer: .id("cus_2"))
            let (back, json) = try await echo(charge)
            #expect(back == charge)
            #expect(json?["method"]?["type"] == .string("bank_account"))
            #expect(json?["customer"] == .string("cus_2"))
            #expect(json?["sort"] == nil)
        }

        @Test("an unknown tag and an unknown enum value travel unchanged")
        func unknownValues() async throws {
            try await useLocalHTTPBin()
            let wallet = JSON.object(["type": .string("wallet"), "provider": .string("apple"), "limits": .array([.int(10), .double(2.5)])])
            let charge = Charge(id: "ch_3", method: .unknown(tag: "wallet", wallet), customer: .id("cus_3"), sort: .unknown("relevance"))
            let (back, json) = try await echo(charge)
            #expect(back == charge)
            #expect(json?["method"] == wallet)
            #expect(json?["sort"] == .string("relevance"))
        }

        @Test("an open enum in the query is sent as its raw value")
        func openEnumInTheQuery() async throws {
            try await useLocalHTTPBin()
            let listed = try await executor.execute(SortedListApi(sort: .createdAtDescending))
            #expect(listed.args["sort"] == .string("-created_at"))
            let other = try await executor.execute(SortedListApi(sort: .unknown("+relevance")))
            #expect(other.args["sort"] == .string("+relevance"))
        }
    }
}
