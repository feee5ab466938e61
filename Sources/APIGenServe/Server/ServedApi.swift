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
    /// The service's models by name, shared by its APIs.
    let models: ModelLookup

    /// The name logs and scenario files use: the API's key in the spec.
    var name: String { api.name }

    init(service: SpecDescription.Service, api: SpecDescription.Api, models: ModelLookup, seed: UInt64) {
        self.service = service
        self.api = api
        self.seed = seed
        self.models = models
        basePaths = Array(Set(service.environments.map { ServeProject.basePath($0.url) })).sorted()
        spanningPlaceholders = Set(api.params.filter { $0.allowReserved }.flatMap { [$0.field.name, $0.field.key] })
        hasMock = api.mockJSON != nil
        answer = MockAnswer.success(for: api, service: service, models: models, seed: seed)
        secretKeys = Set(api.params.filter(\.secret).map { $0.field.key.lowercased() })
    }

    /// The answer for a 2xx the API declares in `responses:` (`202: Job`), with that status's body;
    /// `nil` when it declares none for `status`.
    func declaredSuccess(_ status: Int) -> MockAnswer? {
        guard let entry = api.responses.first(where: { $0.status == String(status) }) else { return nil }
        var generator = generator(label: "#\(status)")
        return MockAnswer.success(for: api, status: status, body: entry.body, generator: &generator)
    }

    /// A fresh generator of mock values for this API (the same values every time).
    func generator(label: String = "") -> MockValueGenerator {
        MockValueGenerator(service: service, models: models, seed: seed, label: name + label)
    }
}
