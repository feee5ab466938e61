import APIGenServe
import Foundation
import Interactive
import ShopAPI
import Testing

/// The generated Shop client against apigen-serve: every API answers, through the real executor and
/// transport, with its mock or generated values the client decodes.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ShopEndToEndTests {
    @Test func everyShopApiDecodes() async throws {
        let log = LogLines()
        let server = try await ServeFixture.start(log: log)
        defer { Task { await server.stop() } }
        let executor = try ServeFixture.shopExecutor(port: server.port)

        let login = try await executor.execute(LoginApi(name: "admin", password: "hunter2"))
        #expect(login.token == "t-1")
        #expect(login.user.nickName == "admin")
        // ItemQuery (ItemDetailApi) is deprecated: read without the executor so the test compiles without warnings.
        let detail = try await ServeFixture.send(port: server.port, "/api/items/7?fields=title")
        #expect(try InteractiveCoding.makeDecoder().decode(Item.self, from: Data(detail.body.utf8)).title == "Mock item")
        #expect(try await executor.execute(ItemQueryV2Api(itemId: 7)).seller?.nickName == "seller")
        #expect(try await executor.execute(ItemListApi(pageSize: 5, status: .onSale)).items.isEmpty)
        #expect(try await executor.execute(CategoryQueryApi(categoryId: 3)).parent?.name == "Electronics")
        #expect(try await executor.execute(OrderCancelApi(orderId: 9)) == true)
        // No `_ =`: the result of an API without a body may be left unused.
        try await executor.execute(LogoutApi())
        // No mock: generated values.
        let item = Item(id: 1, title: "t", price: 1, tags: [], attributes: [:], status: .onSale)
        let created = try await executor.execute(ItemCreateApi(body: item))
        #expect(!created.title.isEmpty)
        let order = try await executor.execute(OrderCreateApi(itemIds: [1, 2]))
        #expect(order.items.count == 2)

        #expect(log.all.count == 9)
        #expect(log.count("ItemQuery") == 1)
        #expect(log.all.allSatisfy { $0.status == 200 })
        #expect(log.count("Login") == 1)
    }

    @Test func generatedAnswersAreTheSameForTheSameSeed() async throws {
        let first = try await ServeFixture.start { $0.seed = 42 }
        let second = try await ServeFixture.start { $0.seed = 42 }
        let other = try await ServeFixture.start { $0.seed = 43 }
        defer { Task { await first.stop(); await second.stop(); await other.stop() } }
        let body = #"{"item_ids":[1]}"#
        let a = try await ServeFixture.send("POST", port: first.port, "/api/orders", body: body).body
        let b = try await ServeFixture.send("POST", port: second.port, "/api/orders", body: body).body
        let c = try await ServeFixture.send("POST", port: other.port, "/api/orders", body: body).body
        #expect(a == b)
        #expect(a != c)
        #expect(a.hasPrefix(#"{"code":100,"message":"ok","result":{"#))
    }

    @Test func unknownPathsAndMethods() async throws {
        let server = try await ServeFixture.start()
        defer { Task { await server.stop() } }
        #expect(try await ServeFixture.send(port: server.port, "/api/nothing").status == 404)
        #expect(try await ServeFixture.send("PUT", port: server.port, "/api/login").status == 405)
        let index = try await ServeFixture.send(port: server.port, "/")
        #expect(index.status == 200)
        #expect(index.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(index.body.contains("OrderCancel"))
    }

    @Test func pagesAreServedAndApiRoutesWin() async throws {
        let server = try await ServeFixture.start {
            $0.pages = ["index.html": "<h1>Reference</h1>", "apis/Login.html": "<p>login</p>", "api/login": "never served"]
        }
        defer { Task { await server.stop() } }
        #expect(try await ServeFixture.send(port: server.port, "/").body == "<h1>Reference</h1>")
        #expect(try await ServeFixture.send(port: server.port, "/apis/Login.html").body == "<p>login</p>")
        // POST /api/login is an API; a GET there is not a page either, as the API owns the path.
        #expect(try await ServeFixture.send(port: server.port, "/api/login").status == 405)
        #expect(try await ServeFixture.send("POST", port: server.port, "/api/login", headers: ["Content-Type": "application/x-www-form-urlencoded"], body: "name=a&password=b").status == 200)
    }
}
