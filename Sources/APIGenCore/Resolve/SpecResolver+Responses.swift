/// Checks of an API's `responses:` and the statuses its parser tells apart.
extension SpecResolver {
    /// The reason phrases of the statuses real APIs declare, as case names (RFC 9110's wording,
    /// camel-cased as swift-openapi-generator does); other codes become `status<code>`.
    static let statusCaseNames: [Int: String] = [
        100: "`continue`", 101: "switchingProtocols",
        200: "ok", 201: "created", 202: "accepted", 203: "nonAuthoritativeInformation", 204: "noContent",
        205: "resetContent", 206: "partialContent", 207: "multiStatus",
        300: "multipleChoices", 301: "movedPermanently", 302: "found", 303: "seeOther", 304: "notModified",
        307: "temporaryRedirect", 308: "permanentRedirect",
        400: "badRequest", 401: "unauthorized", 402: "paymentRequired", 403: "forbidden", 404: "notFound",
        405: "methodNotAllowed", 406: "notAcceptable", 408: "requestTimeout", 409: "conflict", 410: "gone",
        411: "lengthRequired", 412: "preconditionFailed", 413: "contentTooLarge", 415: "unsupportedMediaType",
        416: "rangeNotSatisfiable", 417: "expectationFailed", 418: "imATeapot", 421: "misdirectedRequest",
        422: "unprocessableContent", 423: "locked", 424: "failedDependency", 425: "tooEarly", 426: "upgradeRequired",
        428: "preconditionRequired", 429: "tooManyRequests", 431: "requestHeaderFieldsTooLarge",
        451: "unavailableForLegalReasons",
        500: "internalServerError", 501: "notImplemented", 502: "badGateway", 503: "serviceUnavailable",
        504: "gatewayTimeout", 505: "httpVersionNotSupported",
    ]

    static let rangeCaseNames = [1: "informational", 2: "success", 3: "redirection", 4: "clientError", 5: "serverError"]

    /// The Swift case name of a status: `notFound`, `status499`, `clientError`, `` `default` ``.
    static func caseName(of status: StatusKey) -> String {
        switch status {
        case .code(let code): statusCaseNames[code] ?? "status\(code)"
        case .range(let digit): rangeCaseNames[digit] ?? "status\(digit)XX"
        case .default: "`default`"
        }
    }

    /// The API's statuses, most specific first, with `response:` as the `2XX` entry unless
    /// `responses:` declares the 2xx answers itself; empty for an API without `responses:`.
    mutating func resolvedStatuses(
        _ decl: ApiDecl, response: ResolvedResponse, stem: String, knownModels: Set<String>, modelTypeNames: Set<String>
    ) -> [ResolvedStatus] {
        guard !decl.responses.isEmpty else { return [] }
        let what = "api '\(decl.name)'"
        let hasResponseBody: Bool = if case .none = decl.response { false } else { true }
        var statuses: [ResolvedStatus] = []
        for entry in decl.responses {
            let owner = "response \(entry.status.text) of \(what)"
            if entry.status == .range(2), hasResponseBody {
                diagnostics.error("\(what) declares both 'response' and responses 2XX; 'response' is the 2XX answer, so give one of them", at: entry.location)
                continue
            }
            if case .stream = response, entry.isSuccess {
                // The streamed answer's parser has no output to tell another success apart from it.
                diagnostics.error("\(owner) is a success beside a streamed response, which is the api's only success; list failures only (4XX, 5XX) in responses", at: entry.location)
                continue
            }
            if case .code(let code) = entry.status, code == 204 || code == 304, !isEmpty(entry.body) {
                diagnostics.error("\(owner) declares a body, but a \(code) never has one; write \(code): empty (without quotes)", at: entry.bodyLocation)
            }
            let body: ResolvedResponse
            switch entry.body {
            case .type(let type, let location):
                checkType(type, knownModels: knownModels, at: location)
                rejectFile(type, in: owner, at: location)
                body = .json(type)
            case .text: body = .text
            case .binary: body = .binary
            case .file, .stream:
                diagnostics.error("\(owner) is a file or a stream, which only 'response' (the 2XX answer) can be", at: entry.bodyLocation)
                body = .none
            case .none, .inline: body = .none
            }
            statuses.append(ResolvedStatus(
                status: entry.status, isSuccess: entry.isSuccess, body: body, caseName: Self.caseName(of: entry.status),
                description: entry.description, isMainResponse: false))
        }
        // `response:` (or its absence: an empty body) answers every 2xx, unless `responses:` takes
        // the 2xx statuses over and `response:` is not written.
        let declaresTwoHundreds = decl.responses.contains { entry in
            switch entry.status {
            case .range(2): true
            case .code(let code): (200...299).contains(code) && entry.isSuccess
            default: false
            }
        }
        if !(declaresTwoHundreds && decl.responseLocation == nil), !statuses.contains(where: { $0.status == .range(2) }) {
            statuses.append(ResolvedStatus(status: .range(2), isSuccess: true, body: response, caseName: "success", description: nil, isMainResponse: true))
        }
        statuses.sort { $0.status < $1.status }
        for suffix in ["Output", "Failure"] where modelTypeNames.contains(stem + suffix) || Naming.reservedTypeNames.contains(stem + suffix) {
            let needed = suffix == "Output" ? statuses.filter(\.isSuccess).count > 1 : statuses.contains { !$0.isSuccess }
            if needed {
                diagnostics.error("\(what) generates \(stem + suffix) for its responses, which is also the name of a model or of a type the generated code uses; rename one of them or give the api a className", at: decl.location)
            }
        }
        return statuses
    }

    private func isEmpty(_ body: ResponseDecl) -> Bool {
        if case .none = body { return true }
        return false
    }
}
