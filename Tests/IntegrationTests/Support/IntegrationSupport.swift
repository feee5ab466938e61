import Dispatch
import Foundation
import HTTPBinAPI
import Interactive
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every integration test. They run in parallel: none changes `HTTPBinService.configuration` after
/// ``useLocalHTTPBin()`` has pointed it at the server once; a test that switches environments or
/// sets common headers does it on a copy its own executor carries (``localConfiguration()``).
/// Nested suites live in extensions, one file per topic.
@Suite("Generated HTTPBin client against a real httpbin", .timeLimit(.minutes(5)))
struct HTTPBinTests {}

/// Starts httpbin if needed and, once per process, points the generated service at it: `local` is
/// the server, `staging` is the same server under `/anything/staging` (so a switch is visible in the
/// echoed URL), `closed` is a loopback port nobody listens on. Returns the server's base URL.
@discardableResult
func useLocalHTTPBin() async throws -> URL {
    try await LocalHTTPBin.setUp.value
}

/// A configuration of the generated service of a test's own, in `environment` (`local`, `staging`
/// or `closed`), for an executor that carries it: `Executor(configurations: [configuration])`.
func localConfiguration(in environment: String = "local") async throws -> ServiceConfiguration {
    try await useLocalHTTPBin()
    return try HTTPBinService.configuration.copy(in: environment)
}

/// The one-time set-up behind ``useLocalHTTPBin()``.
enum LocalHTTPBin {
    static let setUp = Task<URL, any Error> {
        let base = try await HTTPBinServer.shared.baseURL()
        let configuration = HTTPBinService.configuration
        configuration.register(.init(name: "local", baseURL: base))
        configuration.register(.init(name: "staging", baseURLString: base.absoluteString + "/anything/staging"))
        configuration.register(.init(name: "closed", baseURLString: "http://127.0.0.1:\(try closedPort())"))
        try HTTPBinService.switchEnvironment(to: .local)
        // The spec's 10 s default is a deadline a busy machine can reach while a test waits its turn;
        // tests about deadlines set their own (the spec's 2 s `Delay`, `WithTimeout`).
        configuration.setTimeout(.seconds(120))
        return base
    }
}

/// A loopback port that was free a moment ago, so a connection to it is refused.
func closedPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw HTTPBinServer.Failure.setup("socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
            bind(fd, raw, length) == 0 && getsockname(fd, raw, &length) == 0
        }
    }
    guard bound else { throw HTTPBinServer.Failure.setup("bind() failed") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Runs a generated API with a different timeout, e.g. `/delay` against 0.5 s.
struct WithTimeout<Base: Api>: Api {
    var base: Base
    var timeout: Duration

    var request: ApiRequest {
        var request = base.request
        request.options.timeout = timeout
        return request
    }

    var parser: Base.Parser { base.parser }
}

/// Counts what reaches the real transport.
final class CountingTransport: Transport {
    let base: any Transport
    let count = Locked(0)

    init(_ base: any Transport = URLSessionTransport()) { self.base = base }

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        count.withLock { $0 += 1 }
        return try await base.send(request)
    }
}

/// Signals when a request is handed to the network, so a test can cancel it mid-flight.
struct SendSignal: Plugin {
    let sent = Locked(0)

    func send(_ request: HTTPRequest, context: PluginContext, next: PluginNext) async throws(InteractiveError) -> HTTPResponse {
        sent.withLock { $0 += 1 }
        return try await next(request)
    }
}

/// base64url with padding, as httpbin's `/base64/{value}` expects.
func base64url(_ text: String) -> String {
    Data(text.utf8).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-")
        .replacingOccurrences(of: "/", with: "_")
}
