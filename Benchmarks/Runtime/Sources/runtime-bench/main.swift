// The runtime benchmark: requests per second of the Executor (generated `ItemGetApi`, default
// plugins, default URLSession transport) against raw URLSession doing the same work (build the URL,
// send, decode the enveloped JSON), on one loopback server.
//
//     runtime-bench [--requests 5000] [--concurrency 64] [--rounds 3] [--only raw-urlsession|executor|executor-stub|raw-asynchttpclient|executor-ahc|deadline]
//     runtime-bench --only transfer --transfer-port PORT [--transfer-mib 1024]
//
// Prints one line per mode: `mode in-flight req/s cpu-µs/req` (the best rate of the rounds and the
// least CPU time of the process per request, which is steadier than rates on a shared machine), then
// `ratio in-flight rate-ratio cpu-ratio` (executor over raw URLSession); `executor-stub` is the
// executor alone, over a stub that answers the server's body (no network, parsing included);
// `raw-asynchttpclient` and `executor-ahc` are the same pair over AsyncHTTPClient (one shared client,
// `AsyncHTTPClientTransport.sharedClient`), compared in `ratio-ahc`. Then how late after its
// mark the executor's deadline fires for 0.5 s and 2.5 s timeouts (`deadline …`; no server needed).
// `--only` runs one mode, e.g. under `valgrind --tool=callgrind` to count instructions per request.
// `--only transfer` uploads and downloads a large file against `transfer_server.py` and prints the
// peak resident memory above the baseline (see TransferMemory.swift); run.sh runs it with --transfer.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Interactive
import InteractiveAsyncHTTPClient
import LoopbackAPI

/// The command line: `--name value` pairs of positive integers.
struct Options {
    var requests = 5_000
    var concurrency = 64
    var rounds = 3
    var only: String?
    var transferPort = 0
    var transferMiB = 1024

    init(arguments: [String]) throws(BenchError) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--only" {
                only = rest.popFirst()
                continue
            }
            guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
                throw .usage("\(flag) needs a positive integer")
            }
            switch flag {
            case "--requests": requests = value
            case "--concurrency": concurrency = value
            case "--rounds": rounds = value
            case "--transfer-port": transferPort = value
            case "--transfer-mib": transferMiB = value
            default: throw .usage("unknown option \(flag)")
            }
        }
    }
}

enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case failed(String)

    var description: String {
        switch self {
        case .usage(let message): "usage: runtime-bench [--requests N] [--concurrency N] [--rounds N] [--only MODE]: \(message)"
        case .failed(let message): message
        }
    }
}

/// The raw baseline: what a hand-written URLSession call with the same result does.
struct RawClient: Sendable {
    /// The response shape, decoded by hand.
    struct Envelope: Decodable {
        var code: Int
        var result: BenchItem?
    }

    let session = URLSession(configuration: URLSessionTransport.defaultConfiguration())
    let baseURL: String

    func fetch(id: Int64, query: String) async throws -> BenchItem {
        guard var components = URLComponents(string: "\(baseURL)/items/\(id)") else { throw BenchError.failed("bad base URL \(baseURL)") }
        components.queryItems = [URLQueryItem(name: "q", value: query)]
        guard let url = components.url else { throw BenchError.failed("bad URL for \(baseURL)") }
        var request = URLRequest(url: url)
        request.timeoutInterval = 10
        let data: Data = try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let http = response as? HTTPURLResponse, http.statusCode == 200, let data {
                    continuation.resume(returning: data)
                } else {
                    continuation.resume(throwing: BenchError.failed("unexpected response"))
                }
            }.resume()
        }
        let envelope = try JSONDecoder().decode(Envelope.self, from: data)
        guard envelope.code == 0, let item = envelope.result else { throw BenchError.failed("envelope code \(envelope.code)") }
        return item
    }
}

/// What `server.py` answers, for the stub mode.
let serverBody = #"{"code":0,"message":"ok","result":{"id":42,"name":"bench item","tags":["a","b"],"price":9.5}}"#

/// The process's CPU time (user + system) so far, in microseconds.
func cpuMicroseconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    let user = Double(usage.ru_utime.tv_sec) * 1e6 + Double(usage.ru_utime.tv_usec)
    return user + Double(usage.ru_stime.tv_sec) * 1e6 + Double(usage.ru_stime.tv_usec)
}

/// One round: requests per second and CPU microseconds per request.
struct Rate {
    var perSecond: Double
    var cpuPerRequest: Double
}

/// Runs `count` calls of `call` with at most `inFlight` at a time.
func measure(count: Int, inFlight: Int, _ call: @escaping @Sendable (Int) async throws -> BenchItem) async throws -> Rate {
    let start = ContinuousClock.now
    let cpuStart = cpuMicroseconds()
    try await withThrowingTaskGroup(of: BenchItem.self) { group in
        var started = 0
        while started < min(inFlight, count) {
            let index = started
            group.addTask { try await call(index) }
            started += 1
        }
        while let item = try await group.next() {
            guard item.id == 42 else { throw BenchError.failed("wrong item \(item.id)") }
            if started < count {
                let index = started
                group.addTask { try await call(index) }
                started += 1
            }
        }
    }
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Rate(perSecond: Double(count) / seconds, cpuPerRequest: (cpuMicroseconds() - cpuStart) / Double(count))
}

