import APIGenCore
import APIGenServe
import ArgumentParser
import Foundation

/// `apigen-serve Specs/ --port 8085`: a mock server for every API of the specs.
@main
struct APIGenServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apigen-serve",
        abstract: "Serves every API of the specs with its mock, generated values, scenarios and an optional proxy.",
        version: Generator.version
    )

    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    @Option(help: "The port to listen on (0: any free port).")
    var port = 8085

    @Option(help: "The address to listen on. Anything but loopback exposes the mock to the network.")
    var host = "127.0.0.1"

    @Option(help: "The seed of generated mock values: the same seed gives the same answers.")
    var seed: UInt64 = 1

    @Option(help: "Forward APIs without a mock to this environment of the spec (e.g. staging).")
    var proxy: String?

    @Flag(help: "With --proxy: forward every API, mocked or not.")
    var proxyAll = false

    @Option(help: "A YAML file of scenarios: per API, and named ones requests pick with X-Apigen-Scenario.")
    var scenarios: String?

    @Flag(help: "Do not answer pages of other origins (no CORS headers, no preflight answers).")
    var noCors = false

    @Flag(help: "Do not reload the specs when they change (by default they are checked every second).")
    var noWatch = false

    @Flag(help: "Do not log requests.")
    var quiet = false

    func validate() throws {
        if proxyAll && proxy == nil { throw ValidationError("--proxy-all needs --proxy ENV") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0-65535") }
    }

    /// `57 APIs of 2 services`, for the start and reload lines.
    private static func counted(_ project: ServeProject) -> String {
        let apiCount = project.description.services.reduce(0) { $0 + $1.apis.count }
        let serviceCount = project.description.services.count
        return "\(apiCount) API\(apiCount == 1 ? "" : "s") of \(serviceCount) service\(serviceCount == 1 ? "" : "s")"
    }

    /// Checks the specs every second and answers for them anew when they changed and still check;
    /// specs with errors are reported and the previous ones go on answering.
    private static func reloadOnChange(_ specs: URL, server: MockServer) async {
        var seen = SpecFingerprint(of: specs)
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            let now = SpecFingerprint(of: specs)
            guard now != seen else { continue }
            seen = now
            let (outcome, project) = ServeProject.load(specs: specs)
            for diagnostic in outcome.diagnostics {
                FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
            }
            guard let project else {
                let count = outcome.diagnostics.filter { $0.severity == .error }.count
                FileHandle.standardError.write(Data("apigen-serve: \(count) error\(count == 1 ? "" : "s") in the changed specs; still answering for the previous ones\n".utf8))
                continue
            }
            do {
                try server.reload(project)
                FileHandle.standardOutput.write(Data("apigen-serve: reloaded: \(counted(project))\n".utf8))
            } catch {
                FileHandle.standardError.write(Data("apigen-serve: \(error.description); still answering for the previous specs\n".utf8))
            }
        }
    }

    func run() async throws {
        let (outcome, project) = ServeProject.load(specs: URL(fileURLWithPath: specs))
        for diagnostic in outcome.diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard let project else {
            let count = outcome.diagnostics.filter { $0.severity == .error }.count
            FileHandle.standardError.write(Data("apigen-serve: \(count) error\(count == 1 ? "" : "s"); not serving\n".utf8))
            throw ExitCode(1)
        }
        var options = ServeOptions()
        options.host = host
        options.port = port
        options.seed = seed
        options.proxyEnvironment = proxy
        options.proxyAll = proxyAll
        options.allowsCrossOrigin = !noCors
        options.logger = quiet ? .none : .standardOutput
        do {
            if let scenarios { options.scenarios = try ScenarioFile(contentsOf: URL(fileURLWithPath: scenarios)) }
            if !LoopbackHost.isLoopback(host) {
                FileHandle.standardError.write(Data("apigen-serve: warning: listening on \(host), not loopback: the mock can be reached from other machines\n".utf8))
            }
            let server = try MockServer(project: project, options: options)
            let specsURL = URL(fileURLWithPath: specs)
            let shownHost = host.contains(":") ? "[\(host)]" : host
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await server.run { port in
                        FileHandle.standardOutput.write(Data("apigen-serve: \(Self.counted(project)) on http://\(shownHost):\(port)/\n".utf8))
                    }
                }
                if !noWatch { group.addTask { await Self.reloadOnChange(specsURL, server: server) } }
                // The server ends the command; the watcher ends with it.
                try await group.next()
                group.cancelAll()
            }
        } catch let problem as Scenario.Problem {
            FileHandle.standardError.write(Data("apigen-serve: \(problem.description)\n".utf8))
            throw ExitCode(1)
        } catch let problem as ServeSetupError {
            FileHandle.standardError.write(Data("apigen-serve: \(problem.description)\n".utf8))
            throw ExitCode(1)
        } catch {
            // Most often the port is taken: one line, not NIO's error dump.
            FileHandle.standardError.write(Data("apigen-serve: cannot serve on \(host) port \(port): \(error)\n".utf8))
            throw ExitCode(1)
        }
    }
}
