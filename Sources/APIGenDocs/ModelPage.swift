import APIGenCore

/// `models/<Service>/<Model>.html`: an object's fields, an enum's values, or a sum's cases and
/// discriminator.
enum ModelPage {
    static func render(_ model: SpecDescription.Model, modelIndex: Int, of service: SpecDescription.Service, index: Int, site: SiteMap) -> String {
        let page = site.model(index, modelIndex)
        let table = FieldTable(service: index, page: page, site: site)
        let kind: HTML
        let body: HTML
        switch model.kind {
        case .object(let fields, let additional):
            kind = "object"
            var text = fields.isEmpty ? "<p>No fields.</p>\n" : table.fields(fields, label: "The fields of \(model.name)")
            if let additional {
                text = "\(text)<p>Keys the fields do not declare are kept, each with a value of type \(table.type(additional)).</p>\n"
            }
            body = "<h2>Fields</h2>\n\(text)"
        case .enumeration(let cases, let isInteger, let open):
            kind = isInteger ? "enum of integers" : "enum of strings"
            let rows = cases.map { item -> [HTML] in
                ["<code>\(isInteger ? item.value : QuotedText.json(item.value))</code>", "<code>\(item.name)</code>", Fragments.inline(item.description)]
            }
            let openNote: HTML = open ? "<p>Other values are accepted and kept as they came (<code>unknown</code>).</p>\n" : "<p>Other values are rejected.</p>\n"
            body = "<h2>Values</h2>\n\(Fragments.table("The values of \(model.name)", headers: ["Value", "Swift case", "Description"], rows: rows))\(openNote)"
        case .sum(let members, let discriminator, let mapping, let open):
            kind = "one of several types"
            let tags = Dictionary(mapping.map { ($0.model, $0.tag) }, uniquingKeysWith: { first, _ in first })
            let rows = members.map { member -> [HTML] in
                let cells: [HTML] = ["<code>\(member.name)</code>", table.type(member.type)]
                return discriminator == nil ? cells : cells + ["<code>\(QuotedText.json(tags[member.type] ?? member.type))</code>"]
            }
            let how: HTML = discriminator.map { "<p>Told apart by the key <code>\($0)</code>, whose value names the case.</p>\n" as HTML }
                ?? "<p>Untagged: the first case whose type decodes the value is taken.</p>\n"
            let openNote: HTML = open ? "<p>Other shapes are accepted and kept as they came (<code>unknown</code>).</p>\n" : ""
            let headers = discriminator == nil ? ["Swift case", "Type"] : ["Swift case", "Type", "Tag"]
            body = "<h2>Cases</h2>\n\(how)\(Fragments.table("The cases of \(model.name)", headers: headers, rows: rows))\(openNote)"
        }
        let content: HTML = """
            <h1>\(model.name)\(Fragments.deprecatedBadge(model.deprecated))</h1>
            <p class="muted">Model of \(service.name): \(kind)</p>
            \(Fragments.deprecatedNotice(model.deprecated))\(Fragments.paragraphs(model.description))\(body)
            """
        return PageLayout.page(path: page, title: model.name, trail: [(service.name, site.service(index))], content: content)
    }
}
