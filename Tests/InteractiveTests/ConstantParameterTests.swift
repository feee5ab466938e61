import Foundation
import Interactive
import Testing

/// Query items and headers an API always sends (`query`, `headers`, `accept` in the spec).
@Suite("Constant query items and headers")
struct ConstantParameterTests {
    let service = ServiceConfiguration(
        name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")],
        headers: ["X-Client": "ios", "X-Feature": "stable"], query: [("v", "1"), ("app", "shop")]
    )

    @Test func aFlagIsWrittenWithoutEqualsSign() throws {
        let request = ApiRequest(
            service: service, apiName: "P", method: .patch, path: "/api/progroups/7",
            constantQuery: [("changecreator", nil), ("action", "a b&c")]
        )
        #expect(try request.resolve().url.query == "v=1&app=shop&changecreator&action=a%20b%26c")
    }

    @Test func theApiValueWinsOverTheServiceDefaultOfTheSameName() throws {
        var request = ApiRequest(
            service: service, apiName: "P", method: .get, path: "/p",
            constantQuery: [("v", "2")], constantHeaders: ["x-feature": "beta", "Accept": "application/vnd.github+json"]
        )
        request.add("x", as: "q", in: .query)
        let resolved = try request.resolve()
        #expect(resolved.url.query == "app=shop&v=2&q=x")
        #expect(resolved.headers["X-Feature"] == "beta")
        #expect(resolved.headers.filter { $0.name.lowercased() == "x-feature" }.count == 1)
        #expect(resolved.headers["Accept"] == "application/vnd.github+json", "the API's Accept wins over the default")
        #expect(resolved.headers["X-Client"] == "ios")
    }

    /// A query param of the same key as a service default replaces it when it has a value (as a
    /// header param replaces a default header); without one, the default is sent.
    @Test func aQueryParamWinsOverTheServiceDefaultOfTheSameKey() throws {
        var request = ApiRequest(service: service, apiName: "P", method: .get, path: "/p")
        request.add("mine", as: "app", in: .query)
        #expect(try request.resolve().url.query == "v=1&app=mine")
        var unset = ApiRequest(service: service, apiName: "P", method: .get, path: "/p")
        unset.add(String?.none, as: "app", in: .query)
        #expect(try unset.resolve().url.query == "v=1&app=shop")
    }

    @Test func constantHeadersAreCheckedLikeAnyOther() {
        let request = ApiRequest(service: service, apiName: "P", method: .get, path: "/p", constantHeaders: ["X-Bad": "a\r\nX-Evil: 1"])
        #expect(throws: InteractiveError.self) { try request.resolve() }
    }
}
