/// Format-2 checks of fields and params: defaults, date formats and deprecations; a model's
/// `additionalFields`; an API's `paramsFrom`.
extension SpecResolver {
    /// The service's `defaults.dates`, `.iso8601` when absent or wrong (then reported).
    mutating func serviceDateFormat(_ dates: Located<String>?) -> DateFormatSpec {
        guard let dates else { return defaultDates }
        return dateFormat(dates, what: "the service's defaults") ?? defaultDates
    }

    private mutating func dateFormat(_ text: Located<String>, what: String) -> DateFormatSpec? {
        if let format = DateFormatSpec.parse(text.value) { return format }
        diagnostics.error("invalid date format '\(text.value)' in \(what); expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm\(Suggestion.hint(for: text.value, in: DateFormatSpec.keywords))", at: text.location)
        return nil
    }

    /// Checks `shape` against `type` and fills in its Swift default and date format.
    mutating func resolvedShape(_ shape: ValueShape, type: TypeRef, what: @autoclosure () -> String, models: [String: ModelDecl]) -> ValueShape {
        var shape = shape
        let mentionsDate = type.name == "Date"
        var format = serviceDates
        if let written = shape.format {
            if !mentionsDate {
                diagnostics.error("format of \(what()) applies to Date values only; its type is \(type)", at: written.location)
            } else if let parsed = dateFormat(written, what: what()) {
                format = parsed
            }
        }
        shape.dateFormat = mentionsDate && format != .iso8601 ? format : nil
        if let node = shape.defaultNode {
            shape.defaultLiteral = defaultLiteral(node, type: type, what: what(), models: models, dates: format)
        }
        return shape
    }

    /// The Swift expression of a default, after checking it like a mock.
    private mutating func defaultLiteral(_ node: YAMLNode, type: TypeRef, what: String, models: [String: ModelDecl], dates: DateFormatSpec) -> String? {
        if let unsupported = DefaultLiteral.unsupportedName(in: type, models: models) {
            diagnostics.error("default of \(what) is not supported for \(unsupported) values; defaults are numbers, text, Bool, Date, enum cases, and lists and maps of them", at: node.location)
            return nil
        }
        var checker = MockChecker(models: models)
        checker.subjectOverride = "default of \(what)"
        checker.dateFormat = dates
        let json = checker.json(for: node, as: type, api: "")
        diagnostics.append(contentsOf: checker.diagnostics)
        guard json != nil else { return nil }
        if let (value, enumName, cases) = Self.unlistedCase(in: node, type: type, models: models) {
            // An open enum takes any value on the wire, but a default is one of its cases.
            diagnostics.error("default of \(what) is '\(value.text ?? "")', which is not a case of \(enumName) (\(cases.joined(separator: ", ")))\(Suggestion.hint(for: value.text ?? "", in: cases))", at: value.location)
            return nil
        }
        let numberProblems = DefaultLiteral.numberProblems(in: node, type: type)
        for problem in numberProblems { diagnostics.error("default of \(what) \(problem.message)", at: problem.location) }
        guard numberProblems.isEmpty else { return nil }
        return DefaultLiteral.make(node, type: type, models: models, dates: dates)
    }

    /// The first value in `node` that an enum of `type` does not list (an open enum lets it pass the
    /// mock check), with the enum's name and cases.
    private static func unlistedCase(in node: YAMLNode, type: TypeRef, models: [String: ModelDecl]) -> (YAMLNode, String, [String])? {
        switch type {
        case .optional(let wrapped):
            if case .null? = node.scalarValue { return nil }
            return unlistedCase(in: node, type: wrapped, models: models)
        case .array(let element):
            return (node.elements ?? []).lazy.compactMap { unlistedCase(in: $0, type: element, models: models) }.first
        case .dictionary(let value):
            return (node.pairs ?? []).lazy.compactMap { unlistedCase(in: $0.value, type: value, models: models) }.first
        case .named(let name):
            guard let model = models[name], case .enumeration(let enumeration) = model.kind else { return nil }
            let cases = enumeration.cases.map(\.rawValue)
            return cases.contains(DefaultLiteral.enumRawValue(node)) ? nil : (node, name, cases)
        }
    }

    /// Fields with their shapes resolved; reports `additionalFields` problems.
    mutating func resolvedFields(_ fields: [FieldDecl], owner: String, models: [String: ModelDecl]) -> [FieldDecl] {
        fields.map { field in
            var field = field
            field.shape = resolvedShape(field.shape, type: field.type, what: "field '\(field.name)' of \(owner)", models: models)
            return field
        }
    }

    /// The Swift name of a model's `additionalFields` member, after checking it.
    mutating func checkedAdditionalFields(_ decl: AdditionalFieldsDecl, of model: ModelDecl, fieldNames: [String], knownModels: Set<String>) -> String? {
        checkType(decl.valueType, knownModels: knownModels, at: decl.typeLocation)
        rejectFile(decl.valueType, in: "additionalFields of model '\(model.name)'", at: decl.typeLocation)
        guard case .object = model.kind else {
            diagnostics.error("additionalFields of model '\(model.name)' needs fields; an enum has no members", at: decl.location)
            return nil
        }
        if fieldNames.isEmpty {
            diagnostics.error("additionalFields of model '\(model.name)' needs at least one field beside it; a model of only extra keys is the type \"[String: \(decl.valueType)]\"", at: decl.location)
            return nil
        }
        guard let swiftName = Naming.propertyName(decl.name) else {
            diagnostics.error("additionalFields name '\(decl.name)' of model '\(model.name)' has no letters or digits to make a Swift name from", at: decl.location)
            return nil
        }
        if fieldNames.map(Naming.bare).contains(Naming.bare(swiftName)) {
            diagnostics.error("additionalFields of model '\(model.name)' is named '\(Naming.bare(swiftName))' like a field; give it another name: { name: …, type: \(decl.valueType) }", at: decl.location)
            return nil
        }
        return swiftName
    }

    /// The params an API's `paramsFrom` models spread into it, placed where the entry is written.
    mutating func spreadParams(_ decl: ApiDecl, models: [String: ModelDecl]) -> [ParamDecl] {
        var params: [ParamDecl] = []
        for source in decl.paramsFrom {
            guard let model = models[source.value] else {
                let objects = models.values.filter { if case .object = $0.kind { true } else { false } }.map(\.name).sorted()
                diagnostics.error("paramsFrom of api '\(decl.name)' names unknown model '\(source.value)'\(Suggestion.hint(for: source.value, in: objects))", at: source.location)
                continue
            }
            guard case .object(let fields) = model.kind else {
                diagnostics.error("paramsFrom of api '\(decl.name)' names '\(source.value)', which is not a model with fields", at: source.location)
                continue
            }
            if model.additionalFields != nil {
                diagnostics.error("paramsFrom of api '\(decl.name)' names '\(source.value)', whose additionalFields cannot become params", at: source.location)
            }
            for field in fields {
                var param = ParamDecl(
                    name: field.name, key: field.key, type: field.type, typeLocation: field.typeLocation,
                    location: source.location, isSecret: false, description: field.description)
                param.shape = field.shape
                params.append(param)
            }
        }
        return params
    }
}
