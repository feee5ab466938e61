import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// A download's sink is finished by the cancellation itself, so the next download of the URL can
/// resume the part at once.
@Suite(.timeLimit(.minutes(5)))
struct DownloadSinkCancellationTests {
    @Test func cancellingFinishesTheSinkBeforeCancelReturns() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sink-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let download = DownloadRequest(directory: directory)
        var downloading = HTTPRequest(apiName: "File", method: .get, url: try #require(URL(string: "http://127.0.0.1:9/file.bin")))
        downloading.download = download
        let request = downloading
        let written = AsyncStream.makeStream(of: Void.self)
        let transport = Task { () async -> Result<Void, InteractiveError> in
            await outcome { () async throws(InteractiveError) in
                try await DownloadSink.withSink(for: request, reporter: nil) { sink throws(InteractiveError) in
                    guard let sink else { throw .cancelled }
                    #expect(sink.begin(status: 200, headers: ["ETag": "\"v1\"", "Content-Length": "10"]))
                    sink.write(Data(repeating: 7, count: 4))
                    written.continuation.yield()
                    // A network task that winds down slowly after the cancellation: what it still
                    // delivers must not touch the part any more.
                    try? await Task.sleep(for: .seconds(600))
                    _ = sink.begin(status: 200, headers: ["ETag": "\"v2\""])
                    sink.write(Data(repeating: 9, count: 3))
                    #expect(sink.finish(failed: false) == .failure(.cancelled))
                    throw .cancelled
                }
            }
        }
        for await _ in written.stream { break }
        transport.cancel()
        // The moment `cancel()` returns, a new download of the URL resumes the part.
        let resume = DownloadSink(request: request, download: download, reporter: nil).resumeHeaders()
        #expect(resume.map { "\($0.0): \($0.1)" } == ["Range: bytes=4-", "If-Range: \"v1\""])
        guard case .failure(.cancelled) = await transport.value else {
            Issue.record("expected the cancelled exchange to fail with cancelled")
            return
        }
        let part = try #require(try FileManager.default.contentsOfDirectory(at: directory.appendingPathComponent(".partial"), includingPropertiesForKeys: nil)
            .first { $0.pathExtension == "part" })
        #expect(try Data(contentsOf: part) == Data(repeating: 7, count: 4), "nothing the cancelled task delivered later was written")
    }
}
