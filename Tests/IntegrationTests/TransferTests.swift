import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Files and streams against a real httpbin: multipart and raw bodies from memory and from
    /// files, downloads to files with resume, and progress.
    @Suite("Files and streams")
    struct Transfers {
        let executor = Executor()

        /// A file of `count` bytes of a repeating pattern in a fresh folder (the caller removes the folder).
        static func makeFile(_ count: Int, name: String = "upload.bin") throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transfer-tests-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent(name)
            try Data((0..<count).map { UInt8(truncatingIfNeeded: $0 % 251) }).write(to: url)
            return url
        }

        @Test("multipart: a text field, a JSON part, a file from disk and files from memory arrive as parts", arguments: TransportKind.allCases)
        func multipart(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let file = try Self.makeFile(0, name: "notes.txt")
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            try Data("line one\nline two\n".utf8).write(to: file)
            let item = Item(id: 7, title: "Lamp", price: 12.5, tags: ["a"])
            let echo = try await executor.execute(UploadDocumentApi(
                title: "Quarterly \"report\"",
                item: item,
                document: UploadFile(url: file, contentType: "text/plain"),
                attachments: [UploadFile(data: Data("second".utf8), fileName: "b.txt", contentType: "text/plain")],
                traceId: "t-1"
            ))
            #expect(echo.form?["title"] == .string("Quarterly \"report\""))
            let itemText = try #require(echo.form?["item"].flatMap { if case .string(let text) = $0 { text } else { nil } })
            #expect(try JSONDecoder().decode(Item.self, from: Data(itemText.utf8)) == item)
            #expect(echo.files?["document"] == .string("line one\nline two\n"))
            #expect(echo.files?["attachments"] == .string("second"))
            #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true)
            #expect(echo.headers["X-Trace-Id"] == "t-1")
        }

        @Test("multipart: a file larger than one chunk arrives intact, with Content-Length, and reports upload progress", arguments: TransportKind.allCases)
        func multipartLargeFile(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let count = 300_000
            let file = try Self.makeFile(count)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let reports = Locked<[TransferProgress]>([])
            let echo = try await executor.execute(UploadDocumentApi(title: "big", document: UploadFile(url: file))) { progress in
                reports.withLock { $0.append(progress) }
            }
            let sent = try #require(echo.files?["document"].flatMap { if case .string(let text) = $0 { text } else { nil } })
            // httpbin echoes a binary file as a data URL of its base64.
            let base64 = try #require(sent.split(separator: ",", maxSplits: 1).last)
            #expect(Data(base64Encoded: String(base64)) == (try Data(contentsOf: file)))
            let length = try #require(Int(echo.headers["Content-Length"] ?? ""))
            #expect(length > count)
            let uploads = reports.current.filter { $0.direction == .upload }
            #expect(uploads.last?.completed == Int64(length))
            #expect(uploads.last?.expected == Int64(length))
            #expect(zip(uploads, uploads.dropFirst()).allSatisfy { $0.completed < $1.completed })
        }

        @Test("raw bodies: text with its content type, bytes from memory and from a file", arguments: TransportKind.allCases)
        func rawBodies(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let text = try await executor.execute(UploadTextApi(body: "# Title\nünïcode"))
            #expect(text.data == "# Title\nünïcode")
            #expect(text.headers["Content-Type"] == "text/markdown; charset=utf-8")

            let memory = try await executor.execute(UploadBinaryApi(name: "a", body: .data(Data("abc".utf8))))
            #expect(memory.data == "abc")
            #expect(memory.headers["Content-Type"] == "application/octet-stream")

            let file = try Self.makeFile(0)
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            try Data("from a file".utf8).write(to: file)
            let fromFile = try await executor.execute(UploadBinaryApi(name: "b", body: .file(file)))
            #expect(fromFile.data == "from a file")
            #expect(fromFile.headers["Content-Length"] == "11")
            #expect(FileManager.default.fileExists(atPath: file.path), "the caller's file is left where it was")
        }

        @Test("a raw body from a missing file fails before anything is sent", arguments: TransportKind.allCases)
        func missingFile(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)")
            await #expect(throws: InteractiveError.self) {
                _ = try await executor.execute(UploadBinaryApi(name: "c", body: .file(missing)))
            }
        }

        @Test("a download is written to a file the caller owns, with download progress", arguments: TransportKind.allCases)
        func download(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let reports = Locked<[TransferProgress]>([])
            let file = try await executor.execute(DownloadRangeApi(count: 100_000)) { progress in
                reports.withLock { $0.append(progress) }
            }
            defer { try? FileManager.default.removeItem(at: file) }
            let data = try Data(contentsOf: file)
            #expect(data.count == 100_000)
            // httpbin's /range/N body is "abcd…z" repeated.
            #expect(data.prefix(3) == Data("abc".utf8))
            #expect(data[26] == UInt8(ascii: "a"))
            let downloads = reports.current.filter { $0.direction == .download }
            #expect(downloads.last?.completed == 100_000)
            #expect(downloads.last?.expected == 100_000)
            #expect(downloads.count < 200, "throttled: at most about one report per 1%")
            let again = try await executor.execute(DownloadBytesApi(count: 1000))
            defer { try? FileManager.default.removeItem(at: again) }
            #expect(again != file)
            #expect(try Data(contentsOf: again).count == 1000)
        }

        @Test("a kept partial file is resumed with Range and If-Range: a 206 appends to it", arguments: TransportKind.allCases)
        func resume(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            // A size of each transport's own: the two cases run at once, and a download whose
            // partial file another one is using does not resume.
            let api = DownloadRangeApi(count: transport == .urlSession ? 5000 : 5001)
            let request = try api.request.resolve()
            let first = try await executor.executeWithMetadata(api)
            let full = try Data(contentsOf: first.value)
            try FileManager.default.removeItem(at: first.value)
            let etag = try #require(first.metadata.headers["ETag"])
            // An earlier attempt stopped after 1000 bytes. They are marked (upper case) so the test
            // sees that they were kept and the rest appended, not the whole body fetched again.
            let kept = Data(full.prefix(1000).map { $0 & 0xDF })
            try Self.keepPartial(kept, validator: etag, for: request)
            let resumed = try await executor.executeWithMetadata(api)
            defer { try? FileManager.default.removeItem(at: resumed.value) }
            #expect(resumed.metadata.status == 206)
            #expect(try Data(contentsOf: resumed.value) == kept + full.dropFirst(1000))
        }

        @Test("a download in mock mode is the spec's mock bytes in a file")
        func mockDownload() async throws {
            let file = try await Executor(mockMode: .all).execute(DownloadBytesApi(count: 5))
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try Data(contentsOf: file) == Data("hello".utf8))
        }

        @Test("an AsyncStream of progress beside the result; the completion-handler form reports on its queue", arguments: TransportKind.allCases)
        func progressForms(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let transfer = executor.transfer(DownloadRangeApi(count: 90_000))
            var last: TransferProgress?
            for await progress in transfer.progress { last = progress }
            let file = try await transfer.value
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(last?.completed == 90_000)

            let queue = DispatchQueue(label: "progress-test")
            let reports = Locked<[TransferProgress]>([])
            let result: Result<URL, InteractiveError> = await withCheckedContinuation { continuation in
                executor.execute(DownloadRangeApi(count: 50_000), queue: queue, progress: { progress in
                    dispatchPrecondition(condition: .onQueue(queue))
                    reports.withLock { $0.append(progress) }
                }, completion: { continuation.resume(returning: $0) })
            }
            let second = try result.get()
            defer { try? FileManager.default.removeItem(at: second) }
            #expect(reports.current.last?.completed == 50_000, "every report arrives before the completion")
        }

        @Test("the main-actor handler form reports progress on the main actor, in order, all before the completion")
        @MainActor
        func mainActorProgress() async throws {
            try await useLocalHTTPBin()
            var reports: [Int64] = []
            var reportsAtCompletion: [Int64] = []
            let file: URL = try await withCheckedThrowingContinuation { continuation in
                executor.execute(DownloadRangeApi(count: 60_000), progress: { progress in
                    MainActor.assertIsolated()
                    reports.append(progress.completed)
                }, completion: { result in
                    reportsAtCompletion = reports
                    continuation.resume(with: result)
                })
            }
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(reportsAtCompletion.last == 60_000, "the last report arrived before the completion")
            #expect(reports == reportsAtCompletion, "and none after it")
            #expect(reports == reports.sorted())
        }

        /// Puts a partial file and its validator where a failed download of `request` leaves them.
        static func keepPartial(_ data: Data, validator: String, for request: HTTPRequest) throws {
            let download = DownloadRequest()
            let name = FNV1a.hex(FNV1a.hash("\(request.method.rawValue) \(request.url.absoluteString)"))
            let folder = download.directory.appendingPathComponent(".partial", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: folder.appendingPathComponent(name + ".part"))
            try Data(validator.utf8).write(to: folder.appendingPathComponent(name + ".validator"))
        }
    }
}
