import Foundation
import Interactive
import ShopAPI
import Testing

/// Fields that hold another model (`Item.seller: User?`, `LoginResponse.user: User`) keep it in an
/// `Indirect` box: the models must still behave exactly like plain values.
@Suite("Models held indirectly")
struct IndirectFieldTests {
    static let ada = User(id: 1, nickName: "ada")

    @Test("decode and encode to the same JSON as inline fields; a nil optional leaves its key out")
    func coding() throws {
        let json = #"{"token":"t-1","user":{"id":1,"nick_name":"ada","avatar":"https://127.0.0.1/a.png"}}"#
        let login = try JSONDecoder().decode(LoginResponse.self, from: Data(json.utf8))
        #expect(login.user.nickName == "ada")
        #expect(login.user.avatar == URL(string: "https://127.0.0.1/a.png"))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(login)) as? [String: Any])
        #expect((object["user"] as? [String: Any])?["nick_name"] as? String == "ada")

        let item = ShopAPI.Item(id: 7, title: "Lamp", price: 12, tags: [], attributes: [:], status: .onSale)
        let encoded = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(item)) as? [String: Any])
        #expect(encoded["seller"] == nil)
        #expect(encoded["title"] as? String == "Lamp")
        let decoded = try JSONDecoder().decode(ShopAPI.Item.self, from: JSONEncoder().encode(item))
        #expect(decoded == item)
        #expect(decoded.seller == nil)
    }

    @Test("printing a model shows the held model, not the box")
    func printing() {
        let login = LoginResponse(token: "t-1", user: Self.ada)
        let printed = String(describing: login)
        #expect(printed.contains("nickName: \"ada\""), "\(printed)")
        #expect(!printed.contains("Box"), "\(printed)")
        var dumped = ""
        dump(login, to: &dumped)
        #expect(dumped.contains("\"ada\""), "\(dumped)")
    }

    @Test("a changed copy leaves the original alone, through the required and the optional field")
    func copiesAreIndependent() {
        let original = LoginResponse(token: "t", user: Self.ada)
        var copy = original
        copy.user.nickName = "grace"
        #expect(original.user.nickName == "ada")
        #expect(copy.user.nickName == "grace")
        #expect(copy != original)

        let item = ShopAPI.Item(id: 1, title: "Lamp", price: 1, tags: [], attributes: [:], status: .onSale, seller: Self.ada)
        var other = item
        other.seller?.nickName = "grace"
        #expect(item.seller?.nickName == "ada")
        #expect(other.seller?.nickName == "grace")
        other.seller = nil
        #expect(other.seller == nil)
        #expect(item.seller == Self.ada)
    }

    @Test("equality and hashing see the held model, not the box")
    func equalityAndHashing() {
        let first = LoginResponse(token: "t", user: Self.ada)
        let second = LoginResponse(token: "t", user: User(id: 1, nickName: "ada"))
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != LoginResponse(token: "t", user: User(id: 2, nickName: "ada")))
        let withSeller = ShopAPI.Item(id: 1, title: "Lamp", price: 1, tags: [], attributes: [:], status: .onSale, seller: Self.ada)
        let without = ShopAPI.Item(id: 1, title: "Lamp", price: 1, tags: [], attributes: [:], status: .onSale)
        #expect(withSeller != without)
        #expect(Set([withSeller, without]).count == 2)
    }

    @Test("a change through the box is made in place when no copy shares it, and copies otherwise")
    func changesInPlace() {
        var numbers = [1, 2, 3]
        numbers.reserveCapacity(16)
        var box = Indirect(numbers)
        numbers = []
        let before = box.value.withUnsafeBufferPointer { $0.baseAddress }
        box.value.append(4)
        // A get-then-set would have shared the buffer during the append and copied it.
        #expect(box.value.withUnsafeBufferPointer { $0.baseAddress } == before)
        let shared = box
        box.value.append(5)
        #expect(shared.value == [1, 2, 3, 4])
        #expect(box.value == [1, 2, 3, 4, 5])
        #expect(box.value.withUnsafeBufferPointer { $0.baseAddress } != before)
    }
}
