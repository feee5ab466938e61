/// The view model of a `oneOf` model (`oneOf.mustache`): an enum with a case per member.
enum SumViewModel {
    static func make(_ model: ResolvedModel, types: SwiftTypeRenderer, imports: inout ImportSet) -> ViewModel {
        let sum = model.sum ?? ResolvedSum(members: [], propertyName: nil, allowsUnknown: false)
        if sum.allowsUnknown { imports.interactive = true }
        let memberTypes = sum.members.map { types.swift($0.decl.type) }
        let members = sum.members.enumerated().map { index, member -> ViewModel in
            imports.add(member.decl.type, using: types)
            var doc = member.decl.description
            if doc == nil, let tag = member.tag { doc = "Tagged `\(SwiftLiteral.withoutBackticks(tag))`." }
            return [
                "caseName": .text(member.caseName),
                "caseMember": .text(Naming.afterDot(member.caseName)),
                "type": .text(memberTypes[index]),
                "docLines": .texts(SwiftLiteral.docLines(doc)),
                "tagLiteral": .text(SwiftLiteral.string(member.tag ?? "")),
                "branch": .text(index == 0 ? "if" : "} else if"),
            ]
        }
        var context: ViewModel = [
            "typeName": .text(model.swiftName),
            "docLines": .texts(SwiftLiteral.docLines(model.decl.description ?? "One of \(memberTypes.joined(separator: ", ")).")
                + StructViewModel.deprecationDocLines(model.decl.deprecated)),
            "indirect": .bool(sum.isIndirect),
            "members": .objects(members),
            "memberList": .text(memberTypes.joined(separator: ", ")),
            "unknown": .bool(sum.allowsUnknown),
            "tagged": .bool(sum.propertyName != nil),
        ]
        if let property = sum.propertyName {
            context["tagKeyLiteral"] = .text(SwiftLiteral.string(property))
            context["tagDoc"] = .text(SwiftLiteral.docCode(property))
        }
        return context
    }
}
