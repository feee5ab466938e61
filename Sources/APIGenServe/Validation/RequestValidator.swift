import APIGenCore

/// Checks a request against its API's params: every required param present, every value of its
/// type, every enum value listed. The first problem found is the answer's message, naming the param.
struct RequestValidator {
    let check: ValueCheck

    /// A validator for the APIs of the service whose models `models` looks up.
    init(models: ModelLookup) {
        check = ValueCheck(models: models)
    }

    /// The problem with the request, or `nil` when it is valid.
    func problem(in input: RequestInput, for api: SpecDescription.Api) -> String? {
        if let problem = constantsProblem(in: input, for: api) { return problem }
        if case .invalidJSON(let reason) = input.body {
            return api.bodyEncoding == "multipart" ? "body is not multipart/form-data: \(reason)" : "body is not JSON: \(reason)"
        }
        if let whole = api.wholeBody {
            switch input.body {
            case .json(let value):
                if let problem = check.json(value, type: TypeExpression(whole), format: nil, path: "") { return "body: \(problem)" }
            default:
                if !TypeExpression(whole).isOptional { return "missing body (\(whole))" }
            }
        }
        for param in api.params {
            if let problem = problem(with: param, in: input) { return problem }
        }
        return nil
    }

    /// Constant query items and headers are part of what a request is (NEI's `?rename` beside
    /// `?changecreator` on one path), and tell APIs that share a method and path apart.
    private func constantsProblem(in input: RequestInput, for api: SpecDescription.Api) -> String? {
        for (key, value) in api.constantQuery {
            let given = input.queryValues(key)
            let item = value.map { "\(key)=\($0)" } ?? key
            if given.isEmpty { return "missing constant query item '\(item)'" }
            if let value, !given.contains(value) { return "query item '\(key)' must be '\(value)' (a constant of this api)" }
        }
        for (name, value) in api.constantHeaders {
            let given = input.headers[name.lowercased()] ?? []
            if given.isEmpty { return "missing constant header '\(name): \(value)'" }
            if !given.contains(value) { return "header '\(name)' must be '\(value)' (a constant of this api)" }
        }
        return nil
    }

    private func problem(with param: SpecDescription.Param, in input: RequestInput) -> String? {
        let field = param.field
        let type = TypeExpression(field.type)
        let what = "param '\(field.key)' (\(param.location))"
        let required = !type.isOptional && field.defaultValue == nil
        switch param.location {
        case "body":
            return bodyProblem(param, type: type, required: required, what: what, in: input)
        default:
            let values = textValues(param, in: input, type: type)
            guard let values else { return nil }  // present in a shape checked no further
            if values.isEmpty { return required ? "missing required \(what)" : nil }
            for value in values {
                if let problem = check.text(value, type: type, format: field.format) { return "\(what): \(problem)" }
            }
            return nil
        }
    }

    /// The text values of a path, query or header param; `nil` when it is present in a form the
    /// server does not check (an object spread over several query items).
    private func textValues(_ param: SpecDescription.Param, in input: RequestInput, type: TypeExpression) -> [String]? {
        let key = param.field.key
        switch param.location {
        case "path":
            let value = input.pathValues[param.field.name] ?? input.pathValues[key]
            // A list in the path is its elements joined with commas (OpenAPI's `simple` style).
            if case .array = type.unwrapped { return value.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? [] }
            return [value].compactMap { $0 }
        case "header": return input.headers[key.lowercased()] ?? []
        default: return styledValues(param, pairs: input.query, type: type)
        }
    }

    /// Values of a query or form param as its style writes them.
    private func styledValues(_ param: SpecDescription.Param, pairs: [(String, String)], type: TypeExpression) -> [String]? {
        let key = param.field.key
        let plain = pairs.filter { $0.0 == key }.map(\.1)
        switch param.style {
        case "deepObject"?, "brackets"?:
            if !plain.isEmpty { return plain }
            return pairs.contains { $0.0.hasPrefix(key + "[") } ? nil : []
        case "form"? where param.explode == false:
            return plain.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        case "pipeDelimited"?:
            return plain.flatMap { $0.split(separator: "|", omittingEmptySubsequences: false).map(String.init) }
        case "spaceDelimited"?:
            return plain.flatMap { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
        case "form"?:
            // An exploded object's fields, and an exploded map's entries, are items of their own.
            guard plain.isEmpty else { return plain }
            switch type.unwrapped {
            case .named(let name) where check.models[name] != nil: return nil
            case .dictionary: return nil
            default: return plain
            }
        default:
            return plain
        }
    }

    private func bodyProblem(_ param: SpecDescription.Param, type: TypeExpression, required: Bool, what: String, in input: RequestInput) -> String? {
        let field = param.field
        switch input.body {
        case .json(let body):
            guard let value = body[field.key] else { return required ? "missing required \(what)" : nil }
            return check.json(value, type: type, format: field.format, path: "").map { "\(what): \($0)" }
        case .form(let pairs):
            guard let values = styledValues(param, pairs: pairs, type: type) else { return nil }
            if values.isEmpty { return required ? "missing required \(what)" : nil }
            for value in values {
                if let problem = check.text(value, type: type, format: field.format) { return "\(what): \(problem)" }
            }
            return nil
        case .multipart(let parts):
            let named = parts.filter { $0.name == field.key }
            if named.isEmpty { return required ? "missing required \(what)" : nil }
            if type.unwrapped.elementType == .named("File") { return nil }
            for part in named {
                let text = String(decoding: part.body, as: UTF8.self)
                if let problem = check.text(text, type: type, format: field.format) { return "\(what): \(problem)" }
            }
            return nil
        case .none:
            return required ? "missing required \(what)" : nil
        case .raw, .invalidJSON:
            return nil
        }
    }
}
