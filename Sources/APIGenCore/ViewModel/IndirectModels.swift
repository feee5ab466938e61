/// The models a struct field holds through `Indirect` (one pointer) rather than inline.
///
/// A struct held inline makes every type around it copy, compare and destroy its members one by one,
/// and the compiler writes that code out for each such type (its value witnesses): in a debug build
/// half of a generated module's machine code, growing with how deeply models nest. A field of one of
/// these models is one reference wide instead (docs/performance.md, "Models held indirectly").
enum IndirectModels {
    /// Swift names of the service's models that fields hold indirectly: structs and sums with a member
    /// that is not plain data, and that are not a reference already (a model that contains itself,
    /// an `indirect` sum).
    static func swiftNames(of service: ResolvedService) -> Set<String> {
        let plainModels = Set(service.models.filter(\.isPlainData).flatMap { [$0.decl.name, $0.swiftName] })
        var names: Set<String> = []
        for model in service.models {
            switch model.decl.kind {
            case .object(let fields) where !model.storesIndirectly:
                let plain = model.decl.additionalFields == nil && fields.allSatisfy { isPlainData($0.type, plainModels: plainModels) }
                if !plain { names.insert(model.swiftName) }
            case .sum where !(model.sum?.isIndirect ?? false):
                names.insert(model.swiftName)
            default:
                break
            }
        }
        return names
    }

    /// Builtins whose values hold no reference, so copying them copies bytes.
    private static let plainBuiltins: Set<String> = ["Int", "Int32", "Int64", "Double", "Float", "Bool", "Decimal", "Date", "UUID"]

    private static func isPlainData(_ type: TypeRef, plainModels: Set<String>) -> Bool {
        guard case .named(let name) = type.unwrapped else { return false }
        return plainBuiltins.contains(name) || plainModels.contains(name)
    }
}

extension ResolvedModel {
    /// A closed enum: its value is a case number.
    fileprivate var isPlainData: Bool {
        if case .enumeration(let enumeration) = decl.kind { return !enumeration.allowsUnknown }
        return false
    }
}
