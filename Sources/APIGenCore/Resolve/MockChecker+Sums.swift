/// Mocks of `oneOf` models: by tag when tagged, else the first member the value matches.
extension MockChecker {
    mutating func checkSum(_ node: YAMLNode, _ sum: SumDecl, model: ModelDecl, path: String) -> String {
        guard let discriminator = sum.discriminator else { return checkUntagged(node, sum, model: model, path: path) }
        guard let pairs = node.pairs else { return mismatch(node, "a mapping (\(model.name))", path) }
        let property = discriminator.propertyName
        guard let tagPair = pairs.first(where: { $0.name == property }), case .string(let tag)? = tagPair.value.scalarValue else {
            diagnostics.error("\(subject(path)) must have the tag '\(property)' of \(model.name) as a string", at: node.location)
            return "null"
        }
        let tags = sum.tags(models: models)
        guard let index = tags.firstIndex(of: tag), case .named(let name) = sum.members[index].type,
              let member = models[name], case .object(let fields) = member.kind else {
            if sum.allowsUnknown { return anyJSON(node) }
            let known = tags.compactMap(\.self)
            diagnostics.error("\(subject(path)) has tag '\(tag)', which is not one of \(known.joined(separator: ", ")) (\(model.name))\(Suggestion.hint(for: tag, in: known))", at: tagPair.value.location)
            return "null"
        }
        // The tag is the member's own field when it declares one; otherwise it is written beside the fields.
        if fields.contains(where: { $0.key == property }) {
            return object(pairs, fields: fields, owner: member.name, node: node, path: path)
        }
        let body = object(pairs.filter { $0.name != property }, fields: fields, owner: member.name, node: node, path: path)
        return "{" + QuotedText.json(property) + ":" + QuotedText.json(tag) + (body == "{}" ? "}" : "," + body.dropFirst())
    }

    private mutating func checkUntagged(_ node: YAMLNode, _ sum: SumDecl, model: ModelDecl, path: String) -> String {
        // A sum that is a member of itself (an error reported elsewhere) would try the same value
        // forever: on the same value, it matches nothing the second time.
        let attempt = "\(model.name) \(node.location.line):\(node.location.column)"
        guard !sumsTried.contains(attempt) else { return mismatch(node, model.name, path) }
        for member in sum.members {
            var trial = self
            trial.sumsTried.insert(attempt)
            trial.diagnostics = Diagnostics()
            let text = trial.check(node, member.type, path: path)
            if trial.diagnostics.all.isEmpty { return text }
        }
        if sum.allowsUnknown { return anyJSON(node) }
        let members = sum.members.map { "\($0.type)" }.joined(separator: ", ")
        diagnostics.error("\(subject(path)) matches none of \(members) (\(model.name)), found \(node.kindDescription)", at: node.location)
        return "null"
    }
}
