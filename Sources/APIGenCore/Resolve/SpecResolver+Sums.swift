/// Checks of `oneOf` models: member types, case names, tags and the discriminator.
extension SpecResolver {
    /// The Swift case names and tags of a sum's members; reports every problem.
    mutating func checkedSum(_ sum: SumDecl, owner decl: ModelDecl, knownModels: Set<String>, models: [String: ModelDecl]) -> ResolvedSum {
        let owner = "model '\(decl.name)'"
        var caseNames: [String: String] = [:]
        var types: [TypeRef: String] = [:]
        if sum.allowsUnknown { caseNames["unknown"] = "unknown: true" }
        var members: [ResolvedSum.Member] = []
        // The Swift names of the members' types, made only once a case name could be one.
        var memberTypeNames: Set<String>?
        for member in sum.members {
            checkType(member.type, knownModels: knownModels, at: member.typeLocation)
            rejectFile(member.type, in: "member '\(member.type)' of \(owner)", at: member.typeLocation)
            let canonical = canonicalType(member.type, models: models)
            if let other = types[canonical] {
                diagnostics.error("\(owner) lists '\(other)' and '\(member.type)' in its oneOf, which are the same type", at: member.typeLocation)
                continue
            }
            types[canonical] = "\(member.type)"
            if member.type.isOptional {
                diagnostics.error("member '\(member.type)' of \(owner) cannot be optional; make the field that holds \(decl.name) optional instead", at: member.typeLocation)
            } else if member.type == .named("JSON") {
                diagnostics.error("member 'JSON' of \(owner) matches every value, so no member after it could; write unknown: true to keep values no member matches", at: member.typeLocation)
            }
            let derived = member.name.map { Naming.propertyName($0.value) } ?? Self.caseName(for: member.type, models: models)
            guard var caseName = derived else {
                diagnostics.error("member '\(member.name?.value ?? "\(member.type)")' of \(owner) has no letters or digits to make a Swift case name from", at: member.name?.location ?? member.typeLocation)
                continue
            }
            caseName = unshadowed(
                caseName, amongTypesOf: sum.members.map(\.type), typeNames: &memberTypeNames,
                what: "member '\(member.name?.value ?? "\(member.type)")' of \(owner)", at: member.name?.location ?? member.typeLocation
            )
            let bare = Naming.bare(caseName)
            let hint = member.name == nil ? "; give it a case name with { type: \(member.type), name: … }" : ""
            if caseNames[bare] == "unknown: true" {
                diagnostics.error("member '\(member.type)' of \(owner) becomes the case name unknown, which unknown: true uses for values no member matches\(hint)", at: member.name?.location ?? member.typeLocation)
            } else if let other = caseNames[bare] {
                diagnostics.error("members '\(other)' and '\(member.type)' of \(owner) both become the case name \(bare)\(hint)", at: member.name?.location ?? member.typeLocation)
            }
            caseNames[bare] = "\(member.type)"
            members.append(ResolvedSum.Member(decl: member, caseName: caseName))
        }
        guard let discriminator = sum.discriminator else {
            return ResolvedSum(members: members, propertyName: nil, allowsUnknown: sum.allowsUnknown)
        }
        checkTaggedMembers(sum, discriminator: discriminator, owner: owner, models: models)
        let tags = SumDecl(members: members.map(\.decl), location: sum.location, discriminator: discriminator).tags(models: models)
        var byTag: [String: String] = [:]
        for (index, tag) in tags.enumerated() {
            guard let tag else { continue }
            members[index].tag = tag
            if let other = byTag[tag] {
                diagnostics.error("members '\(other)' and '\(members[index].decl.type)' of \(owner) both have the tag '\(tag)'; map one of them to another tag in the discriminator's mapping", at: members[index].decl.typeLocation)
            }
            byTag[tag] = "\(members[index].decl.type)"
            checkTagFits(tag, member: members[index].decl, discriminator: discriminator, owner: owner, models: models)
        }
        return ResolvedSum(members: members, propertyName: discriminator.propertyName, allowsUnknown: sum.allowsUnknown)
    }

    /// A member's own field of the discriminator's key, when it is a closed enum, must have the
    /// member's tag among its cases: otherwise the member never decodes (its field rejects the tag).
    private mutating func checkTagFits(_ tag: String, member: SumDecl.Member, discriminator: SumDecl.Discriminator, owner: String, models: [String: ModelDecl]) {
        guard case .named(let name) = member.type, let model = models[name], case .object(let fields) = model.kind,
              let field = fields.first(where: { $0.key == discriminator.propertyName }),
              case .named(let enumName) = field.type.unwrapped, case .enumeration(let enumeration)? = models[enumName]?.kind,
              !enumeration.allowsUnknown, !enumeration.cases.contains(where: { $0.rawValue == tag }) else { return }
        let cases = enumeration.cases.map(\.rawValue)
        diagnostics.error("field '\(field.name)' of model '\(model.name)' holds the discriminator '\(discriminator.propertyName)' of \(owner), whose tag for \(model.name) is '\(tag)', which is not a case of \(enumName) (\(cases.joined(separator: ", "))); \(model.name) would never decode: add the case, or map one of its cases to \(model.name)", at: field.typeLocation)
    }

