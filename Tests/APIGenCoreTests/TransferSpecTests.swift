import Foundation
import Testing
@testable import APIGenCore

/// Files and streams in the spec: `body: multipart`, the `File` type, raw bodies and file responses,
/// what they generate and their located errors.
@Suite struct TransferSpecTests {
    static let head = "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\n"

    static func api(_ name: String, _ yaml: String) throws -> String {
        let files = try SpecHarness.generate(["spec.yaml": head + yaml])
        return try #require(files.values.first { $0.contains("public struct \(name)Api") })
    }

    @Test func multipartBodyTakesFilesTextAndModels() throws {
        let api = try Self.api("Upload", """
        models:
          Meta:
            fields: { tag: String }
        apis:
          Upload:
            method: POST
            path: /upload
            body: multipart
            params:
              title: String
              meta: Meta?
              file: File
              more: "[File]?"
        """)
        #expect(api.contains("bodyEncoding: .multipart"))
        #expect(api.contains("public var file: UploadFile"))
        #expect(api.contains("public var more: [UploadFile]?"))
        #expect(api.contains(#"request.add(file, as: "file", in: .body)"#))
    }

    @Test func rawBodiesAndFileResponses() throws {
        let text = try Self.api("Note", """
        apis:
          Note:
            method: POST
            path: /notes
            body: { format: text, contentType: text/markdown }
        """)
        #expect(text.contains("public var body: String"))
        #expect(text.contains(#"request.setBody(text: body, contentType: "text/markdown")"#))
        let binary = try Self.api("Blob", """
        apis:
          Blob:
            method: PUT
            path: /blob
            body: { format: binary }
            response: { format: file }
        """)
        #expect(binary.contains("public var body: BodySource"))
        #expect(binary.contains(#"request.setBody(body, contentType: "application/octet-stream")"#))
        #expect(binary.contains("request.download = DownloadRequest()"))
        #expect(binary.contains("-> URL {"))
        #expect(binary.contains("try FileParser().parse(response)"))
        #expect(binary.contains("public import Foundation"))
    }

