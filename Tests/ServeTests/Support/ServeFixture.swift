import APIGenCore
import APIGenServe
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Interactive
import ShopAPI

/// The repository's specs, servers started on 127.0.0.1 port 0, and their log lines.
enum ServeFixture {
    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let specs = root.appendingPathComponent("Specs")

    /// `Specs/`, loaded once.
    static let project: ServeProject = {
        let (_, project) = ServeProject.load(specs: specs)
        guard let project else { fatalError("Specs/ does not load") }
        return project
    }()

    /// Starts a server for `project` on a free loopback port, logging into `log`.
    static func start(_ project: ServeProject = project, log: LogLines = LogLines(), configure: (inout ServeOptions) -> Void = { _ in }) async throws -> RunningMockServer {
        var options = ServeOptions()
        options.port = 0
        options.logger = RequestLogger { line in log.append(line) }
        configure(&options)
        return try await MockServer(project: project, options: options).start()
    }

    /// An executor whose Shop requests go to the server at `port`.
    static func shopExecutor(port: Int, plugins: [any Plugin] = []) throws -> Executor {
        let configuration = try ShopService.configuration(in: .debug)
        configuration.register(.init(name: "serve", baseURLString: "http://127.0.0.1:\(port)/api"))
        try configuration.switchEnvironment(to: "serve")
        // The spec's 10 s is too short when the whole suite shares two busy cores.
        configuration.setTimeout(.seconds(120))
        return Executor(transport: URLSessionTransport(), plugins: plugins, configurations: [configuration])
    }

    /// Sends a request with URLSession and returns status, headers and body.
    static func send(_ method: String = "GET", port: Int, _ pathAndQuery: String, headers: [String: String] = [:], body: String? = nil) async throws -> (status: Int, headers: [String: String], body: String) {
        guard let url = URL(string: "http://127.0.0.1:\(port)\(pathAndQuery)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        request.timeoutInterval = 60
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as? HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { fields[name.lowercased()] = value }
        }
        return (http?.statusCode ?? 0, fields, String(decoding: data, as: UTF8.self))
    }

    /// A project of one spec file with `text`.
    static func project(yaml text: String) throws -> ServeProject {
        let folder = try scratch("spec")
        defer { try? FileManager.default.removeItem(at: folder) }
        try text.write(to: folder.appendingPathComponent("spec.yaml"), atomically: true, encoding: .utf8)
        let (diagnostics, project) = ServeProject.load(specs: folder)
        guard let project else { throw ServeFixtureError.specRejected(diagnostics.diagnostics.map(\.description)) }
        return project
    }

    /// A folder of its own for a test's files.
    static func scratch(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("serve-tests-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

enum ServeFixtureError: Error {
    case specRejected([String])
}

/// Log lines a server wrote, for tests to read.
final class LogLines: Sendable {
    private let lines = Locked<[RequestLogLine]>([])

    func append(_ line: RequestLogLine) { lines.withLock { $0.append(line) } }

    var all: [RequestLogLine] { lines.current }

    /// How many requests reached `api`.
    func count(_ api: String) -> Int { all.count { $0.api == api } }
}
