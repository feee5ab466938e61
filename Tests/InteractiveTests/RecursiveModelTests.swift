import Foundation
import Interactive
import ShopAPI
import RuntimeTestSupport
import Testing

/// `Category` contains itself (`parent: Category?`), so its fields are held in an `Indirect` box:
/// it must still behave exactly like a plain value.
@Suite("A model that contains itself")
struct RecursiveModelTests {
    @Test("decodes a chain of parents and children from the wire, through the envelope")
    func decodes() async throws {
        let stub = StubTransport()
        stub.enqueue(json: #"{"code": 100, "result": {"id": 3, "name": "Phones", "parent": {"id": 2, "name": "Electronics", "parent": {"id": 1, "name": "All"}}, "children": [{"id": 4, "name": "Cases"}]}}"#)
        let category = try await patientShopExecutor(stub).execute(CategoryQueryApi(categoryId: 3))
        #expect(category.name == "Phones")
        #expect(category.parent?.name == "Electronics")
        #expect(category.parent?.parent?.name == "All")
        #expect(category.parent?.parent?.parent == nil)
        #expect(category.children?.map(\.name) == ["Cases"])
        #expect(stub.requests.first?.url.path == "/api/categories/3")
    }

    @Test("the spec's mock is the same typed tree")
    func mock() async throws {
        let category = try await Executor(transport: StubTransport(), mockMode: .all).execute(CategoryQueryApi(categoryId: 3))
        #expect(category == Category(
            id: 3, name: "Phones",
            parent: Category(id: 2, name: "Electronics", parent: Category(id: 1, name: "All")),
            children: [Category(id: 4, name: "Cases")]
        ))
    }

    @Test("encodes to the same JSON shape as a plain struct, and back")
    func roundTrip() throws {
        let tree = Category(id: 2, name: "Electronics", parent: Category(id: 1, name: "All"))
        let data = try JSONEncoder().encode(tree)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["name"] as? String == "Electronics")
        #expect((object["parent"] as? [String: Any])?["id"] as? Int == 1)
        #expect(object["children"] == nil)
        #expect(try JSONDecoder().decode(Category.self, from: data) == tree)
    }

    @Test("copies are independent values: changing one leaves the other as it was")
    func copyOnWrite() {
        let original = Category(id: 3, name: "Phones", parent: Category(id: 2, name: "Electronics"))
        var copy = original
        copy.name = "Mobiles"
        copy.parent?.name = "Gadgets"
        #expect(original.name == "Phones")
        #expect(original.parent?.name == "Electronics")
        #expect(copy.name == "Mobiles")
        #expect(copy.parent?.name == "Gadgets")
        #expect(copy != original)
    }

    @Test("equal trees are equal and hash alike")
    func hashable() {
        let first = Category(id: 1, name: "All", children: [Category(id: 2, name: "Books")])
        let second = Category(id: 1, name: "All", children: [Category(id: 2, name: "Books")])
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(first != Category(id: 1, name: "All"))
    }

    @Test("a deep chain decodes without trouble")
    func deepChain() throws {
        var json = #"{"id": 0, "name": "leaf"}"#
        for level in 1...200 { json = #"{"id": \#(level), "name": "n\#(level)", "parent": \#(json)}"# }
        var node: Category? = try JSONDecoder().decode(Category.self, from: Data(json.utf8))
        var depth = 0
        while let current = node { depth += 1; node = current.parent }
        #expect(depth == 201)
    }
}
