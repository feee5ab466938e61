import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// What a download's sink makes of the answers it is given: the finished file's name, a resume
/// whose range does not add up, and the last report of a body of unknown length.
@Suite(.timeLimit(.minutes(5)))
struct DownloadSinkTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)")

    func request(_ url: String) throws -> HTTPRequest {
        var request = HTTPRequest(apiName: "File", method: .get, url: try #require(URL(string: url)))
        request.download = DownloadRequest(directory: directory)
        return request
    }

    /// `/files/dir%2Freport.pdf`'s last component decodes to `dir/report.pdf`: the file was moved into
    /// a folder that does not exist, failing every time and leaving its part behind.
    @Test func aNameWithAnEncodedSlashIsAFileNotAFolder() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = DownloadSink(request: try request("http://127.0.0.1:9/files/dir%2Freport.pdf"), download: DownloadRequest(directory: directory), reporter: nil)
        #expect(sink.begin(status: 200, headers: ["Content-Length": "3", "ETag": "\"v1\""]))
        sink.write(Data([1, 2, 3]))
        let file = try sink.finish(failed: false).get()
        #expect(file.deletingLastPathComponent().path(percentEncoded: false).hasPrefix(directory.path(percentEncoded: false)))
        #expect(file.deletingLastPathComponent().lastPathComponent == directory.lastPathComponent)
        #expect(file.lastPathComponent.hasSuffix("-dir_report.pdf"))
        #expect(try Data(contentsOf: file) == Data([1, 2, 3]))
    }

    /// A resume answered by a 206 shorter than its `Content-Range` was a finished file of the wrong
    /// size; now it is cut short, and its part is kept for the next resume.
    @Test func aResumeShorterThanItsRangeIsCutShortAndKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = try request("http://127.0.0.1:9/file.bin")
        let first = DownloadSink(request: request, download: DownloadRequest(directory: directory), reporter: nil)
        #expect(first.begin(status: 200, headers: ["Content-Length": "10", "ETag": "\"v1\""]))
        first.write(Data(repeating: 1, count: 4))
        #expect(first.finish(failed: true) == .failure(.transport(message: "download cut short", code: nil)))

        let second = DownloadSink(request: request, download: DownloadRequest(directory: directory), reporter: nil)
        #expect(second.resumeHeaders().first.map { "\($0.0): \($0.1)" } == "Range: bytes=4-")
        #expect(second.begin(status: 206, headers: ["Content-Range": "bytes 4-9/10", "Content-Length": "2", "ETag": "\"v1\""]))
        second.write(Data(repeating: 2, count: 2))
        #expect(second.finish(failed: false) == .failure(.transport(message: "download cut short: 6 of 10 bytes", code: nil)))

        let third = DownloadSink(request: request, download: DownloadRequest(directory: directory), reporter: nil)
        #expect(third.resumeHeaders().first.map { "\($0.0): \($0.1)" } == "Range: bytes=6-")
        #expect(third.begin(status: 206, headers: ["Content-Range": "bytes 6-9/10", "Content-Length": "4", "ETag": "\"v1\""]))
        third.write(Data(repeating: 3, count: 4))
        let file = try third.finish(failed: false).get()
        #expect(try Data(contentsOf: file) == Data(repeating: 1, count: 4) + Data(repeating: 2, count: 2) + Data(repeating: 3, count: 4))
    }

    /// More bytes than the range's total: nothing to resume from, the part is dropped.
    @Test func aBodyLongerThanAnnouncedFailsAndKeepsNothing() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let request = try request("http://127.0.0.1:9/file.bin")
        let sink = DownloadSink(request: request, download: DownloadRequest(directory: directory), reporter: nil)
        #expect(sink.begin(status: 200, headers: ["Content-Length": "4", "ETag": "\"v1\""]))
        sink.write(Data(repeating: 1, count: 6))
        #expect(sink.finish(failed: false) == .failure(.transport(message: "the download has 6 bytes, more than the 4 the server announced", code: nil)))
        #expect(DownloadSink(request: request, download: DownloadRequest(directory: directory), reporter: nil).resumeHeaders().isEmpty)
    }

    /// A gzip body is longer than the Content-Length the server counted: no length check then.
    @Test func aDecodedBodyIsNotHeldToTheEncodedLength() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = DownloadSink(request: try request("http://127.0.0.1:9/file.txt"), download: DownloadRequest(directory: directory), reporter: nil)
        #expect(sink.begin(status: 200, headers: ["Content-Length": "4", "Content-Encoding": "gzip"]))
        sink.write(Data(repeating: 1, count: 40))
        #expect(try Data(contentsOf: try sink.finish(failed: false).get()).count == 40)
    }

    /// Without a Content-Length no report is ever "finished" by itself: the last one says so, and
    /// arrives before the sink is done (it came 50 ms later, after the caller's completion).
    @Test func aBodyOfUnknownLengthEndsWithAFinishedReportBeforeItIsDone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let reports = Locked<[TransferProgress]>([])
        let reporter = ProgressReporter(interval: .seconds(60)) { progress in reports.withLock { $0.append(progress) } }
        let sink = DownloadSink(request: try request("http://127.0.0.1:9/stream"), download: DownloadRequest(directory: directory), reporter: reporter)
        #expect(sink.begin(status: 200, headers: [:]))
        for _ in 0..<4 { sink.write(Data(repeating: 1, count: 5_000)) }
        _ = try sink.finish(failed: false).get()
        let last = try #require(reports.current.last)
        #expect(last.completed == 20_000)
        #expect(last.expected == 20_000)
        #expect(last.isFinished)
    }
}
