import APIGenCore
import APIGenDocs

/// Everything the responder reads, built once at start.
final class ServeState: Sendable {
    let routes: RouteTable
    let validators: [String: RequestValidator]
    let scenarios: ScenarioFile
    let counter = ScenarioCounter()
    /// The backend of each service, when proxying.
    let proxies: [String: ProxyForwarder]
    /// The base paths of the proxied services' environments, the longest first.
    private let proxiedBasePaths: [(base: String, service: String)]
    let proxyAll: Bool
    let allowsCrossOrigin: Bool
    let pages: [String: String]
    let logger: RequestLogger

    init(project: ServeProject, options: ServeOptions) throws(ServeSetupError) {
        var apis: [ServedApi] = []
        var validators: [String: RequestValidator] = [:]
        var proxies: [String: ProxyForwarder] = [:]
        for service in project.description.services {
            let models = ModelLookup(service)
            validators[service.name] = RequestValidator(models: models)
            apis += service.apis.map { ServedApi(service: service, api: $0, models: models, seed: options.seed) }
            if let environment = options.proxyEnvironment {
                guard let url = service.environments.first(where: { $0.name == environment })?.url else {
                    let names = service.environments.map(\.name).joined(separator: ", ")
                    throw ServeSetupError("service \(service.name) has no environment '\(environment)' to proxy to; it has \(names)")
                }
                proxies[service.name] = ProxyForwarder(baseURL: url)
            }
        }
        let unknown = options.scenarios.apiPlaces.filter { project.api(named: $0.name) == nil }
        if !unknown.isEmpty {
            let names = project.description.services.flatMap { $0.apis.map(\.name) }
            throw ServeSetupError(unknown.map { name, place in
                "\(place): scenario for api '\(name)', which no spec declares\(Suggestion.hint(for: name, in: names))"
            }.joined(separator: "\n"))
        }
        proxiedBasePaths = project.description.services.filter { proxies[$0.name] != nil }
            .flatMap { service in service.environments.map { (ServeProject.basePath($0.url), service.name) } }
            .sorted { $0.base.count > $1.base.count }
        routes = RouteTable(apis)
        self.validators = validators
        scenarios = options.scenarios
        self.proxies = proxies
        proxyAll = options.proxyAll
        allowsCrossOrigin = options.allowsCrossOrigin
        pages = options.pages ?? ReferenceSite.pages(for: project.description)
        logger = options.logger
    }
}

extension ServeState {
    /// The backend that answers a path no API has, and the path below its base: the proxied
    /// service whose base path the path starts with, the longest (a service served at the root
    /// takes any path); `nil` when the path is below no proxied service.
    func fallbackProxy(for path: String) -> (ProxyForwarder, String)? {
        for (base, service) in proxiedBasePaths where base.isEmpty || path == base || path.hasPrefix(base + "/") {
            if let proxy = proxies[service] { return (proxy, String(path.dropFirst(base.count))) }
        }
        return nil
    }
}

/// Why a server cannot start with these options.
public struct ServeSetupError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
