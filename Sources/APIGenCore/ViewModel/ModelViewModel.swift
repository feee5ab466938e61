/// View models of model files: structs and enums.
enum ModelViewModel {
    static func make(_ model: ResolvedModel, service: ResolvedService, types: SwiftTypeRenderer) -> RenderJob {
        var imports = ImportSet()
        var context: ViewModel
        let template: String
        switch model.decl.kind {
        case .object(let fields):
            template = "model"
            context = StructViewModel.make(
                typeName: model.swiftName, description: model.decl.description, deprecated: model.decl.deprecated,
                fields: fields, fieldNames: model.fieldNames, types: types,
                storesIndirectly: model.storesIndirectly,
                additionalFields: additionalFields(of: model),
                imports: &imports
            )
            if model.storesIndirectly { imports.interactiveInternally = true }
        case .enumeration(let enumeration):
            template = "enum"
            context = [
                "typeName": .text(model.swiftName),
                "rawType": .text(enumeration.rawType.rawValue),
                "docLines": .texts(SwiftLiteral.docLines(model.decl.description ?? "The values of \(model.swiftName).")
                    + StructViewModel.deprecationDocLines(model.decl.deprecated)),
                "cases": .objects(zip(enumeration.cases, model.caseNames).map { enumCase, name -> ViewModel in
                    let rawValue = enumeration.rawType == .int ? enumCase.rawValue : SwiftLiteral.string(enumCase.rawValue)
                    let needsRawValue = enumeration.rawType == .int || Naming.bare(name) != enumCase.rawValue
                    return ["declaration": .text(needsRawValue ? "\(name) = \(rawValue)" : name)]
                }),
            ]
        }
        context["source"] = .text(Layout.source(model.decl.file))
        context["imports"] = .texts(imports.lines)
        return RenderJob(template: template, path: "\(service.name)/Models/\(model.swiftName).swift", context: context)
    }

    /// The `additionalFields` member's Swift name and declaration, when the model has one.
    private static func additionalFields(of model: ResolvedModel) -> (name: String, decl: AdditionalFieldsDecl)? {
        guard let name = model.additionalFieldsName, let decl = model.decl.additionalFields else { return nil }
        return (name, decl)
    }
}
