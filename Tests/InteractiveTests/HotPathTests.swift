import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Interactive
import RuntimeTestSupport
import Testing

/// The request- and response-handling shortcuts the executor's hot path takes agree with what they
/// replaced: Foundation's character sets and a decoder built per call.
@Suite("Hot-path encoding and decoding")
struct HotPathEncodingTests {
    @Test("a header name is accepted exactly when every byte is an RFC 9110 token character")
    func tokenBytes() {
        let token = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(HeaderCheck.isTokenByte(byte) == token.contains(byte), "byte \(byte)")
        }
        #expect(throws: InteractiveError.self) { try HeaderCheck.validate(name: "X-Naïve", value: "1") }
        #expect(throws: InteractiveError.self) { try HeaderCheck.validate(name: "X-Trace", value: "a\u{2028}b\nc") }
        #expect(throws: Never.self) { try HeaderCheck.validate(name: "X-Trace", value: "naïve \u{2028} text") }
    }

    @Test("percent-encoding gives Foundation's output for every ASCII character and for multi-byte text")
    func percentEncoding() {
        var samples = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        samples += ["", "abc", "a b", "bench42", "ü", "日本語", "😀/x", "/?#[]@!$&'()*+,;=%", "~-._", "\r\n\0", "a%2Fb"]
        for sample in samples {
            #expect(PercentEncoding.encodeUnreserved(sample) == sample.addingPercentEncoding(withAllowedCharacters: PathTemplate.segmentAllowed),
                    "\(sample.unicodeScalars.map { $0.value })")
        }
    }

    @Test("one decoder is shared per envelope, and each carries its own envelope")
    func sharedDecoders() throws {
        let first = Envelope(codeKey: "code", successCodes: ["0"], resultKey: "result")
        let second = Envelope(codeKey: "status", successCodes: ["ok"], resultKey: "data")
        #expect(SharedDecoders.decoder(for: first) === SharedDecoders.decoder(for: first))
        #expect(SharedDecoders.decoder(for: first) !== SharedDecoders.decoder(for: second))
        #expect(SharedDecoders.decoder(for: second).userInfo[EnvelopeFields.envelopeKey] as? Envelope == second)
        let body = Data(#"{"status":"ok","data":7}"#.utf8)
        #expect(try JSONParser<Int>(envelope: second).parse(HTTPResponse(status: 200, body: body)) == 7)
        #expect(try JSONParser<Int>(envelope: first).parse(HTTPResponse(status: 200, body: Data(#"{"code":0,"result":8}"#.utf8))) == 8)
    }

    @Test("header names are capitalized as Foundation capitalizes them")
    func headerNameCase() {
        let names = ["Accept", "accept", "ACCEPT", "content-type", "Content-Type", "X-Client", "x-api-KEY", "ETag", "WWW-Authenticate",
                     "-x", "x--y", "a", "X", "x-b3-traceid", "X_Under_score", "x.dotted", "x'quote", "Sec-CH-UA", "dnt"]
        for name in names {
            #expect(HeaderNameCase.capitalized(name) == name.capitalized, "\(name)")
        }
    }

    @Test("header names match as their lower-cased forms match")
    func headerNameMatching() {
        let names = ["Accept", "accept", "ACCEPT", "Accept-", "Acceptx", "X-Naïve", "x-naÏve", "X-NAÏVE", "é", "e\u{301}", "É", "İ", "i\u{307}",
                     "", "a", "b", "[", "{", "@", "`", "ß", "SS", "x\u{301}", "x"]
        for a in names {
            for b in names {
                #expect(HTTPHeaders.namesMatch(a, b) == (a.lowercased() == b.lowercased()), "\(a) \(b)")
            }
        }
        var headers: HTTPHeaders = ["Content-Type": "a", "X-One": "1"]
        headers.add("2", for: "content-type")
        headers.set("b", for: "CONTENT-TYPE")
        #expect(headers.fields.map(\.name) == ["Content-Type", "X-One"])
        #expect(headers["content-TYPE"] == "b")
        headers.remove("x-one")
        #expect(headers.fields.count == 1)
        var cookies: HTTPHeaders = ["Set-Cookie": "a=1", "Content-Type": "text/plain"]
        cookies.add("b=2", for: "set-cookie")
        cookies.add("c=3", for: "SET-COOKIE")
        #expect(cookies.values(for: "Set-Cookie") == ["a=1", "b=2", "c=3"])
        #expect(cookies.values(for: "set-cookie2").isEmpty)
    }

    @Test("URLRequest headers are stored as addValue stores them: capitalized names, repeated ones comma-joined in order")
    func urlRequestHeaders() throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/x"))
        var headers = HTTPHeaders()
        headers.add("application/json", for: "accept")
        headers.add("1", for: "X-Trace")
        headers.add("2", for: "x-trace")
        headers.add("a b", for: "X-Note")
        let request = HTTPRequest(apiName: "T", method: .get, url: url, headers: headers)
        var expected = URLRequest(url: url)
        for field in headers { expected.addValue(field.value, forHTTPHeaderField: field.name) }
        let made = URLSessionTransport.makeURLRequest(request)
        #expect(made.allHTTPHeaderFields == expected.allHTTPHeaderFields)
        #expect(made.httpMethod == "GET")
        #expect(made.value(forHTTPHeaderField: "x-trace") == "1,2")
    }

    @Test("a base URL must start with http:// or https://, in any case")
    func webScheme() {
        for base in ["http://a", "HTTPS://a", "HtTp://a", "https://"] { #expect(URLBuilder.hasWebScheme(base), "\(base)") }
        for base in ["ftp://a", "http:/a", "https:", "", "http\u{1A}//a", "httpx://a", " http://a"] { #expect(!URLBuilder.hasWebScheme(base), "\(base)") }
    }

    @Test("parameters flattened when added agree with flattening the value later")
    func flattenedParameters() throws {
        func check<T: Encodable & Sendable>(_ value: T) throws {
            let (isNone, flattened) = ParameterValue.flatten(value)
            #expect(isNone == OptionalCheck.isNil(value), "\(value)")
            if let flattened { #expect(flattened == (try ParameterValue.make(value)), "\(value)") }
        }
        try check("text")
        try check(42)
        try check(Int64(-7))
        try check(true)
        try check(2.5)
        try check([1, 2])
        try check(String?.none)
        try check(String?.some("x"))
        try check(Int??.some(nil))
        var request = ApiRequest(service: ServiceConfiguration(name: "T", environments: [.init(name: "e", baseURLString: "http://127.0.0.1:9")]),
                                 apiName: "T", method: .get, path: "/items/{id}")
        request.add(Int64(5), as: "id", in: .path)
        request.add(String?.none, as: "gone", in: .query)
        request.add(String?.some("a b"), as: "q", in: .query)
        request.add(Int??.some(nil), as: "nested", in: .query)
        request.add(String?.some("s"), as: "token", in: .header, secret: true)
        request.add(String?.none, as: "absent", in: .header, secret: true)
        #expect(request.options.secretKeys == ["token"])
        let resolved = try request.resolve()
        #expect(resolved.url.absoluteString == "http://127.0.0.1:9/items/5?q=a%20b")
        #expect(resolved.headers["token"] == "s")
    }
}

/// A ``CallbackTransport`` that answers with `answer` at once, or never when it is `nil`, and
/// remembers what it was sent and whether it was cancelled.
final class CallbackStub: Transport, CallbackTransport {
    let answer: Result<HTTPResponse, InteractiveError>?
    let started = Locked<[HTTPRequest]>([])
    let cancelled = Locked(0)
    private let pending = Locked<(@Sendable (Result<HTTPResponse, InteractiveError>) -> Void)?>(nil)

    init(answer: Result<HTTPResponse, InteractiveError>?) { self.answer = answer }

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        Issue.record("the executor without plugins should use start(_:completion:)")
        throw .cancelled
    }

    func start(_ request: HTTPRequest, completion: @escaping @Sendable (Result<HTTPResponse, InteractiveError>) -> Void) -> @Sendable () -> Void {
        started.withLock { $0.append(request) }
        if let answer {
            completion(answer)
            return {}
        }
        pending.withLock { $0 = completion }
        return {
            self.cancelled.withLock { $0 += 1 }
            self.pending.withLock { $0 }?(.failure(.cancelled))
        }
    }
}

/// The executor's path without a task per request (no plugins, a ``CallbackTransport``) keeps the
/// deadline, cancellation and metadata of the general one.
@Suite("Executor without a task per request", .timeLimit(.minutes(5)))
struct CallbackPathTests {
    let service = makeService()

    @Test("a callback transport's answer is parsed, with one attempt counted and the time left handed over")
    func answers() async throws {
        let stub = CallbackStub(answer: .success(.json(itemJSON)))
        let response = try await Executor(transport: stub).executeWithMetadata(ItemApi(service: service, timeout: .seconds(30)))
        #expect(response.value.title == "pen")
        #expect(response.metadata.attempts == 1)
        #expect(response.metadata.source == ResponseMetadata.networkSource)
        let sent = try #require(stub.started.current.first)
        #expect(sent.timeout <= .seconds(30) && sent.timeout > .zero)
    }

    @Test("the deadline fires against a callback transport that never answers, and cancels its exchange")
    func deadline() async {
        let stub = CallbackStub(answer: nil)
        let api = ItemApi(service: service, timeout: .milliseconds(300))
        let (result, elapsed) = await onDedicatedExecutor {
            await timed { () async throws(InteractiveError) in try await Executor(transport: stub).execute(api) }
        }
        #expect(result.failureValue == .timeout(after: .milliseconds(300)))
        #expect(elapsed >= .milliseconds(300))
        // The caller is resumed first, the losing exchange cancelled right after.
        #expect(await eventually { stub.cancelled.current == 1 })
    }

    @Test("cancelling the caller fails with cancelled and cancels the callback transport's exchange")
    func cancellation() async {
        let stub = CallbackStub(answer: nil)
        let executor = Executor(transport: stub)
        let api = ItemApi(service: service)
        let task = Task { await timed { () async throws(InteractiveError) in try await executor.execute(api) }.0 }
        #expect(await eventually { stub.started.current.count == 1 })
        task.cancel()
        #expect(await task.value.failureValue == .cancelled)
        #expect(await eventually { stub.cancelled.current == 1 })
    }

    @Test("with a plugin, the exchange goes through the plugin chain and the transport's send")
    func pluginsUseSend() async throws {
        struct Tag: Plugin {}
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let item = try await Executor(transport: stub, plugins: [Tag()]).execute(ItemApi(service: service))
        #expect(item.title == "pen")
    }
}

/// A transport that enforces its timeout itself: it answers with `answer`, noting the task it was
/// called in and what it was sent.
final class TimeoutEnforcingStub: Transport {
    let answer: Result<HTTPResponse, InteractiveError>
    let sent = Locked<[HTTPRequest]>([])
    let calledInCallerTask = Locked<[Bool]>([])
    /// The caller's task, by its hash (an `UnsafeCurrentTask` is not `Sendable`).
    private let callerTask: Locked<Int?> = Locked(nil)

    init(answer: Result<HTTPResponse, InteractiveError>) { self.answer = answer }

    var enforcesTimeout: Bool { true }

    /// Remembers the current task as the caller's.
    func noteCaller() { callerTask.withLock { $0 = withUnsafeCurrentTask { $0?.hashValue } } }

    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse {
        sent.withLock { $0.append(request) }
        let current = withUnsafeCurrentTask { $0?.hashValue }
        calledInCallerTask.withLock { $0.append(current != nil && current == callerTask.current) }
        return try answer.get()
    }
}

/// The executor's path for a transport that enforces the timeout itself (no plugins): the transport
/// runs in the caller's task, with the time left, and its timeout is reported with the API's.
@Suite("Executor over a transport that enforces its timeout", .timeLimit(.minutes(5)))
struct TimeoutEnforcingPathTests {
    let service = makeService()

    @Test("the transport is called in the caller's task, once, with the time left")
    func inline() async throws {
        let stub = TimeoutEnforcingStub(answer: .success(.json(itemJSON)))
        stub.noteCaller()
        let response = try await Executor(transport: stub).executeWithMetadata(ItemApi(service: service, timeout: .seconds(30)))
        #expect(response.value.title == "pen")
        #expect(response.metadata.attempts == 1)
        #expect(stub.calledInCallerTask.current == [true])
        let sent = try #require(stub.sent.current.first)
        #expect(sent.timeout <= .seconds(30) && sent.timeout > .zero)
    }

    @Test("a transport's timeout is reported with the API's timeout on both paths without a race task", arguments: [true, false])
    func transportTimeout(enforcesTimeout: Bool) async {
        let answer = Result<HTTPResponse, InteractiveError>.failure(.timeout(after: .seconds(1)))
        let transport: any Transport = enforcesTimeout ? TimeoutEnforcingStub(answer: answer) : CallbackStub(answer: answer)
        let error = await failure { () async throws(InteractiveError) in try await Executor(transport: transport).execute(ItemApi(service: service, timeout: .seconds(4))) }
        #expect(error == .timeout(after: .seconds(4)))
    }

    @Test("a task cancelled before it starts is not sent")
    func cancelledBeforeSending() async {
        let stub = TimeoutEnforcingStub(answer: .success(.json(itemJSON)))
        let executor = Executor(transport: stub)
        let api = ItemApi(service: service)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await outcome { () async throws(InteractiveError) in try await executor.execute(api) }
        }
        #expect(await task.value.failureValue == .cancelled)
        #expect(stub.sent.current.isEmpty)
    }

    @Test("with a plugin, the executor races the transport in a task of its own")
    func pluginsRace() async throws {
        struct Tag: Plugin {}
        let stub = TimeoutEnforcingStub(answer: .success(.json(itemJSON)))
        stub.noteCaller()
        _ = try await Executor(transport: stub, plugins: [Tag()]).execute(ItemApi(service: service))
        #expect(stub.calledInCallerTask.current == [false])
    }
}
