import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// A small cache for the test: answers requests whose API has a `cache` setting from memory, and
/// stores successful network responses. (The real cache is `CachePlugin` in Features.)
final class TestCachePlugin: Plugin {
    static let source = "test-cache"
    private let entries = Locked<[URL: HTTPResponse]>([:])

    var name: String { "TestCachePlugin" }

    func answer(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> PluginAnswer? {
        guard request.options.cache != nil, let response = entries.withLock({ $0[request.url] }) else { return nil }
        return PluginAnswer(response: response, source: Self.source)
    }

    func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        if request.options.cache != nil, context.source == ResponseMetadata.networkSource, case .success(let response) = result, response.isSuccess {
            entries.withLock { $0[request.url] = response }
        }
        return .proceed(result)
    }
}

/// Simulates a session that expires: a request without a session header counts as "session
/// expired"; the plugin logs in (a real `BasicAuthApi` call) and asks for a replay with the session.
final class SessionPlugin: Plugin {
    let session = Locked<String?>(nil)
    let logins = Locked(0)
    private let loginExecutor = Executor()

    var name: String { "SessionPlugin" }

    func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        var request = request
        if let token = session.current { request.headers.set(token, for: "X-Session") }
        return request
    }

    func process(_ result: Result<HTTPResponse, InteractiveError>, for request: HTTPRequest, context: PluginContext) async -> PluginVerdict {
        guard case .success(let response) = result,
              let echo = try? JSONDecoder().decode(HeadersEcho.self, from: response.body),
              echo.headers["X-Session"] == nil else { return .proceed(result) }
        do throws(InteractiveError) {
            let credentials = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()
            let login = try await loginExecutor.execute(BasicAuthApi(user: "ann", password: "s3cret", authorization: credentials))
            logins.withLock { $0 += 1 }
            let token = "session-\(login.user)"
            session.withLock { $0 = token }
            var replay = request
            replay.headers.set(token, for: "X-Session")
            return .replay(replay)
        } catch {
            return .proceed(.failure(error))
        }
    }
}

/// Adds a signature header to requests whose API the spec marks `encrypt: true`.
struct SigningPlugin: Plugin {
    func prepare(_ request: HTTPRequest, context: PluginContext) async throws(InteractiveError) -> HTTPRequest {
        guard request.options.encrypt else { return request }
        var request = request
        request.headers.set("sig-\(request.body?.count ?? 0)", for: "X-Signature")
        return request
    }
}

extension HTTPBinTests {
    /// Plugins with the real server behind them.
    @Suite("Plugins")
    struct Plugins {
        @Test("a caching plugin answers the second request without the network")
        func cacheAnswers() async throws {
            try await useLocalHTTPBin()
            let transport = CountingTransport()
            let executor = Executor(transport: transport, plugins: [TestCachePlugin()])
            let first = try await executor.executeWithMetadata(GetApi(q: "cached"))
            let second = try await executor.executeWithMetadata(GetApi(q: "cached"))
            #expect(first.metadata.source == ResponseMetadata.networkSource)
            #expect(first.metadata.attempts == 1)
            #expect(second.metadata.source == TestCachePlugin.source)
            #expect(second.metadata.attempts == 0)
            #expect(second.metadata.isFromCache)
            #expect(second.value == first.value)
            #expect(transport.count.current == 1)
            _ = try await executor.execute(GetApi(q: "other"))
            #expect(transport.count.current == 2)
        }

        @Test("a post-processing plugin logs in and replays the request after a simulated session expiry")
        func replayAfterSessionExpiry() async throws {
            try await useLocalHTTPBin()
            let sessions = SessionPlugin()
            let executor = Executor(plugins: [sessions])
            let first = try await executor.executeWithMetadata(HeadersApi(traceId: "t-1"))
            #expect(first.value.headers["X-Session"] == "session-ann")
            #expect(first.value.headers["X-Trace-Id"] == "t-1")
            #expect(first.metadata.attempts == 2)
            #expect(sessions.logins.current == 1)
            let second = try await executor.executeWithMetadata(HeadersApi(traceId: "t-2"))
            #expect(second.metadata.attempts == 1)
            #expect(sessions.logins.current == 1)
        }

        @Test("the spec's encrypt flag reaches plugins as typed metadata")
        func encryptFlag() async throws {
            try await useLocalHTTPBin()
            let executor = Executor(plugins: [SigningPlugin()])
            let signed = try await executor.execute(PostFormApi(name: "ann", password: "x"))
            #expect(signed.headers["X-Signature"] == "sig-19") // "name=ann&password=x"
            #expect(try await executor.execute(PostJSONApi(name: "n", count: 1, enabled: false, tags: [])).headers["X-Signature"] == nil)
        }

        @Test("the logging plugin never logs the secret, even when the server echoes it back")
        func loggingKeepsSecrets() async throws {
            try await useLocalHTTPBin()
            let lines = Locked<[String]>([])
            let executor = Executor(plugins: [LoggingPlugin(includeBodies: true) { line in lines.withLock { $0.append(line) } }])
            let echo = try await executor.execute(PostFormApi(name: "ann", password: "hunter2"))
            #expect(echo.form?["password"] == .string("hunter2"))
            let credentials = "Basic " + Data("ann:wrong".utf8).base64EncodedString()
            _ = await failure { () async throws(InteractiveError) in try await executor.execute(BasicAuthApi(user: "ann", password: "right", authorization: credentials)) }
            let log = lines.current.joined(separator: "\n")
            #expect(!log.contains("hunter2"))
            #expect(!log.contains(credentials))
            #expect(log.contains("password=***"))
            #expect(log.contains("Authorization: ***"))
            #expect(log.contains("401"))
        }
    }
}
