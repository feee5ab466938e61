public import APIGenCore

/// A service's models by the names type expressions use: the spec name, or the Swift type name made
/// from it (`user info` → `UserInfo`).
public struct ModelLookup: Sendable {
    private let byName: [String: SpecDescription.Model]
    private let byFoldedName: [String: SpecDescription.Model]

    /// The models of `service`.
    public init(_ service: SpecDescription.Service) {
        byName = Dictionary(service.models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        byFoldedName = Dictionary(service.models.map { (Self.fold($0.name), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The model a type name refers to, or `nil` for a builtin: `UUID` is the builtin even beside
    /// a model `Uuid`, as the generator reads it.
    public subscript(name: String) -> SpecDescription.Model? {
        if let model = byName[name] { return model }
        guard !SpecNaming.isBuiltinType(name) else { return nil }
        return byFoldedName[Self.fold(name)]
    }

    private static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
