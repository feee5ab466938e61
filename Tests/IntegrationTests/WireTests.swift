import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Spec format 2 on the wire: constant query items and headers, parameter styles, reserved path
    /// values and typed response headers, checked against what a real httpbin saw.
    @Suite("Wire details")
    struct Wire {
        let sent: SentRequests
        let executor: Executor

        init() {
            let sent = SentRequests()
            self.sent = sent
            executor = Executor(plugins: [sent])
        }

        @Test("an action flag in the path is sent as a bare ?flag, constants and Accept arrive, the API's value wins")
        func constants() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(ChangeCreatorApi(id: 7, creator: "ann"))
            let url = try #require(sent.last?.url)
            #expect(url.path() == "/anything/progroups/7")
            #expect(url.query == "changecreator&action=transfer&appVersion=2.0", "the service's appVersion=1.0 is replaced, not repeated")
            #expect(echo.args["changecreator"] == .string(""))
            #expect(echo.args["action"] == .string("transfer"))
            #expect(echo.args["appVersion"] == .string("2.0"))
            #expect(echo.url.contains("?changecreator&action=transfer"))
            #expect(echo.headers["Accept"] == "application/vnd.apigen.v2+json")
            #expect(echo.headers["X-Feature"] == "beta")
            #expect(echo.headers["X-Client"] == "apigen-tests")
            #expect(echo.json == .object(["creator": .string("ann")]))
            #expect(echo.method == "PATCH")
        }

        @Test("query arrays and objects in every style")
        func queryStyles() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(StyledQueryApi(
                ids: [3, 4], pipes: ["a", "b|c"], spaces: ["x", "y"], expand: ["customer", "invoice"],
                metadata: ["order_id": "6735"], line: LineItem(price: "p_1", quantity: 2), tags: ["t1", "t2"]
            ))
            #expect(echo.args["ids"] == .string("3,4"))
            #expect(echo.args["pipes"] == .string("a|b|c"), "a pipe inside a value cannot be told from a separator: OpenAPI defines no escape")
            #expect(echo.args["spaces"] == .string("x y"))
            #expect(echo.args["expand[]"] == .array([.string("customer"), .string("invoice")]))
            #expect(echo.args["metadata[order_id]"] == .string("6735"))
            #expect(echo.args["price"] == .string("p_1"), "form, exploded: an object's members become keys")
            #expect(echo.args["quantity"] == .string("2"))
            #expect(echo.args["tags"] == .array([.string("t1"), .string("t2")]))
            let query = try #require(sent.last?.url.query)
            #expect(query.contains("ids=3,4&pipes=a%7Cb%7Cc&spaces=x%20y&"))
            #expect(query.contains("expand%5B%5D=customer&expand%5B%5D=invoice&metadata%5Border_id%5D=6735&price=p_1&quantity=2"))
        }

        @Test("a Stripe-style form write: nested objects in arrays are indexed, brackets stay literal")
        func stripeForm() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(CheckoutApi(
                customer: "cus_1", metadata: ["order_id": "6735"],
                lineItems: [LineItem(price: "price_1", quantity: 2), LineItem(price: "price_2", quantity: 1)],
                expand: ["customer"], ids: [1, 2]
            ))
            let body = String(decoding: try #require(sent.last?.body), as: UTF8.self)
            #expect(body == "customer=cus_1&metadata[order_id]=6735&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2&line_items[1][quantity]=1&expand[]=customer&ids=1,2")
            let form = try #require(echo.form)
            #expect(form["metadata[order_id]"] == .string("6735"))
            #expect(form["line_items[0][price]"] == .string("price_1"))
            #expect(form["line_items[1][quantity]"] == .string("1"))
            #expect(form["expand[]"] == .string("customer"))
            #expect(form["ids"] == .string("1,2"))
        }

        @Test("allowReserved keeps the slashes of a path value; a dot segment is refused before sending")
        func reservedPath() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(RepoContentApi(owner: "a/b", path: "docs/guide/read me.md"))
            #expect(sent.last?.url.path(percentEncoded: true) == "/anything/repos/a%2Fb/contents/docs/guide/read%20me.md")
            #expect(echo.url.contains("/anything/repos/a/b/contents/docs/guide/read%20me.md") || echo.url.contains("/anything/repos/a/b/contents/docs/guide/read me.md"))
            let before = sent.count
            let refused = await failure { () async throws(InteractiveError) in try await executor.execute(RepoContentApi(owner: "o", path: "../../../status/500")) }
            guard case .invalidRequest = refused else {
                Issue.record("expected invalidRequest, got \(String(describing: refused))")
                return
            }
            #expect(sent.count == before, "nothing was sent")
        }

        @Test("response headers become typed members; optional ones are nil when absent")
        func responseHeaders() async throws {
            try await useLocalHTTPBin()
            let link = #"<https://api.example.com/items?page=2>; rel="next""#
            let response = try await executor.execute(RateLimitApi(remaining: "42", link: link, tier: "pro"))
            #expect(response.rateLimitRemaining == 42)
            #expect(response.link == link)
            #expect(response.tier == .pro)
            #expect(response.body["X-RateLimit-Remaining"] == .string("42"))
            let bare = try await executor.execute(RateLimitApi(remaining: "0"))
            #expect(bare.rateLimitRemaining == 0)
            #expect(bare.link == nil)
            #expect(bare.tier == nil)
            let summary = try await executor.execute(RateLimitSummaryApi(remaining: "7"))
            #expect(summary.body.contentType == "application/json")
            #expect(summary.rateLimitRemaining == 7)
            #expect(try await executor.execute(RateLimitProbeApi(remaining: "9")).xRateLimitRemaining == 9)
        }

        @Test("a missing required header or a wrong type is a decoding error naming the header", arguments: [nil, "many"])
        func responseHeaderFailures(remaining: String?) async throws {
            try await useLocalHTTPBin()
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(RateLimitApi(remaining: remaining)) }
            guard case .decoding(let path, let message, _) = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(path == "header X-RateLimit-Remaining")
            #expect(message.contains(remaining == nil ? "missing header" : "expected Int"))
            let wrongEnum = await failure { () async throws(InteractiveError) in try await executor.execute(RateLimitApi(remaining: "1", tier: "gold")) }
            guard case .decoding(let enumPath, _, let snippet) = wrongEnum else {
                Issue.record("expected a decoding error, got \(String(describing: wrongEnum))")
                return
            }
            #expect(enumPath == "header X-Tier")
            #expect(snippet == "gold")
        }

        @Test("mock mode answers a headers response with its body mock")
        func mockWithHeaders() async throws {
            let mocked = Executor(mockMode: .all)
            let response = try await mocked.execute(RateLimitSummaryApi(remaining: "1"))
            #expect(response.body.contentType == "application/json")
            #expect(response.rateLimitRemaining == nil)
        }
    }
}

/// Records each request as it is handed to the network.
final class SentRequests: Plugin {
    private let requests = Locked<[HTTPRequest]>([])

    var last: HTTPRequest? { requests.withLock { $0.last } }
    var count: Int { requests.withLock { $0.count } }

    func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return try await next(request)
    }
}
