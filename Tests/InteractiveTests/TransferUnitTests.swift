import Foundation
import Testing
@testable import Interactive

/// Multipart and raw bodies as built, throttled progress, and the plugins around files.
@Suite struct TransferUnitTests {
    let service = ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:1")])

    /// A file API by hand: a GET whose body goes to a file.
    struct Download: Api {
        var request: ApiRequest
        var parser: FileParser { FileParser() }
    }

    @Test func multipartNamesAndFileNamesCannotBreakOutOfTheirHeader() throws {
        var request = ApiRequest(service: service, apiName: "Up", method: .post, path: "/up", bodyEncoding: .multipart)
        request.add("v", as: "na\"me", in: .body)
        request.add(UploadFile(data: Data("x".utf8), fileName: "a\"\r\nX-Evil: 1.txt", contentType: "text/plain\r\nX-Evil: 2"), as: "file", in: .body)
        request.add(Optional<String>.none, as: "skipped", in: .body)
        request.add([1, 2], as: "n", in: .body)
        let resolved = try request.resolve()
        let contentType = try #require(resolved.headers["Content-Type"])
        let boundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let text = String(decoding: try #require(resolved.body), as: UTF8.self)
        #expect(resolved.upload == nil, "all parts in memory: an ordinary body")
        #expect(text == """
        --\(boundary)\r
        Content-Disposition: form-data; name="na%22me"\r
        \r
        v\r
        --\(boundary)\r
        Content-Disposition: form-data; name="file"; filename="a%22%0D%0AX-Evil: 1.txt"\r
        Content-Type: text/plainX-Evil: 2\r
        \r
        x\r
        --\(boundary)\r
        Content-Disposition: form-data; name="n"\r
        \r
        1\r
        --\(boundary)\r
        Content-Disposition: form-data; name="n"\r
        \r
        2\r
        --\(boundary)--\r

        """)
    }

    @Test func aFilePartIsASegmentReadWhenSent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.bin")
        try Data(repeating: 7, count: 100_000).write(to: file)
        var request = ApiRequest(service: service, apiName: "Up", method: .post, path: "/up", bodyEncoding: .multipart)
        request.add(UploadFile(url: file), as: "file", in: .body)
        let resolved = try request.resolve()
        let upload = try #require(resolved.upload)
        #expect(resolved.body == nil)
        #expect(upload.segments.count == 3)
        #expect(upload.segments[1] == .file(file))
        let written = try upload.fileForUpload()
        defer { if written.isTemporary { try? FileManager.default.removeItem(at: written.url) } }
        #expect(written.isTemporary)
        #expect(Int64(try Data(contentsOf: written.url).count) == upload.contentLength)
    }

    @Test func progressIsThrottledButTheLatestAlwaysArrives() async throws {
        let delivered = Locked<[Int64]>([])
        let reporter = ProgressReporter(interval: .milliseconds(50)) { progress in delivered.withLock { $0.append(progress.completed) } }
        for completed in stride(from: Int64(0), through: 1_005_000, by: 1000) {
            reporter.report(TransferProgress(direction: .download, completed: completed, expected: 2_000_000))
        }
        // 1,000 reports in a burst: one per 1% (20,000 bytes) gets through at once.
        #expect(delivered.current.count <= 52)
        #expect(delivered.current.first == 0)
        // The last one, held back, arrives within the interval.
        for _ in 0..<200 where delivered.current.last != 1_005_000 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(delivered.current.last == 1_005_000)
    }

    /// Held reports are flushed from a timer while the transport reports newer ones: whichever way
    /// the two threads interleave, the observer sees the figures rise, never fall back.
    @Test func progressReachesTheObserverInOrder() async throws {
        let delivered = Locked<[Int64]>([])
        let reporter = ProgressReporter(interval: .milliseconds(1)) { progress in delivered.withLock { $0.append(progress.completed) } }
        for completed in Int64(1)...3_000 {
            reporter.report(TransferProgress(direction: .upload, completed: completed, expected: 1_000_000))
            if completed % 50 == 0 { try await Task.sleep(for: .microseconds(900)) }
        }
        for _ in 0..<200 where delivered.current.last != 3_000 { try await Task.sleep(for: .milliseconds(10)) }
        let figures = delivered.current
        #expect(figures.last == 3_000)
        #expect(zip(figures, figures.dropFirst()).allSatisfy { $0 < $1 }, "\(figures)")
    }

    @Test func downloadsAreNeitherCoalescedNorCached() async throws {
        let stub = StubTransport()
        stub.enqueue(status: 200, json: "one")
        stub.enqueue(status: 200, json: "two")
        var request = ApiRequest(service: service, apiName: "Down", method: .get, path: "/f", options: RequestOptions(timeout: .seconds(120), cache: .init(ttl: 60)))
        request.download = DownloadRequest()
        #expect(RequestCoalescer.key(for: try request.resolve()) == nil)
        let executor = Executor(transport: stub, plugins: [CachePlugin()])
        let first = try await executor.executeWithMetadata(Download(request: request))
        let second = try await executor.executeWithMetadata(Download(request: request))
        defer { [first.value, second.value].forEach { try? FileManager.default.removeItem(at: $0) } }
        #expect(second.metadata.source == "network", "a download's file belongs to its caller: a cache must not hand it out again")
        #expect(try Data(contentsOf: first.value) == Data("one".utf8))
        #expect(try Data(contentsOf: second.value) == Data("two".utf8))
    }
}
