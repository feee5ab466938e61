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
    let proxyAll: Bool
    let pages: [String: String]
    let logger: RequestLogger

    init(project: ServeProject, options: ServeOptions) throws(ServeSetupError) {
        var apis: [ServedApi] = []
        var validators: [String: RequestValidator] = [:]
        var proxies: [String: ProxyForwarder] = [:]
        for service in project.description.services {
            validators[service.name] = RequestValidator(service: service)
            apis += service.apis.map { ServedApi(service: service, api: $0, seed: options.seed) }
            if let environment = options.proxyEnvironment {
                guard let url = service.environments.first(where: { $0.name == environment })?.url else {
                    let names = service.environments.map(\.name).joined(separator: ", ")
                    throw ServeSetupError("service \(service.name) has no environment '\(environment)' to proxy to; it has \(names)")
                }
                proxies[service.name] = ProxyForwarder(baseURL: url)
            }
        }
        for name in options.scenarios.apis.keys.sorted() where project.api(named: name) == nil {
            throw ServeSetupError("scenario file names api '\(name)', which no spec declares")
        }
        routes = RouteTable(apis)
        self.validators = validators
        scenarios = options.scenarios
        self.proxies = proxies
        proxyAll = options.proxyAll
        pages = options.pages ?? ReferenceSite.pages(for: project.description)
        logger = options.logger
    }
}

/// Why a server cannot start with these options.
public struct ServeSetupError: Error, Sendable, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
