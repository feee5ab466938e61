import Dispatch
import Foundation
import Interactive
import ShopAPI

/// A service of its own per test, so tests that change configuration never disturb each other.
func makeService(
    environments: [ServiceConfiguration.Environment] = [.init(name: "local", baseURLString: "http://127.0.0.1:9/api")],
    // Far beyond anything a test waits for: a test that is not about deadlines must not fail because
    // a busy machine ran it late. Tests about deadlines give their own.
    timeout: Duration = .seconds(600),
    envelope: Envelope? = nil
) -> ServiceConfiguration {
    ServiceConfiguration(
        name: "Test",
        environments: environments,
        timeout: timeout,
        headers: ["X-Client": "interactive-tests"],
        query: [("appVersion", "1.0")],
        envelope: envelope
    )
}

/// A small model, as the generator would emit it.
struct Item: Codable, Sendable, Hashable {
    var id: Int64
    var title: String
    var price: Decimal
}

/// `GET /items/{id}` → ``Item``, with a mock.
struct ItemApi: Api {
    var service: ServiceConfiguration
    var id: String
    var timeout: Duration?

    init(service: ServiceConfiguration, id: String = "1", timeout: Duration? = nil) {
        self.service = service
        self.id = id
        self.timeout = timeout
    }

    var request: ApiRequest {
        var request = ApiRequest(service: service, apiName: "Item", method: .get, path: "/items/{id}", options: RequestOptions(timeout: timeout))
        request.add(id, as: "id", in: .path)
        return request
    }

    var parser: JSONParser<Item> { JSONParser() }

    static let mockJSON: String? = #"{"id": 7, "title": "mocked", "price": 1.5}"#
}

/// `POST /login` with a form body and a secret password → ``EmptyResponse``; no mock.
struct FormLoginApi: Api {
    var service: ServiceConfiguration
    var name: String
    var password: String

    var request: ApiRequest {
        var request = ApiRequest(service: service, apiName: "Login", method: .post, path: "/login", bodyEncoding: .form)
        request.add(name, as: "name", in: .body)
        request.add(password, as: "password", in: .body, secret: true)
        return request
    }

    var parser: EmptyParser { EmptyParser() }
}

/// An API put together by each test.
struct AdHocApi<Parser: ResponseParser>: Api {
    var request: ApiRequest
    var parser: Parser
}

extension HTTPResponse {
    /// A JSON response.
    static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }
}

let itemJSON = #"{"id": 1, "title": "pen", "price": 2.5}"#

/// Thread-safe list of events, for checking the order plugins ran in.
final class EventLog: Sendable {
    private let events = Locked<[String]>([])

    func record(_ event: String) { events.withLock { $0.append(event) } }

    var all: [String] { events.current }
}

/// Records every step it takes, optionally answering.
struct RecordingPlugin: Plugin {
    let name: String
    let log: EventLog
    var answer: PluginAnswer?

    func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        log.record("\(name).prepare")
        return request
    }

    func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer? {
        log.record("\(name).answer")
        return answer
    }

    func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        log.record("\(name).send>")
        defer { log.record("\(name).send<") }
        return try await next(request)
    }

    func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        log.record("\(name).process")
        return .proceed(result)
    }

    func didFinish(_ result: Result<any Sendable, InteractiveError>, for request: HTTPRequest, context: PluginContext) async {
        log.record("\(name).didFinish")
    }
}

/// Runs the generated Shop APIs against a stub with the Shop configuration as it is now (environment,
/// headers), but a deadline far beyond anything a test waits for instead of the spec's 10 s.
func patientShopExecutor(_ transport: any Transport, plugins: [any Plugin] = []) -> Executor {
    let shop = ShopService.configuration.copy()
    shop.setTimeout(.seconds(600))
    return Executor(transport: transport, plugins: plugins, configurations: [shop])
}
