import APIGenCore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Answers every request: the API's route, its scenario, proxy or validation, then its mock.
struct ServeResponder: HTTPResponder {
    typealias Context = ServeContext

    /// The header and query item that pick a scenario for one request.
    static let scenarioHeaderName = HTTPField.Name("X-Apigen-Scenario")
    static let scenarioQueryItem = "apigen-scenario"
    /// `POST` here forgets how often each scenario was used (`times`), so that a test run starts afresh.
    static let resetPath = "/_apigen/reset"

    let state: ServeState

    func respond(to request: Request, context: ServeContext) async throws -> Response {
        let start = ContinuousClock.now
        var line = RequestLogLine(method: request.method.rawValue, path: request.uri.path, query: request.uri.query, api: nil, scenario: nil, via: nil, status: 0, milliseconds: 0)
        defer {
            let elapsed = ContinuousClock.now - start
            line.milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
            state.logger.write(line)
        }
        if request.method == .post, request.uri.path == Self.resetPath {
            state.counter.reset()
            line.status = 204
            return response(to: request, MockAnswer(status: 204, contentType: nil, headers: [], body: []))
        }
        let matches = state.routes.matches(method: request.method.rawValue, path: request.uri.path)
        guard !matches.isEmpty else {
            let answer = try await unmatchedAnswer(request, context: context, via: &line.via)
            line.status = answer.status
            return response(to: request, answer)
        }
        let query = request.uri.query.map { PercentDecoding.pairs(Substring($0)) } ?? []
        guard let bytes = try await body(of: request, context: context) else {
            line.status = 413
            return response(to: request, failure(matches[0].api, status: 413, message: tooLarge(context)))
        }
        let (match, problem) = pick(matches, request: request, query: query, body: bytes)
        let served = match.api
        line.api = served.name
        line.secretKeys = served.secretKeys
        // A request the server answers itself is checked first: an invalid one gets its 400 and uses
        // up none of a scenario's `times`. A forwarded one is the backend's to check.
        let forwards = state.proxies[served.service.name] != nil && (state.proxyAll || !served.hasMock)
        if let problem, !forwards {
            line.status = 400
            return response(to: request, failure(served, status: 400, message: problem))
        }
        let scenario: Scenario?
        do {
            scenario = try pickScenario(request: request, query: query, api: served)
        } catch {
            line.status = 400
            return response(to: request, failure(served, status: 400, message: error.description))
        }
        line.scenario = scenario?.label
        if let delay = scenario?.delay {
            try await Task.sleep(for: .milliseconds(Int64(delay * 1_000)))
        }
        if scenario?.drop == true {
            line.status = 0
            try? await context.channel.close()
            throw CancellationError()
        }

        if scenario == nil, forwards, let proxy = state.proxies[served.service.name] {
            line.via = "proxy"
            let answer = await proxy.forward(
                method: request.method.rawValue, path: Self.pathBelowBase(request.uri.path, served: served),
                query: request.uri.query, headers: request.headers.map { ($0.name.rawName, $0.value) }, body: bytes
            )
            line.status = answer.status
            return response(to: request, answer)
        }

        let answer = scenario.map { scenarioAnswer($0, served: served) } ?? served.answer
        line.status = answer.status
        return response(to: request, answer)
    }

    /// The answer to a request no API's method and path match: a CORS preflight, a reference page
    /// (never at a path an API owns with another method), with `--proxy` the backend's answer (what
    /// no spec declares is the backend's, as in `nei server`'s online mode), else a 404 or 405.
    private func unmatchedAnswer(_ request: Request, context: ServeContext, via: inout String?) async throws -> MockAnswer {
        if request.method == .options, state.allowsCrossOrigin, let preflight = preflight(request) { return preflight }
        if !state.routes.hasPath(request.uri.path), let page = page(for: request) { return page }
        guard let (proxy, path) = state.fallbackProxy(for: request.uri.path) else { return notFound(request) }
        via = "proxy"
        guard let bytes = try await body(of: request, context: context) else {
            return .plainError(status: 413, message: tooLarge(context))
        }
        return await proxy.forward(method: request.method.rawValue, path: path, query: request.uri.query, headers: request.headers.map { ($0.name.rawName, $0.value) }, body: bytes)
    }

    /// The request's body, or `nil` when it is larger than the server takes.
    private func body(of request: Request, context: ServeContext) async throws -> [UInt8]? {
        do {
            return Array(buffer: try await request.body.collect(upTo: context.maxUploadSize))
        } catch is NIOTooManyBytesError {
            return nil
        }
    }

