import Foundation

/// The view model of a `Codable` struct: a model with fields, or an API's inline response.
enum StructViewModel {
    static func make(
        typeName: String,
        description: String?,
        deprecated: String?,
        fields: [FieldDecl],
        fieldNames: [String],
        types: SwiftTypeRenderer,
        storesIndirectly: Bool = false,
        imports: inout ImportSet
    ) -> ViewModel {
        var fieldModels: [ViewModel] = []
        var parameters: [String] = []
        var needsCodingKeys = false
        for (field, name) in zip(fields, fieldNames) {
            imports.add(field.type, using: types)
            let type = types.swift(field.type)
            let bare = Naming.bare(name)
            if bare != field.key { needsCodingKeys = true }
            fieldModels.append([
                "name": .text(name),
                "type": .text(type),
                "docLines": .texts(SwiftLiteral.docLines(field.description ?? "The \(SwiftLiteral.docCode(field.key)) member.")),
                "codingCase": .text(bare == field.key ? name : "\(name) = \(SwiftLiteral.string(field.key))"),
            ])
            parameters.append(Layout.initParameter(name: name, type: type, isOptional: field.type.isOptional))
        }
        return [
            "typeName": .text(typeName),
            "docLines": .texts(SwiftLiteral.docLines(description ?? "A \(typeName) value.") + deprecationDocLines(deprecated)),
            "fields": .objects(fieldModels),
            "hasFields": .bool(!fieldModels.isEmpty),
            "initSignature": .text(Layout.parameterList(parameters, indent: "    ")),
            "hasCodingKeys": .bool(needsCodingKeys),
            "storesIndirectly": .bool(storesIndirectly),
            "storageArguments": .text(fieldNames.map { "\(Naming.argumentLabel($0)): \($0)" }.joined(separator: ", ")),
        ]
    }

    /// The `@available(*, deprecated…)` attribute for a deprecation message (empty: no message).
    static func deprecationAttribute(_ message: String) -> String {
        message.isEmpty ? "@available(*, deprecated)" : "@available(*, deprecated, message: \(SwiftLiteral.string(message)))"
    }

    /// Doc lines that say a declaration is deprecated (models are not marked with an attribute, so that
    /// other generated declarations can still use them without warnings).
    static func deprecationDocLines(_ message: String?) -> [String] {
        guard let message else { return [] }
        return ["", message.isEmpty ? "- Warning: Deprecated." : "- Warning: Deprecated: " + SwiftLiteral.docLine(message)]
    }
}
