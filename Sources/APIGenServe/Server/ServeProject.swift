public import APIGenCore
public import Foundation

/// The specs a server answers for, checked by the generator's own pipeline.
public struct ServeProject: Sendable {
    /// The services, as the generator resolved them.
    public let description: SpecDescription

    /// Wraps specs the generator has resolved.
    public init(_ description: SpecDescription) {
        self.description = description
    }

    /// Loads and checks the specs under `specs` as `apigen generate` does: the outcome carries the same
    /// diagnostics, and the project is `nil` when there is an error.
    public static func load(specs: URL) -> (Generator.Outcome, ServeProject?) {
        let (outcome, description) = Generator.describe(specs: specs)
        return (outcome, description.map(ServeProject.init))
    }

    /// The path of an environment's base URL without a trailing slash (`/api`, or `""`).
    static func basePath(_ url: String) -> String {
        var path = URLComponents(string: url)?.percentEncodedPath ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The API named `name` (its spec name or its Swift stem), with its service.
    func api(named name: String) -> (SpecDescription.Service, SpecDescription.Api)? {
        for service in description.services {
            if let api = service.apis.first(where: { $0.name == name || $0.swiftName == name }) { return (service, api) }
        }
        return nil
    }
}
