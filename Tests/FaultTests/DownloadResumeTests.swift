import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

/// Downloads to a file against the fault server: a connection cut mid-body, a resume with `Range`
/// and `If-Range`, a changed file, and a server that ignores `Range`.
@Suite(.timeLimit(.minutes(5)))
struct DownloadResumeTests {
    /// The file the fault server serves for `/range/<n>`: byte i is i % 251.
    static func expected(_ count: Int) -> Data {
        Data((0..<count).map { UInt8($0 % 251) })
    }

    /// An executor whose requests carry the fault server's file headers.
    static func executor(_ headers: [String: String], retry: Bool = false, over transport: TransportKind) -> Executor {
        var plugins: [any Plugin] = [HeaderPlugin(HTTPHeaders(headers.map { ($0.key, $0.value) }))]
        if retry { plugins.insert(RetryPlugin(), at: 0) }
        return transport.executor(plugins: plugins)
    }

    /// The outcome of a download, without throwing.
    static func download(_ count: Int, from server: FaultServer, with executor: Executor) async -> Result<URL, InteractiveError> {
        await outcome { () async throws(InteractiveError) in
            try await executor.execute(SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server))
        }
    }

    @Test(arguments: TransportKind.allCases) func aCutDownloadKeepsItsPartAndResumesWithRangeAndIfRange(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 400_000
        let cut = await Self.download(count, from: server, with: Self.executor(["X-File-Cut": "150000"], over: transport))
        guard case .failure = cut else {
            Issue.record("the cut download should fail, got \(cut)")
            return
        }
        let resumed = try await Self.executor([:], over: transport).execute(SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server))
        defer { try? FileManager.default.removeItem(at: resumed) }
        #expect(try Data(contentsOf: resumed) == Self.expected(count))
        let ranges = try await server.counts().outcomes["/range/\(count)"]?.filter { $0.hasPrefix("range ") }
        #expect(ranges?.first == "range None")
        let second = try #require(ranges?.last)
        #expect(second.hasPrefix("range bytes="), "the second request asks for the rest only")
        #expect(second != "range bytes=0-")
    }

    @Test(arguments: TransportKind.allCases) func retryResumesACutDownloadByItself(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 300_000
        // The retry plugin retries a GET after a transport failure; the next attempt resumes.
        let file = try await Self.executor(["X-File-Cut": "100000"], retry: true, over: transport)
            .execute(SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Self.expected(count))
        #expect(try await server.counts().received["/range/\(count)"] == 2)
    }

    @Test(arguments: TransportKind.allCases) func aChangedFileRestartsFromZero(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 200_000
        _ = await Self.download(count, from: server, with: Self.executor(["X-File-Cut": "50000", "X-File-ETag": "v1"], over: transport))
        // The file changed on the server: If-Range no longer matches, so the server sends it whole.
        let file = try await Self.executor(["X-File-ETag": "v2"], over: transport).execute(SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server))
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Self.expected(count))
    }

    @Test(arguments: TransportKind.allCases) func aServerThatIgnoresRangeRestartsCleanly(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 200_000
        _ = await Self.download(count, from: server, with: Self.executor(["X-File-Cut": "70000"], over: transport))
        let response = try await Self.executor(["X-File-Ranges": "ignore"], over: transport)
            .executeWithMetadata(SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server))
        defer { try? FileManager.default.removeItem(at: response.value) }
        #expect(response.metadata.status == 200)
        #expect(try Data(contentsOf: response.value) == Self.expected(count), "the 200 body replaced the partial file, not appended to it")
    }

    @Test(arguments: TransportKind.allCases) func cancellingADownloadKeepsItsPartForLater(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 300_000
        let api = SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server)
        // The server stalls after 100,000 bytes; the caller cancels once it has seen them.
        let executor = Self.executor(["X-File-Stall": "100000"], over: transport)
        let seen = AsyncStream.makeStream(of: Int64.self)
        let task = Task { () async -> Result<URL, InteractiveError> in
            defer { seen.continuation.finish() }
            return await outcome { () async throws(InteractiveError) in
                try await executor.execute(api) { progress in seen.continuation.yield(progress.completed) }
            }
        }
        for await completed in seen.stream where completed >= 100_000 { break }
        task.cancel()
        guard case .failure(.cancelled) = await task.value else {
            Issue.record("expected a cancelled download")
            return
        }
        // The moment the cancellation is observed, the part and its validator are written and given
        // back: a download started now resumes it (not a timing check: the sink is finished before
        // the caller is resumed).
        let resolved = try api.request.resolve()
        let download = try #require(resolved.download)
        let resume = DownloadSink(request: resolved, download: download, reporter: nil).resumeHeaders()
        #expect(resume.first.map { "\($0.0): \($0.1)" } == "Range: bytes=100000-")
        let file = try await Self.executor([:], over: transport).execute(api)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Data(contentsOf: file) == Self.expected(count))
        let ranges = try await server.counts().outcomes["/range/\(count)"]?.filter { $0.hasPrefix("range ") }
        #expect(ranges?.last == "range bytes=100000-")
    }
}

extension DownloadResumeTests {
    @Test(arguments: TransportKind.allCases) func twoDownloadsOfOneURLAtOnceDoNotShareAPartialFile(transport: TransportKind) async throws {
        let server = try await FaultServer.start()
        let count = 600_000
        // Both bodies trickle in (64 KiB every 40 ms), so the two downloads overlap.
        let executor = Self.executor(["X-File-Pace": "40"], over: transport)
        let api = SpecDrivenTests.Redirected(DownloadRangeApi(count: count), to: server)
        async let first = executor.execute(api)
        async let second = executor.execute(api)
        let files = try await [first, second]
        defer { files.forEach { try? FileManager.default.removeItem(at: $0) } }
        #expect(files[0] != files[1])
        for file in files { #expect(try Data(contentsOf: file) == Self.expected(count)) }
    }
}
