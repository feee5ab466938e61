import Crypto
import Foundation
import Interactive
import InteractiveSigning
import RuntimeTestSupport
import Testing

/// The plugins around uploads streamed from files: retry re-sends them, freezing keeps their body,
/// signing reads them for their digest.
@Suite(.timeLimit(.minutes(5)))
struct TransferPluginTests {
    let scratch = Scratch()

    /// A multipart upload of `file` with a text field, to the fault server; `query` chooses a fault.
    struct UploadApi: Api {
        let server: FaultServer
        let file: URL
        var query: [(String, String)] = []
        var options = RequestOptions()
        var path = "/uploads"

        var request: ApiRequest {
            var request = ApiRequest(service: RawApi.service(server), apiName: "Upload", method: .post, path: path, bodyEncoding: .multipart, options: options)
            for (key, value) in query { request.add(value, as: key, in: .query) }
            request.add("report", as: "title", in: .body)
            request.add(UploadFile(url: file, contentType: "application/pdf"), as: "file", in: .body)
            return request
        }

        var parser: RawParser { RawParser() }
    }

    struct Echo: Decodable {
        var bodyLength: Int
        var bodySHA256: String
    }

    func makeFile(_ count: Int) throws -> URL {
        let url = scratch.directory("files").appendingPathComponent("\(UUID().uuidString).pdf")
        try Data((0..<count).map { UInt8($0 % 253) }).write(to: url)
        return url
    }

    static func hex(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    @Test func retryReSendsAnUploadFromAFile() async throws {
        let server = try await FaultServer.start()
        let file = try makeFile(150_000)
        let api = UploadApi(server: server, file: file, query: [("fault", "status:503"), ("times", "1")],
                            options: RequestOptions(retry: .init(max: 2, backoff: 0.01), idempotent: true))
        let executor = Executor(transport: URLSessionTransport(), plugins: [RetryPlugin()])
        let response = try await executor.execute(api)
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.bodyLength > 150_000)
        #expect(try await server.counts().received["/uploads"] == 2)
    }

    @Test func aFrozenUploadKeepsItsBodyAfterTheCallersFileIsGone() async throws {
        let server = try await FaultServer.start()
        let file = try makeFile(200_000)
        let journalFile = scratch.directory("journal").appendingPathComponent("offline.journal")
        let freezer = FreezePlugin(journal: try OfflineJournal(url: journalFile))
        let executor = Executor(transport: URLSessionTransport(), plugins: [freezer])
        let api = UploadApi(server: server, file: file, query: [("fault", "drop-before"), ("times", "1"), ("close", "1")],
                            options: RequestOptions(freezable: true))
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(api) }
        guard case .failure(.frozen) = result else {
            Issue.record("expected frozen, got \(result)")
            return
        }
        try FileManager.default.removeItem(at: file)
        let frozen = try #require(OfflineJournal(url: journalFile).pending.first)
        let copy = try #require(frozen.uploadFile)
        let kept = try Data(contentsOf: URL(fileURLWithPath: copy))
        #expect(kept.count > 200_000)

        let replies = Locked<[HTTPResponse]>([])
        let report = await freezer.resume { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in
            let response = try await URLSessionTransport().send(request)
            replies.withLock { $0.append(response) }
            return response
        }
        #expect(report.delivered == [frozen.id])
        let echo = try JSONDecoder().decode(Echo.self, from: try #require(replies.current.first).body)
        #expect(echo.bodyLength == kept.count)
        #expect(echo.bodySHA256 == Self.hex(kept), "the replay sent the multipart body as first sent")
        #expect(!FileManager.default.fileExists(atPath: copy), "the copy is deleted once the server has it")
    }

    @Test func theSignerSignsAnUploadFromAFileByItsBytes() async throws {
        let server = try await FaultServer.start()
        let file = try makeFile(150_000)
        let key = SymmetricKey(data: Data("fault-secret".utf8))
        let executor = Executor(transport: URLSessionTransport(), plugins: [RequestSigner(key: key)])
        // `/signed` hashes the body it received and checks the signature (401 when it does not match).
        var api = UploadApi(server: server, file: file, options: RequestOptions(encrypt: true))
        api.path = "/signed"
        let response = try await executor.execute(api)
        #expect(response.status == 200)
    }
}
