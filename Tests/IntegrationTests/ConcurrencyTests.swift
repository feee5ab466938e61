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
            try await useLocalHTTPBin()
            defer { try? HTTPBinService.switchEnvironment(to: .local) }
            let executor = Executor()
            #expect(try await executor.execute(GetApi(q: "1")).url.contains("/get?"))
            try HTTPBinService.switchEnvironment(to: .staging)
            let staged = try await executor.execute(GetApi(q: "2"))
            #expect(staged.url.contains("/anything/staging/get?"))
            #expect(staged.args["q"] == .string("2"))
            try HTTPBinService.switchEnvironment(to: .local)
            #expect(try await executor.execute(GetApi(q: "3")).url.contains("/get?"))
        }

        @Test("switching environment while requests run: each goes wholly to one environment")
        func switchWhileRunning() async throws {
            try await useLocalHTTPBin()
            defer { try? HTTPBinService.switchEnvironment(to: .local) }
            let executor = Executor()
            let urls = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        if index % 3 == 0 { try HTTPBinService.switchEnvironment(to: index % 2 == 0 ? .staging : .local) }
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
    }
}
