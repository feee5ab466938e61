import Foundation
import Hummingbird
import Logging
import NIOCore

/// A mock server for the APIs of a ``ServeProject``, on Hummingbird.
public struct MockServer: Sendable {
    /// What requests are answered from; ``reload(_:)`` replaces it while serving.
    private let current: Locked<ServeState>
    private let options: ServeOptions

    /// Checks the options against the project (proxy environments, scenario API names).
    public init(project: ServeProject, options: ServeOptions) throws(ServeSetupError) {
        current = Locked(try ServeState(project: project, options: options))
        self.options = options
    }

    /// Answers from now on for `project` (specs edited while serving). A request already being
    /// answered finishes with the old specs; scenario `times` counts start afresh. Throws, and keeps
    /// the old specs, when the options do not fit the new project.
    public func reload(_ project: ServeProject) throws(ServeSetupError) {
        let state = try ServeState(project: project, options: options)
        current.withLock { $0 = state }
    }

    /// Serves until the task is cancelled; `onRunning` gets the port once the server listens.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        // Failures to start are thrown; the request log is the server's only output.
        let logger = Logger(label: "apigen-serve", factory: { _ in SwiftLogNoOpLogHandler() })
        let app = Application(
            responder: ReloadingResponder(current: current),
            configuration: ApplicationConfiguration(address: .hostname(options.host, port: options.port), serverName: nil),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? options.port) },
            logger: logger
        )
        try await app.run()
    }

    /// Starts serving in the background and returns once the server listens.
    public func start() async throws -> RunningMockServer {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            do {
                try await run { port in continuation.yield(port) }
            } catch {
                continuation.finish()
                throw error
            }
            continuation.finish()
        }
        for await port in ports {
            return RunningMockServer(port: port, task: task)
        }
        // The server stopped before it listened: report why.
        try await task.value
        throw ServeSetupError("the server stopped before it listened")
    }
}

/// Answers each request with the state current when it arrives.
private struct ReloadingResponder: HTTPResponder {
    let current: Locked<ServeState>

    func respond(to request: Request, context: ServeContext) async throws -> Response {
        try await ServeResponder(state: current.withLock { $0 }).respond(to: request, context: context)
    }
}

/// A server started with ``MockServer/start()``.
public struct RunningMockServer: Sendable {
    /// The port it listens on.
    public let port: Int
    let task: Task<Void, any Error>

    /// Stops the server and waits until it has.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}
