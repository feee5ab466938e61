/// Checks of files and streams: multipart and raw bodies, the `File` type, downloads.
extension SpecResolver {
    /// Reports a `File` anywhere but in a param of a multipart body.
    mutating func rejectFile(_ type: TypeRef, in what: @autoclosure () -> String, at location: SourceLocation) {
        guard type.name == "File" else { return }
        diagnostics.error("\(what()) has type File, which can only be a param of an api with body: multipart", at: location)
    }

    /// Multipart and raw bodies: where params may go, where `File` may be.
    mutating func checkTransfer(_ decl: ApiDecl, params: [ResolvedParam], allowsBody: Bool) {
        let what = "api '\(decl.name)'"
        switch decl.body {
        case .multipart:
            if !allowsBody {
                diagnostics.error("\(what) uses \(decl.method), which carries no body; body: multipart needs POST, PUT or PATCH", at: decl.methodLocation)
            }
            for param in params where param.location != .body {
                rejectFile(param.decl.type, in: "\(param.location.rawValue) param '\(param.decl.name)' of \(what)", at: param.decl.typeLocation)
            }
            for param in params where param.location == .body && param.decl.type.name == "File" && !Self.isFilePart(param.decl.type) {
                diagnostics.error("param '\(param.decl.name)' of \(what) has type \(param.decl.type); a multipart body sends File, File? or a list of them as its parts", at: param.decl.typeLocation)
            }
        case .raw(let raw):
            if !allowsBody {
                diagnostics.error("\(what) uses \(decl.method), which carries no body", at: raw.location)
            }
            if let bodyParam = params.first(where: { $0.location == .body }) {
                diagnostics.error("param '\(bodyParam.decl.name)' of \(what) cannot go in the body: the whole body is the raw \(raw.format.rawValue) value", at: bodyParam.decl.location)
            }
            for param in params { rejectFile(param.decl.type, in: "param '\(param.decl.name)' of \(what)", at: param.decl.typeLocation) }
        case .json, .form, .whole:
            for param in params { rejectFile(param.decl.type, in: "param '\(param.decl.name)' of \(what)", at: param.decl.typeLocation) }
            if case .whole(let type, let location) = decl.body { rejectFile(type, in: "the body of \(what)", at: location) }
        }
        if case .type(let type, let location) = decl.response { rejectFile(type, in: "the response of \(what)", at: location) }
        if case .file = decl.response, !decl.responseHeaders.isEmpty {
            diagnostics.error("the response of \(what) is a file; it cannot read response headers too", at: decl.location)
        }
        if case .stream(let stream) = decl.response {
            if !decl.responseHeaders.isEmpty {
                diagnostics.error("the response of \(what) is a stream; it cannot read response headers too", at: stream.location)
            }
            if let type = stream.type { rejectFile(type, in: "the events of \(what)", at: stream.typeLocation) }
        }
    }

    /// Whether a multipart param's type is one the runtime sends as parts: `File`, `File?`, or a list
    /// of them (one part each), not a map or a list of lists.
    static func isFilePart(_ type: TypeRef) -> Bool {
        switch type.unwrapped {
        case .named: true
        case .array(let element): if case .named = element.unwrapped { true } else { false }
        case .optional, .dictionary: false
        }
    }

    /// A stream's mock: the list of its events.
    func streamMock(_ node: YAMLNode, stream: StreamDecl, checker: inout MockChecker, api: String) -> String? {
        checker.json(for: node, as: .array(stream.type ?? .named("Data")), api: api)
    }
}