    private func tooLarge(_ context: ServeContext) -> String {
        "the body is larger than the server takes (\(context.maxUploadSize / (1 << 20)) MiB)"
    }

    /// The API that answers: of several on one method and path, the first whose request validates
    /// (else the first, whose problem is the answer), with the problem of its request, if any.
    /// `matches` is not empty.
    private func pick(_ matches: [RouteTable.Match], request: Request, query: [(String, String)], body: [UInt8]) -> (RouteTable.Match, String?) {
        let headers = Dictionary(grouping: request.headers, by: { $0.name.canonicalName }).mapValues { $0.map(\.value) }
        var first: (RouteTable.Match, String?)?
        for match in matches {
            let input = RequestInput(
                pathValues: match.pathValues,
                query: query.filter { $0.0 != Self.scenarioQueryItem },
                headers: headers,
                body: Self.body(body, contentType: request.headers[.contentType], api: match.api.api)
            )
            let problem = state.validators[match.api.service.name]?.problem(in: input, for: match.api.api)
            if problem == nil { return (match, nil) }
            if first == nil { first = (match, problem) }
        }
        return first ?? (matches[0], nil)
    }

    /// The request's scenario: its header, else its query item, else the scenario file's for the API;
    /// `nil` once its `times` are used up.
    private func pickScenario(request: Request, query: [(String, String)], api: ServedApi) throws(Scenario.Problem) -> Scenario? {
        let given = Self.scenarioHeaderName.flatMap { request.headers[$0] } ?? query.first { $0.0 == Self.scenarioQueryItem }?.1
        let scenario: Scenario?
        if let given {
            if let named = state.scenarios.named[given] {
                scenario = named
            } else {
                scenario = try Scenario(text: given)
            }
        } else {
            scenario = state.scenarios.apis[api.name] ?? state.scenarios.apis[api.api.name]
        }
        guard let scenario, state.counter.take(scenario, api: api.name) else { return nil }
        return scenario
    }

    /// What a scenario answers: its status (with the API's declared body for it, when there is one)
    /// or its envelope failure code; a scenario of only a delay answers the mock.
    private func scenarioAnswer(_ scenario: Scenario, served: ServedApi) -> MockAnswer {
        if let code = scenario.code {
            let message = scenario.message ?? "scenario code \(code)"
            let status = scenario.status ?? 200
            if let envelope = served.api.envelope {
                return .json(status: status, EnvelopeText.failure(envelope, code: code, message: message))
            }
            // A code is a number when it is one (`401`), as an envelope writes it.
            let codeText = Int64(code).map(String.init) ?? JSONValue.string(code).text
            return .json(status: status, "{\"code\":\(codeText),\"message\":\(JSONValue.string(message).text)}")
        }
        guard let status = scenario.status else { return served.answer }
        if (200..<300).contains(status) {
            // The body declared for this 2xx (`202: Job`), else the mock under this status.
            if status != served.answer.status, let declared = served.declaredSuccess(status) { return declared }
            var answer = served.answer
            answer.status = status
            return answer
        }
        let message = scenario.message ?? "scenario status \(status)"
        return declaredAnswer(for: status, served: served, message: message) ?? failure(served, status: status, message: message)
    }

    /// An answer of the body the API declares for `status`, if it declares one: a value of its type
    /// (`409: OrderProblem`), the message as text (`418: { format: text }`), bytes, or nothing
    /// (`404: empty`).
    private func declaredAnswer(for status: Int, served: ServedApi, message: String) -> MockAnswer? {
        let key = String(status), range = "\(status / 100)XX"
        let entry = served.api.responses.first { $0.status == key } ?? served.api.responses.first { $0.status == range }
            ?? served.api.responses.first { $0.status == "default" }
        guard let entry else { return nil }
        switch entry.body {
        case .type(let type):
            var generator = served.generator(label: "#\(key)")
            return .json(status: status, generator.value(of: type).text)
        case .text:
            return MockAnswer(status: status, contentType: "text/plain; charset=utf-8", headers: [], body: Array(message.utf8))
        case .binary:
            return MockAnswer(status: status, contentType: "application/octet-stream", headers: [], body: Array(message.utf8))
        case .none:
            return MockAnswer(status: status, contentType: nil, headers: [], body: [])
        case .fields:
            return nil
        }
    }

    /// An error answer: the envelope's failure shape (`code` = the status) where there is an envelope,
    /// else `{"error": status, "message": …}`.
    private func failure(_ served: ServedApi, status: Int, message: String) -> MockAnswer {
        if let envelope = served.api.envelope {
            return .json(status: status, EnvelopeText.failure(envelope, code: String(status), message: message))
        }
        return .plainError(status: status, message: message)
    }

