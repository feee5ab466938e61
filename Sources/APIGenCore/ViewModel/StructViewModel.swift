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
        additionalFields: (name: String, decl: AdditionalFieldsDecl)? = nil,
        imports: inout ImportSet
    ) -> ViewModel {
        var fieldModels: [ViewModel] = []
        var codingFields: [ViewModel] = []
        var parameters: [String] = []
        var members: [StructCoding.Member] = []
        var needsCodingKeys = false
        for (field, name) in zip(fields, fieldNames) {
            imports.add(field.type, using: types)
            let type = types.swift(field.type)
            let bare = Naming.bare(name)
            // A deprecated property is computed over private storage, so that the generated init and
            // coding use the storage and compile without deprecation warnings.
            let deprecation = field.shape.deprecated.map(deprecationAttribute)
            let stored = deprecation != nil && !storesIndirectly ? "_" + bare : name
            if Naming.bare(stored) != field.key { needsCodingKeys = true }
            let codingCase = Naming.bare(stored) == field.key ? stored : "\(stored) = \(SwiftLiteral.string(field.key))"
            var docLines = SwiftLiteral.docLines(field.description ?? "The \(SwiftLiteral.docCode(field.key)) member.")
            if let defaultLiteral = field.shape.defaultLiteral { docLines += ["", "\(SwiftLiteral.docCode(defaultLiteral)) when absent."] }
            fieldModels.append([
                "name": .text(name),
                "stored": .text(stored),
                "type": .text(type),
                "docLines": .texts(docLines),
                "deprecation": .text(or: deprecation),
            ])
            codingFields.append(["codingCase": .text(codingCase)])
            parameters.append(Layout.initParameter(name: name, type: type, isOptional: field.type.isOptional, defaultLiteral: field.shape.defaultLiteral))
            members.append(StructCoding.Member(
                name: name, codingCase: stored, accessor: storesIndirectly && deprecation != nil ? "_storage.value.\(name)" : stored,
                type: field.type, swiftType: type, shape: field.shape))
        }
        if let (name, decl) = additionalFields {
            let type = TypeRef.dictionary(decl.valueType)
            imports.add(type, using: types)
            let swiftType = types.swift(type)
            let docLines = SwiftLiteral.docLines(decl.description ?? "The members of the JSON object that no field declares, by key.")
            fieldModels.append(["name": .text(name), "stored": .text(name), "type": .text(swiftType), "docLines": .texts(docLines), "deprecation": false])
            parameters.append(Layout.initParameter(name: name, type: swiftType, isOptional: false, defaultLiteral: "[:]"))
            members.append(StructCoding.Member(name: name, codingCase: nil, accessor: name, type: type, swiftType: swiftType, shape: ValueShape()))
        }
        let coding: TemplateValue = StructCoding.isNeeded(members) ? .object([
            "decodeArguments": .objects(Layout.arguments(StructCoding.decodeArguments(members, types: types))),
            "encodeStatements": .texts(StructCoding.encodeStatements(members)),
            "codingKeysConformance": .text(additionalFields == nil ? "String, CodingKey" : "String, CodingKey, CaseIterable"),
            "hasDefaults": .bool(members.contains { $0.shape.defaultLiteral != nil }),
        ]) : false
        if case .object = coding { imports.interactiveInternally = true }
        return [
            "typeName": .text(typeName),
            "docLines": .texts(SwiftLiteral.docLines(description ?? "A \(typeName) value.") + deprecationDocLines(deprecated)),
            "fields": .objects(fieldModels),
            "codingFields": .objects(codingFields),
            "hasFields": .bool(!fieldModels.isEmpty),
            "initSignature": .text(Layout.parameterList(parameters, indent: "    ")),
            "hasCodingKeys": .bool(needsCodingKeys),
            "coding": coding,
            "storesIndirectly": .bool(storesIndirectly),
            "storageArguments": .text((fieldNames + (additionalFields.map { [$0.name] } ?? [])).map { "\(Naming.argumentLabel($0)): \($0)" }.joined(separator: ", ")),
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
