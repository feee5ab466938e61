import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Many requests at once, and environments switched at run time.
    @Suite("Concurrency and environments")
    struct Concurrency {
        @Test("200 concurrent requests all succeed with their own answers")
        func twoHundredConcurrent() async throws {
            try await useLocalHTTPBin()
            let executor = Executor()
            let answers = try await withThrowingTaskGroup(of: (Int, Echo).self) { group in
                for index in 0..<200 {
                    group.addTask { (index, try await executor.execute(GetApi(q: "request-\(index)", page: index))) }
                }
                var answers: [Int: Echo] = [:]
                for try await (index, echo) in group { answers[index] = echo }
                return answers
            }
            #expect(answers.count == 200)
            for (index, echo) in answers {
                #expect(echo.args["q"] == .string("request-\(index)"))
                #expect(echo.args["page"] == .string("\(index)"))
            }
        }

        @Test("switching the environment at run time redirects later requests")
        func switchEnvironment() async throws {
            let configuration = try await localConfiguration()
            let executor = Executor(configurations: [configuration])
            #expect(try await executor.execute(GetApi(q: "1")).url.contains("/get?"))
            try configuration.switchEnvironment(to: "staging")
            let staged = try await executor.execute(GetApi(q: "2"))
            #expect(staged.url.contains("/anything/staging/get?"))
            #expect(staged.args["q"] == .string("2"))
            try configuration.switchEnvironment(to: "local")
            #expect(try await executor.execute(GetApi(q: "3")).url.contains("/get?"))
        }

        @Test("switching environment while requests run: each goes wholly to one environment")
        func switchWhileRunning() async throws {
            let configuration = try await localConfiguration()
            let executor = Executor(configurations: [configuration])
            let urls = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        if index % 3 == 0 { try configuration.switchEnvironment(to: index % 2 == 0 ? "staging" : "local") }
                        return try await executor.execute(GetApi(q: "\(index)")).url
                    }
                }
                var urls: [String] = []
                for try await url in group { urls.append(url) }
                return urls
            }
            #expect(urls.count == 60)
            #expect(urls.allSatisfy { $0.contains("/anything/staging/get?") || ($0.contains("/get?") && !$0.contains("staging")) })
        }

        @Test("two executors with their own configurations run the same API types side by side, each request where it belongs")
        func twoConfigurationsSideBySide() async throws {
            let base = try await useLocalHTTPBin()
            // Account A on the server as 127.0.0.1, account B on the same server as localhost under
            // `/anything/b`: another origin, path and header set, and the global left as it is.
            let accountA = HTTPBinService.configuration.copy()
            accountA.setHeader("account-a", for: "X-Account")
            accountA.setQuery("a", for: "account")
            let accountB = HTTPBinService.configuration.copy()
            accountB.register(.init(name: "b", baseURLString: base.asLocalhost.absoluteString + "/anything/b"))
            try accountB.switchEnvironment(to: "b")
            accountB.setHeader("account-b", for: "X-Account")
            accountB.setQuery("b", for: "account")
            let executorA = Executor(configurations: [accountA])
            let executorB = Executor(configurations: [accountB])

            let echoes = try await withThrowingTaskGroup(of: (String, Echo).self) { group in
                for index in 0..<40 {
                    let (name, executor) = index.isMultiple(of: 2) ? ("a", executorA) : ("b", executorB)
                    group.addTask { (name, try await executor.execute(GetApi(q: "\(index)"))) }
                }
                var echoes: [(String, Echo)] = []
                for try await echo in group { echoes.append(echo) }
                return echoes
            }
            #expect(echoes.count == 40)
            for (name, echo) in echoes {
                #expect(echo.headers["X-Account"] == "account-\(name)")
                #expect(echo.args["account"] == .string(name))
                if name == "a" {
                    #expect(echo.url.hasPrefix(base.absoluteString + "/get?"))
                } else {
                    #expect(echo.url.hasPrefix(base.asLocalhost.absoluteString + "/anything/b/get?"))
                }
            }
            // The global configuration and an executor without copies are untouched.
            #expect(HTTPBinService.configuration.snapshot().headers["X-Account"] == nil)
            let plain = try await Executor().execute(GetApi(q: "plain"))
            #expect(plain.headers["X-Account"] == nil)
            #expect(plain.url.hasPrefix(base.absoluteString + "/get?"))
        }
    }
}
