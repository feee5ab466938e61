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
        var fieldModels: [ViewModel] = [], parameters: [String] = [], members: [StructCoding.Member] = []
        fieldModels.reserveCapacity(fields.count + 1)
        parameters.reserveCapacity(fields.count + 1)
        members.reserveCapacity(fields.count + 1)
        let memberNames = fieldNames + (additionalFields.map { [$0.name] } ?? [])
        var storageNames = StorageNames(memberNames)
        for (field, name) in zip(fields, fieldNames) {
            imports.add(field.type, using: types)
            // `T?` is spelled as `T` and `?`: the wrapped type is spelled once, for the property and the coding.
            let wrappedType = types.swift(field.type.unwrapped)
            let type = field.type.isOptional ? wrappedType + "?" : wrappedType
            // A deprecated property is computed over private storage, so that the generated init and
            // coding use the storage and compile without deprecation warnings; a field holding a
            // large model holds it through `Indirect` (``IndirectModels``).
            let deprecation = field.shape.deprecated.map(deprecationAttribute)
            let indirect = !storesIndirectly && types.isHeldIndirectly(field.type)
            let computed = !storesIndirectly && (deprecation != nil || indirect)
            let stored = computed ? storageNames.name(for: name) : name
            let storage = indirect ? IndirectStorage(stored: stored, field: name, type: wrappedType, isOptional: field.type.isOptional) : nil
            // What the spec documents, and the default: a line that only restates the name says nothing.
            var docLines = field.description.map(SwiftLiteral.docLines) ?? []
            if let defaultLiteral = field.shape.defaultLiteral {
                docLines += (docLines.isEmpty ? [] : [""]) + [.concatenating(SwiftLiteral.docCode(defaultLiteral), " when absent.")]
            }
            var fieldModel: ViewModel = [
                "name": .text(name),
                "type": .text(type),
                "docLines": .texts(docLines),
                "deprecation": .text(or: deprecation),
                "computed": .bool(computed),
            ]
            // What only a computed property's accessors and storage use.
            if computed {
                fieldModel["stored"] = .text(stored)
                fieldModel["storedType"] = .text(storage?.type ?? type)
                fieldModel["getter"] = .text(storage?.value ?? stored)
                fieldModel["mutator"] = .text(storage?.mutator ?? .concatenating("set { ", stored, " = newValue }"))
                fieldModel["initialValue"] = .text(storage?.initialValue ?? name)
            }
            fieldModels.append(fieldModel)
            parameters.append(Layout.initParameter(name: name, type: type, isOptional: field.type.isOptional, defaultLiteral: field.shape.defaultLiteral))
            // Encoding reads the property, except a deprecated one (its storage, without a warning).
            let accessor = switch (deprecation, storesIndirectly) {
            case (nil, _): name
            case (_, true): String.concatenating("_storage.value.", name)
            case (_, false): storage?.value ?? stored
            }
            members.append(StructCoding.Member(name: name, keyLiteral: SwiftLiteral.string(field.key), accessor: accessor, type: field.type, wrappedSwiftType: wrappedType, shape: field.shape))
        }
        if let (name, decl) = additionalFields {
            let type = TypeRef.dictionary(decl.valueType)
            imports.add(type, using: types)
            let swiftType = types.swift(type)
            let docLines = SwiftLiteral.docLines(decl.description ?? "The members of the JSON object that no field declares, by key.")
            fieldModels.append(["name": .text(name), "type": .text(swiftType), "docLines": .texts(docLines), "deprecation": false, "computed": false])
            parameters.append(Layout.initParameter(name: name, type: swiftType, isOptional: false, defaultLiteral: "[:]"))
            members.append(StructCoding.Member(name: name, keyLiteral: nil, accessor: name, type: type, wrappedSwiftType: swiftType, shape: ValueShape()))
        }
        // `AnyCodingKey` (every struct's coding) and `Indirect` come from Interactive.
        imports.interactiveInternally = true
        var model: ViewModel = [
            "typeName": .text(typeName),
            "docLines": .texts(SwiftLiteral.docLines(description ?? EnglishArticle.before(typeName, capitalized: true) + " value.") + deprecationDocLines(deprecated)),
            "fields": .objects(fieldModels),
            "hasFields": .bool(!fieldModels.isEmpty),
            "initSignature": .text(Layout.parameterList(parameters, indent: "    ")),
            "hasDefaults": .bool(members.contains { $0.shape.defaultLiteral != nil }),
            "decodeStatements": .texts(StructCoding.decodeStatements(members, types: types)),
            "encodeStatements": .texts(StructCoding.encodeStatements(members)),
            "storesIndirectly": .bool(storesIndirectly),
        ]
        if storesIndirectly {
            model["storageArguments"] = .text(memberNames.map { String.concatenating(Naming.argumentLabel($0), ": ", $0) }.joined(separator: ", "))
        }
        return model
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

/// Names for the private storage of computed properties: `_name`, unless a field already has that
/// name (a spec key that starts with a digit becomes `_1st`), then `_name_` and so on.
///
/// The names are compared one by one: a struct has a few dozen fields, and hashing them all for a
/// set cost more than the comparisons.
struct StorageNames {
    private let fieldNames: [String]
    /// The storage names given so far.
    private var given: [String] = []

    init(_ fieldNames: [String]) {
        self.fieldNames = fieldNames
    }

    mutating func name(for field: String) -> String {
        var name = "_" + Naming.bare(field)
        while given.contains(name) || fieldNames.contains(where: { Naming.bare($0) == name }) { name += "_" }
        given.append(name)
        return name
    }
}

/// How a computed property reads and writes the `Indirect` storage of its model: `Indirect<T>` for a
/// required field, `Indirect<T>?` for an optional one (no box for `nil`).
struct IndirectStorage {
    /// The stored property (`_seller`).
    var stored: String
    /// The field (`seller`), as the memberwise init names its parameter.
    var field: String
    /// The Swift type of the model, without `?`.
    var model: String
    var isOptional: Bool

    init(stored: String, field: String, type model: String, isOptional: Bool) {
        self.stored = stored
        self.field = field
        self.model = model
        self.isOptional = isOptional
    }

    var type: String { .concatenating("Indirect<", model, isOptional ? ">?" : ">") }
    /// The field's value read from the storage.
    var value: String { .concatenating(stored, isOptional ? "?.value" : ".value") }
    /// The accessor that changes the field: in place for a required field (`order.customer.tags.append(tag)`
    /// does not copy the tags), a new box for an optional one.
    var mutator: String {
        isOptional ? .concatenating("set { ", stored, " = newValue.map(Indirect.init) }") : .concatenating("_modify { yield &", stored, ".value }")
    }
    /// The storage's value in the memberwise init.
    var initialValue: String { isOptional ? .concatenating(field, ".map(Indirect.init)") : .concatenating("Indirect(", field, ")") }
}
