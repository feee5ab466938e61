import APIGenCore

/// `services/<Service>.html`: environments, the headers and query items sent with every call, the
/// envelope, the date strategy, and links to the APIs and models.
enum ServicePage {
    static func render(_ service: SpecDescription.Service, index: Int, site: SiteMap) -> String {
        let page = site.service(index)
        let environments = service.environments.map { environment -> [HTML] in
            let isDefault: HTML = environment.name == service.defaultEnvironment ? "<span class=\"badge\">default</span>" : ""
            return ["\(environment.name)\(isDefault)", "<code>\(environment.url)</code>"]
        }
        let constants = service.headers.map { ["\($0.0)", "header", "<code>\($0.1)</code>"] as [HTML] }
            + service.query.map { ["\($0.0)", "query", "<code>\($0.1)</code>"] as [HTML] }
        let apis = service.apis.enumerated().map { apiIndex, api -> HTML in
            "<li><span class=\"method\">\(api.method)</span> <a href=\"\(SiteMap.link(from: page, to: site.api(index, apiIndex)))\">\(api.name)</a> <code>\(api.path)</code>\(Fragments.deprecatedBadge(api.deprecated))</li>\n"
        }
        let models = service.models.enumerated().map { modelIndex, model -> HTML in
            "<li><a href=\"\(SiteMap.link(from: page, to: site.model(index, modelIndex)))\">\(model.name)</a>\(Fragments.deprecatedBadge(model.deprecated))</li>\n"
        }
        let apiList: HTML = apis.isEmpty ? "<p>No APIs.</p>\n" : "<ul>\n\(apis)</ul>\n"
        let modelList: HTML = models.isEmpty ? "<p>No models.</p>\n" : "<ul>\n\(models)</ul>\n"
        let content: HTML = """
            <h1>\(service.name)</h1>
            \(Fragments.paragraphs(service.description))<h2>Environments</h2>
            \(environments.isEmpty ? "<p>None declared.</p>\n" : Fragments.table("Base URLs", headers: ["Environment", "Base URL"], rows: environments))<h2>Sent with every call</h2>
            \(constants.isEmpty ? "<p>No headers or query items.</p>\n" : Fragments.table("Headers and query items", headers: ["Name", "In", "Value"], rows: constants))<h2>Envelope</h2>
            \(envelope(service.envelope))<h2>Dates</h2>
            <p>Dates are written as <code>\(service.dates)</code>\(dateNote(service.dates)) unless a field or param gives its own <code>format</code>.</p>
            <h2>APIs</h2>
            \(apiList)<h2>Models</h2>
            \(modelList)
            """
        return PageLayout.page(path: page, title: service.name, trail: [], content: content)
    }

    /// The envelope's keys and codes and the shape of an answer; a sentence when there is none.
    static func envelope(_ envelope: SpecDescription.Envelope?, result: String = "…") -> HTML {
        guard let envelope else { return "<p>Results are not wrapped: the body is the result.</p>\n" }
        var facts: [HTML] = ["<dt>Code key</dt><dd><code>\(envelope.code)</code></dd>"]
        if !envelope.success.isEmpty { facts.append("<dt>Success codes</dt><dd><code>\(envelope.success.joined(separator: ", "))</code></dd>") }
        if !envelope.sessionExpired.isEmpty {
            facts.append("<dt>Session expired</dt><dd><code>\(envelope.sessionExpired.joined(separator: ", "))</code> (the client logs in again and replays the call)</dd>")
        }
        if let message = envelope.message { facts.append("<dt>Message key</dt><dd><code>\(message)</code></dd>") }
        facts.append("<dt>Result key</dt><dd><code>\(envelope.result)</code></dd>")
        var shape = "{" + QuotedText.json(envelope.code) + ": " + (envelope.success.first ?? "…")
        if let message = envelope.message { shape += ", " + QuotedText.json(message) + ": \"…\"" }
        shape += ", " + QuotedText.json(envelope.result) + ": " + result + "}"
        return """
            <dl class="facts">
            \(HTML.join(facts, separator: "\n"))
            </dl>
            <pre><code>\(JSONText.pretty(shape))</code></pre>

            """
    }

    private static func dateNote(_ dates: String) -> String {
        switch dates {
        case "iso8601": " (ISO 8601, e.g. 2026-01-31T12:00:00Z)"
        case "epochSeconds": " (seconds since 1970)"
        case "epochMillis": " (milliseconds since 1970)"
        case "date": " (a calendar date, e.g. 2026-01-31)"
        default: " (a date pattern)"
        }
    }
}
