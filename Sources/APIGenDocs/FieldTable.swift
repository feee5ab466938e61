import APIGenCore

/// Tables of fields and params: name, wire key, type (linked), whether it is required, its default,
/// and its description with its notes (date format, deprecation, secrecy, wire style).
struct FieldTable {
    var service: Int
    var page: String
    var site: SiteMap

    /// A model's or an inline response's fields.
    func fields(_ fields: [SpecDescription.Field], label: String) -> HTML {
        let rows = fields.map { field -> [HTML] in
            [name(field), "<code>\(field.key)</code>", type(field.type), required(field), defaultValue(field), notes(field, extra: [])]
        }
        return Fragments.table(label, headers: ["Field", "Key", "Type", "Required", "Default", "Description"], rows: rows)
    }

    /// An API's params, with where each goes.
    func params(_ params: [SpecDescription.Param], label: String) -> HTML {
        let rows = params.map { param -> [HTML] in
            var extra: [HTML] = []
            if param.secret { extra.append("<span class=\"badge\">secret</span> never logged") }
            if let style = param.style {
                let explode: HTML = param.explode.map { explode -> HTML in ", explode <code>\(explode ? "true" : "false")</code>" } ?? ""
                extra.append("style <code>\(style)</code>\(explode)")
            }
            if param.allowReserved { extra.append("keeps reserved characters (<code>allowReserved</code>)") }
            let field = param.field
            return [name(field), "\(param.location)", "<code>\(field.key)</code>", type(field.type), required(field), defaultValue(field), notes(field, extra: extra)]
        }
        return Fragments.table(label, headers: ["Param", "In", "Key", "Type", "Required", "Default", "Description"], rows: rows)
    }

    /// A type expression with its models linked.
    func type(_ expression: String) -> HTML {
        Fragments.type(expression, service: service, on: page, site: site)
    }

    private func name(_ field: SpecDescription.Field) -> HTML {
        "<code>\(field.name)</code>"
    }

    /// Required unless the type is optional or there is a default.
    private func required(_ field: SpecDescription.Field) -> HTML {
        field.type.hasSuffix("?") || field.defaultValue != nil ? "<span class=\"muted\">no</span>" : "<span class=\"required\">yes</span>"
    }

    private func defaultValue(_ field: SpecDescription.Field) -> HTML {
        field.defaultValue.map { "<code>\(Fragments.value($0))</code>" } ?? ""
    }

    private func notes(_ field: SpecDescription.Field, extra: [HTML]) -> HTML {
        var parts: [HTML] = []
        if let description = field.description, !description.isEmpty { parts.append(Fragments.inline(description)) }
        if let format = field.format { parts.append("dates as <code>\(format)</code>") }
        if let deprecated = field.deprecated {
            parts.append(deprecated.isEmpty ? "<span class=\"badge deprecated\">deprecated</span>" : "<span class=\"badge deprecated\">deprecated</span> \(deprecated)")
        }
        return HTML.join(parts + extra, separator: "<br>")
    }
}
