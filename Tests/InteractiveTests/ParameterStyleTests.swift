import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// How `style` writes arrays and objects into a query or a form body (OpenAPI `style`/`explode`).
@Suite("Parameter styles")
struct ParameterStyleTests {
    struct Price: Encodable, Sendable { var price: String; var quantity: Int }
    struct Filter: Encodable, Sendable { var role: String; var name: String? }

    let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1/v1")])

    func query(_ value: some Encodable & Sendable, style: ParameterStyle?) throws -> String? {
        var request = ApiRequest(service: service, apiName: "Q", method: .get, path: "/q")
        request.add(value, as: "p", in: .query, style: style)
        return try request.resolve().url.query
    }

    func form(_ build: (inout ApiRequest) -> Void) throws -> String {
        var request = ApiRequest(service: service, apiName: "F", method: .post, path: "/f", bodyEncoding: .form)
        build(&request)
        return String(decoding: try request.resolve().body ?? Data(), as: UTF8.self)
    }

    @Test func arraysInEveryStyle() throws {
        let ids = [3, 4, 5]
        #expect(try query(ids, style: nil) == "p=3&p=4&p=5")
        #expect(try query(ids, style: .form(explode: true)) == "p=3&p=4&p=5")
        #expect(try query(ids, style: .form(explode: false)) == "p=3,4,5")
        #expect(try query(ids, style: .pipeDelimited) == "p=3%7C4%7C5")
        #expect(try query(ids, style: .spaceDelimited) == "p=3%204%205")
        #expect(try query(ids, style: .deepObject) == "p%5B0%5D=3&p%5B1%5D=4&p%5B2%5D=5")
        #expect(try query(ids, style: .brackets) == "p%5B%5D=3&p%5B%5D=4&p%5B%5D=5")
        #expect(try query([String](), style: .form(explode: false)) == nil, "an empty list sends nothing")
    }

    @Test func objectsInEveryStyle() throws {
        let filter = Filter(role: "admin", name: "Al x")
        #expect(try query(filter, style: nil) == "p=%7B%22role%22%3A%22admin%22%2C%22name%22%3A%22Al%20x%22%7D")
        #expect(try query(filter, style: .form(explode: true)) == "role=admin&name=Al%20x")
        #expect(try query(filter, style: .form(explode: false)) == "p=role,admin,name,Al%20x")
        #expect(try query(filter, style: .deepObject) == "p%5Brole%5D=admin&p%5Bname%5D=Al%20x")
        #expect(try query(Filter(role: "a", name: nil), style: .deepObject) == "p%5Brole%5D=a", "nil members are left out")
    }

    @Test func mapsAndCommaValuesAreEscaped() throws {
        #expect(try query(["a[b]": "x&y"], style: .deepObject) == "p%5Ba%5Bb%5D%5D=x%26y", "brackets are escaped in a query")
        #expect(try query(["a,b", "c"], style: .form(explode: false)) == "p=a%2Cb,c", "a comma inside a value is escaped")
    }

    @Test func aKeyWithBracketsInAFormBodyKeepsThemEscaped() throws {
        let body = try form { $0.add(["a[b]": "x&y"], as: "p", in: .body, style: .deepObject) }
        #expect(body == "p[a%5Bb%5D]=x%26y", "only the nesting brackets stay literal")
    }

    @Test func stripeFormWritesNestObjectsInArraysWithIndexes() throws {
        let body = try form {
            $0.add(["order_id": "6735"], as: "metadata", in: .body, style: .deepObject)
            $0.add([Price(price: "price_1", quantity: 2), Price(price: "price_2", quantity: 1)], as: "items", in: .body, style: .deepObject)
            $0.add(["customer", "invoice"], as: "expand", in: .body, style: .brackets)
            $0.add("cus_1", as: "customer", in: .body, style: .deepObject)
        }
        #expect(body == "metadata[order_id]=6735&items[0][price]=price_1&items[0][quantity]=2&items[1][price]=price_2&items[1][quantity]=1&expand[]=customer&expand[]=invoice&customer=cus_1")
    }

    @Test func bracketsKeepIndexesForArraysOfObjects() throws {
        #expect(try query([["a": 1]], style: .brackets) == "p%5B0%5D%5Ba%5D=1")
    }

    @Test("allowReserved keeps slashes of a path value", arguments: [
        ("docs/read me.md", "/v1/repos/docs/read%20me.md"),
        ("a/b:c@d!$&'()*+,;=", "/v1/repos/a/b:c@d!$&'()*+,;="),
        ("q?x#y%z[0]", "/v1/repos/q%3Fx%23y%25z%5B0%5D"),
        ("a//b", "/v1/repos/a//b"),
    ])
    func reservedPath(value: String, expected: String) throws {
        var request = ApiRequest(service: service, apiName: "C", method: .get, path: "/repos/{path}")
        request.add(value, as: "path", in: .path, allowReserved: true)
        let url = try request.resolve().url
        #expect(url.path(percentEncoded: true) == expected)
        #expect(url.query == nil)
    }

    @Test("allowReserved refuses dot segments", arguments: ["..", "a/../b", "./a", "a/.", "../../admin"])
    func reservedPathDotSegments(value: String) {
        var request = ApiRequest(service: service, apiName: "C", method: .get, path: "/repos/{path}")
        request.add(value, as: "path", in: .path, allowReserved: true)
        guard case .invalidRequest(let reason) = failure({ () throws(InteractiveError) in try request.resolve() }) else {
            Issue.record("expected invalidRequest")
            return
        }
        #expect(reason.contains("\"path\""))
    }

    @Test func withoutAllowReservedASlashStaysInTheSegment() throws {
        var request = ApiRequest(service: service, apiName: "C", method: .get, path: "/repos/{path}")
        request.add("a/b", as: "path", in: .path)
        #expect(try request.resolve().url.path(percentEncoded: true) == "/v1/repos/a%2Fb")
    }
}
