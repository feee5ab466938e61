/// Spec format 2's wire details in the generated API: constants, styles and response headers.
extension ApiViewModel {
    /// `ApiRequest` arguments for the API's constant query items and headers (the `accept` last).
    static func constantArguments(_ decl: ApiDecl) -> [String] {
        var arguments: [String] = []
        if !decl.constantQuery.isEmpty {
            let items = decl.constantQuery.map { "(\(SwiftLiteral.string($0.name)), \($0.value.map(SwiftLiteral.string) ?? "nil"))" }
            arguments.append("constantQuery: [" + items.joined(separator: ", ") + "]")
        }
        let headers = decl.constantHeaders + (decl.accept.map { [$0] } ?? [])
        if !headers.isEmpty {
            let fields = headers.map { "\(SwiftLiteral.string($0.name)): \(SwiftLiteral.string($0.value ?? ""))" }
            arguments.append("constantHeaders: [" + fields.joined(separator: ", ") + "]")
        }
        return arguments
    }

    /// `, style: .deepObject`, `, allowReserved: true` after `request.add(…)`'s other arguments.
    static func wireArguments(_ param: ResolvedParam) -> String {
        var text = ""
        if let style = param.style {
            let value = style.style == .form ? ".form(explode: \(style.explode))" : "." + style.style.rawValue
            text += ", style: " + value
        }
        if param.decl.allowReserved?.value == true, param.location == .path { text += ", allowReserved: true" }
        return text
    }

    /// The parser and output of an API that reads response headers: `<Stem>Response` holds the body
    /// (when there is one) as `body` and each header as a member of its own.
    static func withHeaders(_ parsing: Parsing, api: ResolvedApi, types: SwiftTypeRenderer, imports: inout ImportSet) -> Parsing {
        guard !api.responseHeaders.isEmpty else { return parsing }
        let typeName = api.stem + "Response"
        var members: [ViewModel] = []
        var parameters: [String] = []
        var arguments: [String] = []
        // `EmptyResponse` is the output of an API without a body (no model may take that name).
        let hasBody = parsing.outputType != "EmptyResponse"
        // The body parser's call without its leading `try`: one `try` covers the whole initializer.
        let bodyCall = parsing.expression.hasPrefix("try ") ? String(parsing.expression.dropFirst(4)) : parsing.expression
        if hasBody {
            members.append(["name": "body", "type": .text(parsing.outputType), "docLines": ["The body."]])
            parameters.append("body: \(parsing.outputType)")
            arguments.append("body: " + bodyCall)
        }
        for header in api.responseHeaders {
            imports.add(header.decl.type, using: types)
            let type = types.swift(header.decl.type)
            let key = header.decl.key
            let docLines = SwiftLiteral.docLines(header.decl.description ?? "Read from the `\(SwiftLiteral.withoutBackticks(key))` response header.")
            members.append(["name": .text(header.swiftName), "type": .text(type), "docLines": .texts(docLines)])
            parameters.append(Layout.initParameter(name: header.swiftName, type: type, isOptional: header.decl.type.isOptional))
            arguments.append("\(Naming.argumentLabel(header.swiftName)): response.headers.decode(\(type).self, named: \(SwiftLiteral.string(key)))")
        }
        let call = "\(typeName)(\n" + arguments.map { "            " + $0 }.joined(separator: ",\n") + "\n        )"
        let expression = hasBody ? "try " + call : "_ = try " + bodyCall + "\n        return try " + call
        let response: ViewModel = [
            "typeName": .text(typeName),
            "docLines": .texts(["The response of ``\(api.stem)Api``: \(hasBody ? "its body and the" : "the") headers the spec declares."]),
            "members": .objects(members),
            "initSignature": .text(Layout.parameterList(parameters, indent: "    ")),
        ]
        var result = parsing
        result.standard = nil
        result.outputType = typeName
        result.expression = expression
        result.headersResponse = response
        if let mock = parsing.mockBody {
            result.mockBody = (mock.type, "\(typeName)(body: \(mock.wrap))", mock.doc)
        } else if hasBody, api.mockJSON != nil {
            result.mockBody = (parsing.outputType, "\(typeName)(body: $0)", "The spec's mock: its body, without response headers.")
        }
        return result
    }
}
