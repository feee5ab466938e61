import Foundation
import Interactive
import Testing

/// A secret param written in a nested or exploded style is masked in logs like a plain one.
@Suite("Redaction of styled secrets")
struct StyleRedactionTests {
    struct Card: Encodable, Sendable { var number: String; var cvc: String }

    let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")])

    @Test(arguments: [ParameterStyle.deepObject, .brackets, .form(explode: true), .form(explode: false), .pipeDelimited])
    func secretCardNeverAppears(style: ParameterStyle) throws {
        var request = ApiRequest(service: service, apiName: "Pay", method: .post, path: "/pay", bodyEncoding: .form)
        request.add("cus_1", as: "customer", in: .body)
        request.add([Card(number: "4242424242424242", cvc: "123")], as: "card", in: .body, secret: true, style: style)
        request.add(Card(number: "5555555555554444", cvc: "987"), as: "backup", in: .body, secret: true, style: style)
        let resolved = try request.resolve()
        let log = Redactor(for: resolved).describe(resolved, includeBody: true)
        for secret in ["4242424242424242", "123", "5555555555554444", "987"] {
            #expect(!log.contains(secret), "\(style) leaked \(secret): \(log)")
        }
        #expect(log.contains("customer=cus_1"))
    }
}
