/// An API's `responses:` in the generated parser: one switch over the status, most specific first,
/// and the enums `<Stem>Output` (several answers) and `<Stem>Failure` (declared failures).
extension ApiViewModel {
    /// The parser of an API with `responses:`; `parsing` is that of its `response:` alone.
    static func withStatuses(_ parsing: Parsing, api: ResolvedApi, envelope: String?, types: SwiftTypeRenderer, imports: inout ImportSet) -> Parsing {
        guard !api.statuses.isEmpty else { return parsing }
        let outputEnum = api.stem + "Output"
        let failureEnum = api.stem + "Failure"
        let successes = api.statuses.filter(\.isSuccess)
        let isEnum = successes.count > 1
        var result = parsing
        result.standard = nil
        var lines = ["switch response.status {"]
        var outputCases: [ViewModel] = []
        var failureCases: [ViewModel] = []
        for status in api.statuses {
            let label = switch status.status {
            case .code(let code): "case \(code):"
            case .range(let digit): "case \(digit)00...\(digit)99:"
            case .default: "default:"
            }
            let bare = Naming.bare(status.caseName)
            let payload = bodyType(of: status, mainType: parsing.outputType, types: types, imports: &imports)
            var statements: [String]
            if status.isSuccess {
                if isEnum { outputCases.append(caseModel(status, payload: payload)) }
                if status.isMainResponse {
                    statements = mainStatements(parsing, envelope: envelope, enumCase: isEnum ? bare : nil, hasBody: payload != nil)
                } else if let reader = bodyReader(status.body, envelope: envelope, types: types) {
                    statements = [isEnum ? "return try .\(bare)(\(reader).parseBody(response))" : "return try \(reader).parseBody(response)"]
                } else {
                    statements = [isEnum ? "return .\(bare)" : "return EmptyResponse()"]
                }
            } else {
                failureCases.append(caseModel(status, payload: payload))
                if let reader = bodyReader(status.body, envelope: nil, types: types) {
                    statements = ["throw response.failure(\(reader), \(failureEnum).\(bare))"]
                } else {
                    statements = ["throw response.failure(\(failureEnum).\(bare))"]
                }
            }
            lines.append(label)
            lines += statements.map { "    " + $0 }
        }
        if !api.statuses.contains(where: { $0.status == .default }) {
            lines += ["default:", "    throw .unacceptable(response)"]
        }
        lines.append("}")
        let switchText = lines.joined(separator: "\n        ")

        if isEnum {
            result.outputType = outputEnum
            result.outputEnum = statusEnum(
                outputEnum, cases: outputCases,
                doc: "The answers of ``\(api.stem)Api`` by status: the statuses the spec counts as success.")
        } else if let only = successes.first, !only.isMainResponse {
            result.outputType = bodyType(of: only, mainType: parsing.outputType, types: types, imports: &imports) ?? "EmptyResponse"
        }
        if !failureCases.isEmpty {
            result.failureEnum = statusEnum(
                failureEnum, cases: failureCases,
                doc: "The failures of ``\(api.stem)Api`` the spec declares, with their decoded bodies.\n\n"
                    + "Thrown inside `InteractiveError.failure`; read with `error.failure(as: \(failureEnum).self)`.")
        }
        if api.responseHeaders.isEmpty {
            result.expression = switchText
        } else {
            // The headers' initializer takes the body from a helper that holds the switch.
            result.bodyFunction = ["type": .text(result.outputType), "expression": .text(switchText)]
            result.expression = "try body(of: response)"
        }
        if isEnum, api.mockJSON != nil, let mocked = successes.first(where: { $0.isMainResponse && $0.hasBody }) ?? successes.first(where: \.hasBody),
           let type = bodyType(of: mocked, mainType: parsing.outputType, types: types, imports: &imports) {
            let bare = Naming.bare(mocked.caseName)
            result.mockBody = (type, "\(outputEnum).\(bare)($0)", "The spec's mock: the body of its \(SwiftLiteral.docCode(mocked.status.text)) answer.")
        }
        return result
    }

    /// `return try JSONParser<Repo>().parse(response)` and the like for `response:` (2xx only, so
    /// the parser's own status check always passes).
    private static func mainStatements(_ parsing: Parsing, envelope: String?, enumCase: String?, hasBody: Bool) -> [String] {
        guard let enumCase else { return ["return " + parsing.expression] }
        guard hasBody else {
            // No body: the envelope's code is still checked when there is one.
            return envelope == nil ? ["return .\(enumCase)"] : ["_ = " + parsing.expression, "return .\(enumCase)"]
        }
        let call = parsing.expression.hasPrefix("try ") ? String(parsing.expression.dropFirst(4)) : parsing.expression
        return ["return try .\(enumCase)(\(call))"]
    }

    /// The parser that reads a status's body: `JSONParser<NotFound>()`, `TextParser()`, `BinaryParser()`.
    private static func bodyReader(_ body: ResolvedResponse, envelope: String?, types: SwiftTypeRenderer) -> String? {
        switch body {
        case .json(let type): "JSONParser<\(types.swift(type))>(\(envelope.map { "envelope: \($0)" } ?? ""))"
        case .text: "TextParser()"
        case .binary: "BinaryParser()"
        // A file or a stream is only ever the main (2XX) response, which the parser reads as a whole.
        case .none, .inline, .file, .stream: nil
        }
    }

    /// The Swift type of a status's body, `nil` when it has none.
    private static func bodyType(of status: ResolvedStatus, mainType: String, types: SwiftTypeRenderer, imports: inout ImportSet) -> String? {
        if status.isMainResponse { return status.hasBody ? mainType : nil }
        switch status.body {
        case .json(let type):
            imports.add(type, using: types)
            return types.swift(type)
        case .text: return "String"
        case .binary:
            imports.foundation = true
            return "Data"
        case .none, .inline, .file, .stream: return nil
        }
    }

    private static func caseModel(_ status: ResolvedStatus, payload: String?) -> ViewModel {
        let what = switch status.status {
        case .code(let code): "Status \(SwiftLiteral.docCode(String(code)))"
        case .range(let digit): "A \(SwiftLiteral.docCode("\(digit)XX")) status"
        case .default: "Any status no other case names"
        }
        let summary = status.isMainResponse ? "\(what): the API's `response`." : status.description.map { "\(what). \($0)" } ?? "\(what)."
        return ["docLines": .texts(SwiftLiteral.docLines(summary)), "declaration": .text(status.caseName + (payload.map { "(\($0))" } ?? ""))]
    }

    private static func statusEnum(_ typeName: String, cases: [ViewModel], doc: String) -> ViewModel {
        ["typeName": .text(typeName), "docLines": .texts(SwiftLiteral.docLines(doc)), "cases": .objects(cases)]
    }
}