    /// A map of files or a list of lists compiled, and every call threw at run time.
    @Test func multipartFilesArePartsOrListsOfParts() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        apis:
          A:
            method: POST
            path: /a
            body: multipart
            params:
              a: "[String: File]"
              b: "[[File]]"
              c: "[File?]"
              d: "[File]?"
              e: File?
        """)
        #expect(diagnostics == [
            "spec.yaml:10:10: error: param 'a' of api 'A' has type [String: File]; a multipart body sends File, File? or a list of them as its parts",
            "spec.yaml:11:10: error: param 'b' of api 'A' has type [[File]]; a multipart body sends File, File? or a list of them as its parts",
        ], "\(diagnostics)")
    }

    @Test func misplacedFilesAndBadBodiesAreLocatedErrors() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        models:
          Doc:
            fields:
              file: File
        apis:
          Up:
            path: /up
            body: multipart
            params:
              f: File
          Raw:
            method: POST
            path: /raw
            body: { format: binary, contentType: "a\\u0007" }
            params:
              extra: { type: String, in: body }
          Raw2:
            method: POST
            path: /raw2
            body: { format: texte }
          Q:
            method: POST
            path: /q
            params:
              f: { type: File, in: query }
          DL:
            path: /dl
            response: { format: file, headers: { ETag: String } }
          J:
            method: POST
            path: /j
            body: { type: File }
            response: File
        """)
        #expect(diagnostics == [
            "spec.yaml:7:13: error: field 'file' of model 'Doc' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:9:3: error: api 'Up' uses GET, which carries no body; body: multipart needs POST, PUT or PATCH",
            "spec.yaml:13:10: error: query param 'f' of api 'Up' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:17:42: error: body contentType of api 'Raw' must not contain line breaks or other control characters",
            "spec.yaml:19:7: error: param 'extra' of api 'Raw' cannot go in the body: the whole body is the raw binary value",
            "spec.yaml:23:21: error: invalid body format 'texte' in api 'Raw2'; expected text or binary; did you mean 'text'?",
            "spec.yaml:28:18: error: param 'f' of api 'Q' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:29:3: error: the response of api 'DL' is a file; it cannot read response headers too",
            "spec.yaml:35:19: error: the body of api 'J' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:36:15: error: the response of api 'J' has type File, which can only be a param of an api with body: multipart",
        ])
    }

    /// `File` is an upload, so it cannot be one of several types, an extra key's value or the body of a
    /// status either (those compiled to code that did not build).
    @Test func aFileIsRefusedInSumsExtraKeysAndStatusBodies() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        models:
          Doc:
            additionalFields: File
            fields:
              id: Int
          Either:
            oneOf: [String, File]
        apis:
          Get:
            path: /get
            responses:
              404: File
        """)
        #expect(diagnostics == [
            "spec.yaml:6:23: error: additionalFields of model 'Doc' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:10:21: error: member 'File' of model 'Either' has type File, which can only be a param of an api with body: multipart",
            "spec.yaml:15:12: error: response 404 of api 'Get' has type File, which can only be a param of an api with body: multipart",
        ])
    }

    @Test func streamsGenerateAnEventStreamParser() throws {
        let api = try Self.api("Feed", """
        models:
          Tick:
            fields: { n: Int }
        apis:
          Feed:
            path: /feed
            response: { stream: sse, type: Tick, idleTimeout: 30 }
            mock: [{ n: 1 }]
        """)
        #expect(api.contains("request.streamsResponse = true"))
        #expect(api.contains("try EventStreamParser<Tick>(format: .serverSentEvents, idleTimeout: .seconds(30)).parse(response)"))
        #expect(api.contains("public var mock: EventStream<Tick>? {"))
        #expect(api.contains("StreamFormat.serverSentEvents.acceptedMediaTypes"))
        let bytes = try Self.api("Raw", """
        apis:
          Raw:
            path: /raw
            response: { stream: bytes }
        """)
        #expect(bytes.contains("EventStreamParser<Data>(format: .bytes).parse(response)"))
    }

    @Test func badStreamsAreLocatedErrors() throws {
        let diagnostics = try SpecHarness.diagnose(Self.head + """
        models:
          Tick:
            fields: { n: Int }
        apis:
          A:
            path: /a
            response: { stream: websocket }
          B:
            path: /b
            response: { stream: sse }
          C:
            path: /c
            response: { stream: bytes, type: Tick }
          D:
            path: /d
            response: { stream: jsonLines, type: Tick, idleTimeout: 0 }
          E:
            path: /e
            response: { stream: sse, type: Tick }
            mock: [{ n: one }]
          F:
            path: /f
            response: { idleTimeout: 3, type: Tick }
        """)
        #expect(diagnostics == [
            "spec.yaml:10:25: error: invalid response stream 'websocket' in api 'A'; expected sse, jsonLines or bytes",
            "spec.yaml:13:25: error: the sse stream of api 'B' needs the type of its events",
            "spec.yaml:16:38: error: a bytes stream of api 'C' yields Data chunks; remove its type",
            "spec.yaml:19:61: error: idleTimeout of api 'D' must be greater than 0, found 0",
            "spec.yaml:23:17: error: mock of api 'E' at '[0].n' must be an Int, found a string",
            "spec.yaml:26:15: error: idleTimeout of the response of api 'F' needs stream: sse, jsonLines or bytes",
        ])
    }

    static let usage = """
    import Foundation
    import Interactive

    @MainActor final class UploadScreen {
        var fraction = 0.0
        var handler: Handler?

        func upload(_ url: URL, executor: Executor) {
            let api = UploadDocumentApi(title: "t", document: UploadFile(url: url, contentType: "image/png"))
            handler = executor.execute(api, progress: { progress in
                self.fraction = progress.fraction ?? 0
            }, completion: { result in
                if case .success(let echo) = result { self.fraction = echo.files == nil ? 0 : 1 }
            })
        }
    }

    nonisolated func downloadFromAnyIsolation(executor: Executor) async throws(InteractiveError) -> URL {
        _ = try UploadTextApi(body: "x").request.resolve()
        _ = try UploadBinaryApi(name: "n", body: .data(Data())).request.resolve()
        let transfer = executor.transfer(DownloadRangeApi(count: 10))
        for await _ in transfer.progress {}
        return try await transfer.value
    }

    @MainActor final class TickerScreen {
        var last = 0
        var task: Task<Void, Never>?

        func start(executor: Executor) {
            task = Task {
                do {
                    for try await tick in try await executor.execute(TicksApi(count: 3)) { last = tick.n }
                } catch {
                    last = -1
                }
            }
        }
    }

    """

    @Test(arguments: [false, true])
    func transferUsageCompilesWithoutWarnings(mainActorByDefault: Bool) async throws {
        let folder = try TemporaryFolder()
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let result = try await SwiftCompiler.typecheck(WireCompileTests.files(plus: usage), moduleName: "HTTPBinApp", mainActorByDefault: mainActorByDefault)
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
