/// The view models of enumeration models: closed (`enum.mustache`) and open to unknown values
/// (`openEnum.mustache`).
enum EnumViewModel {
    static func closed(_ model: ResolvedModel, _ enumeration: EnumDecl) -> ViewModel {
        var context = common(model, enumeration)
        context["cases"] = .objects(zip(enumeration.cases, model.caseNames).map { enumCase, name -> ViewModel in
            let needsRawValue = enumeration.rawType == .int || Naming.bare(name) != enumCase.rawValue
            return [
                "declaration": .text(needsRawValue ? "\(name) = \(literal(enumCase, enumeration))" : name),
                "docLines": .texts(SwiftLiteral.docLines(enumCase.description)),
            ]
        })
        return context
    }

    static func open(_ model: ResolvedModel, _ enumeration: EnumDecl) -> ViewModel {
        var context = common(model, enumeration)
        context["cases"] = .objects(zip(enumeration.cases, model.caseNames).map { enumCase, name -> ViewModel in
            [
                "name": .text(name),
                "member": .text(Naming.afterDot(name)),
                "rawLiteral": .text(literal(enumCase, enumeration)),
                "docLines": .texts(SwiftLiteral.docLines(enumCase.description)),
            ]
        })
        let all = model.caseNames.map { "." + Naming.afterDot($0) }
        let single = all.joined(separator: ", ")
        context["allCases"] = .text(single.count <= 60 ? single : "\n" + all.map { "        " + $0 }.joined(separator: ",\n") + ",\n    ")
        return context
    }

    private static func common(_ model: ResolvedModel, _ enumeration: EnumDecl) -> ViewModel {
        [
            "typeName": .text(model.swiftName),
            "rawType": .text(enumeration.rawType.rawValue),
            "docLines": .texts(SwiftLiteral.docLines(model.decl.description ?? summary(of: enumeration))
                + StructViewModel.deprecationDocLines(model.decl.deprecated)),
        ]
    }

    /// The doc of an enum the spec does not describe: its values as sent (`One of `low`, `high`
    /// and `off`.`), or how many there are when they are many.
    private static func summary(of enumeration: EnumDecl) -> String {
        let raw = enumeration.cases.map(\.rawValue)
        let isShort = raw.count <= 6 && raw.allSatisfy { $0.count <= 40 && !URLCheck.hasControlCharacters($0) }
        let values = raw.map { "`\(SwiftLiteral.withoutBackticks($0))`" }
        guard isShort, let last = values.last else { return "One of \(values.count) values." }
        return values.count == 1 ? "Always \(last)." : "One of \(values.dropLast().joined(separator: ", ")) and \(last)."
    }

    private static func literal(_ enumCase: EnumDecl.Case, _ enumeration: EnumDecl) -> String {
        enumeration.rawType == .int ? enumCase.rawValue : SwiftLiteral.string(enumCase.rawValue)
    }
}