    /// A discriminator needs object members, a mapping onto members only, one tag per member, and
    /// members whose own field of that key (if any) is text.
    private mutating func checkTaggedMembers(_ sum: SumDecl, discriminator: SumDecl.Discriminator, owner: String, models: [String: ModelDecl]) {
        var memberNames: [String] = []
        for member in sum.members {
            guard case .named(let name) = member.type, let model = models[name], case .object(let fields) = model.kind else {
                if case .named(let name) = member.type, !BuiltinType.isBuiltin(name), models[name] == nil { continue }  // unknown: reported
                diagnostics.error("member '\(member.type)' of \(owner) must be a model with fields: the discriminator '\(discriminator.propertyName)' is read from an object", at: member.typeLocation)
                continue
            }
            memberNames.append(model.name)
            if let field = fields.first(where: { $0.key == discriminator.propertyName }), !isText(field.type.unwrapped, models: models) {
                diagnostics.error("field '\(field.name)' of model '\(model.name)' holds the discriminator '\(discriminator.propertyName)' of \(owner), so it must be a String or a String enum, found \(field.type)", at: field.typeLocation)
            }
        }
        var tagsByMember: [String: String] = [:]
        for (tag, target) in discriminator.mapping {
            guard let model = models[target.value], memberNames.contains(model.name) else {
                diagnostics.error("tag '\(tag)' of \(owner) maps to '\(target.value)', which is not a member of its oneOf\(Suggestion.hint(for: target.value, in: memberNames))", at: target.location)
                continue
            }
            if let other = tagsByMember[model.name] {
                diagnostics.error("tags '\(other)' and '\(tag)' of \(owner) both map to '\(target.value)'; a member has one tag, so it can be written back as it was read", at: target.location)
            }
            tagsByMember[model.name] = tag
        }
    }

    private func isText(_ type: TypeRef, models: [String: ModelDecl]) -> Bool {
        guard case .named(let name) = type else { return false }
        if name == "String" { return true }
        if case .enumeration(let enumeration)? = models[name]?.kind { return enumeration.rawType == .string }
        return false
    }

    /// The type with model names in their spec spelling, so `Card` and its Swift name compare equal.
    private func canonicalType(_ type: TypeRef, models: [String: ModelDecl]) -> TypeRef {
        switch type {
        case .named(let name): .named(models[name]?.name ?? name)
        case .optional(let wrapped): .optional(canonicalType(wrapped, models: models))
        case .array(let element): .array(canonicalType(element, models: models))
        case .dictionary(let value): .dictionary(canonicalType(value, models: models))
        }
    }

    /// The case name a member gets from its type: `Card` → `card`, `String` → `string`,
    /// `[Item]` → `itemList`, `[String: Item]` → `itemMap`.
    static func caseName(for type: TypeRef, models: [String: ModelDecl]) -> String? {
        func stem(_ type: TypeRef) -> String? {
            switch type {
            case .named(let name): models[name].flatMap { Naming.typeName($0.name) } ?? Naming.typeName(name)
            case .optional(let wrapped): stem(wrapped)
            case .array(let element): stem(element).map { $0 + "List" }
            case .dictionary(let value): stem(value).map { $0 + "Map" }
            }
        }
        return stem(type).flatMap(Naming.propertyName)
    }

    /// A sum that is its own member, directly or through other sums (`A: oneOf [B, Int]`,
    /// `B: oneOf [A, String]`), could never finish decoding a value that matches none of them.
    mutating func checkSumsDoNotContainThemselves(_ models: [ResolvedModel], models byName: [String: ModelDecl]) {
        var edges: [String: [String]] = [:]
        for model in models {
            guard case .sum(let sum) = model.decl.kind else { continue }
            edges[model.decl.name] = sum.members.compactMap { member in
                guard case .named(let name) = member.type, let target = byName[name], case .sum = target.kind else { return nil }
                return target.name
            }
        }
        guard !edges.isEmpty else { return }
        let cyclic = StronglyConnected.cyclicNodes(models.map(\.decl.name), edges: edges)
        for model in models where cyclic.contains(model.decl.name) {
            diagnostics.error("model '\(model.decl.name)' is a member of its own oneOf, directly or through other oneOf models, so decoding it would never end; hold it in a model with fields or a list", at: model.decl.location)
        }
    }

    /// A sum whose every member needs a value of the sum again (`A: oneOf [B]`, `B.a: A`) has no
    /// finite JSON value. Found by growing the set of models that some finite value can decode: a
    /// struct once its required model fields are in it, a sum once one member is (or it keeps unknown
    /// values); builtins, lists and maps always are.
    mutating func checkSumsCanEnd(_ models: [ResolvedModel], models byName: [String: ModelDecl]) {
        guard models.contains(where: { if case .sum = $0.decl.kind { true } else { false } }) else { return }
        var finite = Set<String>()
        func isFinite(_ type: TypeRef) -> Bool {
            guard case .named(let name) = type, let model = byName[name] else { return true }
            return finite.contains(model.name)
        }
        var changed = true
        while changed {
            changed = false
            for model in models where !finite.contains(model.decl.name) {
                let canEnd = switch model.decl.kind {
                case .enumeration: true
                case .object(let fields): fields.allSatisfy { $0.type.isOptional || isFinite($0.type) }
                case .sum(let sum): sum.allowsUnknown || sum.members.isEmpty || sum.members.contains { isFinite($0.type) }
                }
                if canEnd {
                    finite.insert(model.decl.name)
                    changed = true
                }
            }
        }
        for model in models where !finite.contains(model.decl.name) {
            guard case .sum = model.decl.kind else { continue }
            diagnostics.error("every member of model '\(model.decl.name)' requires a value of '\(model.decl.name)' inside it, so no finite JSON value can decode; add a member that ends the chain, make a field on the cycle optional, or write unknown: true", at: model.decl.location)
        }
    }
}
