/// View models of model files: structs, enums and oneOf enums.
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
        case .enumeration(let enumeration) where enumeration.allowsUnknown:
            template = "openEnum"
            context = EnumViewModel.open(model, enumeration)
        case .enumeration(let enumeration):
            template = "enum"
            context = EnumViewModel.closed(model, enumeration)
        case .sum:
            template = "oneOf"
            context = SumViewModel.make(model, types: types, imports: &imports)
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
