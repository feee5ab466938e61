/// Spells spec types in Swift and tells which modules a declaration needs.
struct SwiftTypeRenderer: Sendable {
    /// Spec model name → Swift type name.
    let modelNames: [String: String]
    /// Spec type name → the user's Swift type (`typeOverrides:` in `apigen.yaml`).
    var overrides: [String: String] = [:]
    /// Swift names of the models a struct field holds through `Indirect` (``IndirectModels``).
    var indirectModels: Set<String> = []

    /// `[String: Item]?` → `[String: Item]?` with builtins and model names mapped.
    func swift(_ type: TypeRef) -> String {
        switch type {
        case .named(let name): (overrides.isEmpty ? nil : overrides[name]) ?? BuiltinType.swiftNames[name] ?? modelNames[name] ?? name
        case .optional(let wrapped): swift(wrapped) + "?"
        case .array(let element): "[" + swift(element) + "]"
        case .dictionary(let value): "[String: " + swift(value) + "]"
        }
    }

    /// Whether a struct field of this type holds its value through `Indirect`.
    func isHeldIndirectly(_ type: TypeRef) -> Bool {
        guard case .named(let name) = type.unwrapped, !indirectModels.isEmpty, overrides[name] == nil, let swiftName = modelNames[name] else { return false }
        return indirectModels.contains(swiftName)
    }

    /// Whether the type mentions a Foundation type, also through an override (`Money: Decimal`).
    func usesFoundation(_ type: TypeRef) -> Bool {
        let name = type.name
        if !overrides.isEmpty, let override = overrides[name] { return Self.namesFoundationType(override) }
        return BuiltinType.foundationTypes.contains(name)
    }

    /// Whether a Swift type written in `typeOverrides` names one of the Foundation types a spec can
    /// (`Decimal`, `[Date]`, `Foundation.URL`).
    static func namesFoundationType(_ swift: String) -> Bool {
        swift.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.contains { word in
            word.hasPrefix("Foundation.") || BuiltinType.foundationTypes.contains(String(word))
        }
    }

    /// Whether the type mentions `JSON`, which comes from Interactive.
    func usesInteractive(_ type: TypeRef) -> Bool {
        type.name == "JSON"
    }
}

/// The imports of one generated file: public when its public declarations use the module.
struct ImportSet {
    var foundation = false
    var interactive = false
    /// Interactive is used only in private declarations (a model's indirect storage).
    var interactiveInternally = false

    mutating func add(_ type: TypeRef, using types: SwiftTypeRenderer) {
        foundation = foundation || types.usesFoundation(type)
        interactive = interactive || types.usesInteractive(type)
    }

    /// `public import …` lines, Foundation first. A module only private declarations use gets a bare
    /// `import`: `public import` would warn that public declarations do not use it, and an explicit
    /// `internal import` would clash with an app's own bare `import Interactive` in the same target
    /// ("ambiguous implicit access level").
    var lines: [String] {
        var lines = foundation ? ["public import Foundation"] : []
        if interactive {
            lines.append("public import Interactive")
        } else if interactiveInternally {
            lines.append("import Interactive")
        }
        return lines
    }
}