    private func notFound(_ request: Request) -> MockAnswer {
        let methods = state.routes.methods(at: request.uri.path)
        let message = methods.isEmpty ? "no api at \(request.uri.path)" : "no api for \(request.method.rawValue) \(request.uri.path)"
        var answer = MockAnswer.plainError(status: methods.isEmpty ? 404 : 405, message: message)
        // A 405 says which methods the path has (RFC 9110, 15.5.6), OPTIONS too when preflights are answered.
        if !methods.isEmpty { answer.headers.append(("Allow", (methods + (state.allowsCrossOrigin ? ["OPTIONS"] : [])).joined(separator: ", "))) }
        return answer
    }

    /// The answer to a browser's CORS preflight (`OPTIONS` with `Access-Control-Request-Method`) for
    /// a path some API has: every method there, and the headers the page asks to send.
    private func preflight(_ request: Request) -> MockAnswer? {
        let methods = state.routes.methods(at: request.uri.path)
        guard !methods.isEmpty else { return nil }
        var headers = [("Allow", (methods + ["OPTIONS"]).joined(separator: ", ")), ("Access-Control-Allow-Methods", methods.joined(separator: ", ")), ("Access-Control-Max-Age", "600")]
        if let asked = request.headers[.accessControlRequestHeaders] {
            headers.append(("Access-Control-Allow-Headers", asked))
        }
        return MockAnswer(status: 204, contentType: nil, headers: headers, body: [])
    }

    /// A reference page for a GET: `index.html` at `/`, any other page at `/<name>`.
    private func page(for request: Request) -> MockAnswer? {
        guard request.method == .get || request.method == .head else { return nil }
        var name = String(request.uri.path.drop { $0 == "/" })
        if name.isEmpty || name.hasSuffix("/") { name += "index.html" }
        guard let html = state.pages[name] else { return nil }
        return MockAnswer(status: 200, contentType: Self.contentType(of: name), headers: [], body: Array(html.utf8))
    }

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last.map(String.init) ?? "" {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "svg": "image/svg+xml"
        default: "text/plain; charset=utf-8"
        }
    }

    /// The request path below the base path it was served under (`/api/items/1` → `/items/1`).
    static func pathBelowBase(_ path: String, served: ServedApi) -> String {
        for base in served.basePaths.sorted(by: { $0.count > $1.count }) where !base.isEmpty && path.hasPrefix(base + "/") {
            return String(path.dropFirst(base.count))
        }
        return path
    }

    static func body(_ bytes: [UInt8], contentType: String?, api: SpecDescription.Api) -> RequestInput.Body {
        guard !bytes.isEmpty else { return .none }
        switch api.bodyEncoding {
        case "form":
            return .form(PercentDecoding.pairs(Substring(String(decoding: bytes, as: UTF8.self))))
        case "multipart":
            return MultipartReader.parts(of: bytes, contentType: contentType ?? "").map { .multipart($0) } ?? .invalidJSON("multipart body without a boundary")
        case "raw":
            return .raw
        default:
            do {
                return .json(try JSONValue(parsing: bytes))
            } catch {
                return .invalidJSON(error.description)
            }
        }
    }

    private func response(to request: Request, _ answer: MockAnswer) -> Response {
        var headers = HTTPFields()
        if let type = answer.contentType { headers[.contentType] = type }
        for (name, value) in answer.headers {
            if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
        }
        if state.allowsCrossOrigin, let origin = request.headers[.origin], headers[.accessControlAllowOrigin] == nil {
            // Any page may read the mock (a web front end served from another port), cookies included.
            headers[.accessControlAllowOrigin] = origin
            headers[.accessControlAllowCredentials] = "true"
            let exposed = answer.headers.map(\.0).filter { !$0.lowercased().hasPrefix("access-control-") }
            if !exposed.isEmpty { headers[.accessControlExposeHeaders] = exposed.joined(separator: ", ") }
            headers.append(HTTPField(name: .vary, value: "Origin"))
        }
        // Hummingbird closes the connection after answering a `Connection: close` request; the
        // answer says so, or a client may send its next request on it (RFC 9112, 9.6).
        if request.headers[.connection]?.lowercased() == "close" { headers[.connection] = "close" }
        // No body after a 204 or a 304, not even a length (RFC 9110, 6.4.1).
        if answer.status == 204 || answer.status == 304 {
            return Response(status: .init(code: answer.status), headers: headers)
        }
        // A forwarded HEAD answer keeps the backend's length, that of the body it does not send.
        if headers[.contentLength] == nil { headers[.contentLength] = String(answer.body.count) }
        return Response(status: .init(code: answer.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
