import APIGenCore
import Foundation

/// One API as the server answers it: its routes and its ready-made success answer.
final class ServedApi: Sendable {
    let service: SpecDescription.Service
    let api: SpecDescription.Api
    /// The base paths of the service's environments (`/api`), each a prefix the API is served under.
    let basePaths: [String]
    /// Path placeholders that may span segments (`allowReserved`).
    let spanningPlaceholders: Set<String>
    /// Whether the spec gives a `mock` (APIs without one are proxied with `--proxy`).
    let hasMock: Bool
    /// The success answer: body, content type and the declared response headers.
    let answer: MockAnswer
    /// Lowercased keys of `secret: true` params, masked in logs.
    let secretKeys: Set<String>
    let seed: UInt64

    /// The name logs and scenario files use: the API's key in the spec.
    var name: String { api.name }

    init(service: SpecDescription.Service, api: SpecDescription.Api, seed: UInt64) {
        self.service = service
        self.api = api
        self.seed = seed
        basePaths = Array(Set(service.environments.map { ServeProject.basePath($0.url) })).sorted()
        spanningPlaceholders = Set(api.params.filter { $0.allowReserved }.flatMap { [$0.field.name, $0.field.key] })
        hasMock = api.mockJSON != nil
        answer = MockAnswer.success(for: api, service: service, seed: seed)
        secretKeys = Set(api.params.filter(\.secret).map { $0.field.key.lowercased() })
    }

    /// A fresh generator of mock values for this API (the same values every time).
    func generator(label: String = "") -> MockValueGenerator {
        MockValueGenerator(service: service, seed: seed, label: name + label)
    }
}