func run(_ options: Options) async throws {
    if options.only == "transfer" {
        guard options.transferPort > 0 else { throw BenchError.usage("--only transfer needs --transfer-port") }
        return try await runTransfer(port: options.transferPort, mib: options.transferMiB)
    }
    let base = LoopbackService.configuration.currentEnvironment.baseURLString
    let raw = RawClient(baseURL: base)
    let executor = Executor()
    let rawAHC = RawAsyncHTTPClient(baseURL: base)
    let executorAHC = Executor(transport: AsyncHTTPClientTransport())
    let stubbed = Executor(transport: StubTransport { _ in HTTPResponse(status: 200, body: Data(serverBody.utf8)) })
    let allModes: [(name: String, call: @Sendable (Int) async throws -> BenchItem)] = [
        ("raw-urlsession", { index in try await raw.fetch(id: 42, query: "bench\(index)") }),
        ("executor", { index in try await executor.execute(ItemGetApi(id: 42, q: "bench\(index)")) }),
        ("executor-stub", { index in try await stubbed.execute(ItemGetApi(id: 42, q: "bench\(index)")) }),
        ("raw-asynchttpclient", { index in try await rawAHC.fetch(id: 42, query: "bench\(index)") }),
        ("executor-ahc", { index in try await executorAHC.execute(ItemGetApi(id: 42, q: "bench\(index)")) }),
    ]
    let modes = allModes.filter { options.only == nil || $0.name == options.only }
    let deadlines = options.only == nil || options.only == "deadline"
    guard !modes.isEmpty || deadlines else { throw BenchError.usage("--only takes raw-urlsession, executor, executor-stub, raw-asynchttpclient, executor-ahc or deadline") }
    for mode in modes { _ = try await measure(count: 200, inFlight: 8, mode.call) }
    var best: [String: Rate] = [:]
    for inFlight in modes.isEmpty ? [] : [1, options.concurrency] {
        for _ in 0..<options.rounds {
            // Interleaved rounds, so a burst of load on the shared machine hits both modes alike.
            for mode in modes {
                let rate = try await measure(count: options.requests, inFlight: inFlight, mode.call)
                let key = "\(mode.name) \(inFlight)"
                var entry = best[key] ?? Rate(perSecond: 0, cpuPerRequest: .infinity)
                entry.perSecond = max(entry.perSecond, rate.perSecond)
                entry.cpuPerRequest = min(entry.cpuPerRequest, rate.cpuPerRequest)
                best[key] = entry
            }
        }
        for mode in modes {
            let key = "\(mode.name) \(inFlight)"
            let rate = best[key] ?? Rate(perSecond: 0, cpuPerRequest: 0)
            print("\(key) \(Int(rate.perSecond.rounded())) \(Int(rate.cpuPerRequest.rounded()))")
        }
        if modes.contains(where: { $0.name == "executor" }) && modes.contains(where: { $0.name == "raw-urlsession" }) {
            let executor = best["executor \(inFlight)"] ?? Rate(perSecond: 0, cpuPerRequest: 0)
            let raw = best["raw-urlsession \(inFlight)"] ?? Rate(perSecond: 1, cpuPerRequest: 1)
            let rateRatio = executor.perSecond / max(1, raw.perSecond)
            let cpuRatio = executor.cpuPerRequest / max(1, raw.cpuPerRequest)
            print("ratio \(inFlight) \(String(format: "%.3f", rateRatio)) \(String(format: "%.3f", cpuRatio))")
        }
        if let executor = best["executor-ahc \(inFlight)"], let raw = best["raw-asynchttpclient \(inFlight)"] {
            let rateRatio = executor.perSecond / max(1, raw.perSecond)
            let cpuRatio = executor.cpuPerRequest / max(1, raw.cpuPerRequest)
            print("ratio-ahc \(inFlight) \(String(format: "%.3f", rateRatio)) \(String(format: "%.3f", cpuRatio))")
        }
    }
    if deadlines {
        for timeout in [Duration.milliseconds(500), .milliseconds(2500)] {
            print(deadlineLine(timeout: timeout, lateness: try await deadlineLateness(timeout: timeout, samples: 40)))
        }
    }
}

// The main thread blocks on a semaphore instead of awaiting at top level: top-level `await` parks
// the main thread in `dispatch_main`, which valgrind 3.19 cannot run (it crashes), and counting
// instructions with callgrind is how this benchmark is meant to be read on a busy machine. Detached:
// a task made here would inherit the main actor, whose queue the blocked main thread never drains.
let finished = DispatchSemaphore(value: 0)
let arguments = Array(CommandLine.arguments.dropFirst())
Task.detached {
    do {
        try await run(Options(arguments: arguments))
    } catch {
        FileHandle.standardError.write(Data("runtime-bench: \(error)\n".utf8))
        exit(1)
    }
    finished.signal()
}
finished.wait()
