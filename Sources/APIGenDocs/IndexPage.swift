import APIGenCore

/// `index.html`: every service, each with every API (method, path, name, summary, deprecation) and
/// its models.
enum IndexPage {
    static func render(_ description: SpecDescription, site: SiteMap) -> String {
        let page = SiteMap.index
        var content: HTML = "<h1>API reference</h1>\n"
        if description.services.isEmpty {
            content = "\(content)<p>The specs declare no service.</p>\n"
        }
        let serviceList = description.services.indices.map { index -> HTML in
            let service = description.services[index]
            return "<li><a href=\"\(SiteMap.link(from: page, to: site.service(index)))\">\(service.name)</a> <span class=\"muted\">\(String(service.apis.count)) APIs, \(String(service.models.count)) models</span></li>\n"
        }
        if description.services.count > 1 {
            content = "\(content)<ul>\n\(serviceList)</ul>\n"
        }
        for (index, service) in description.services.enumerated() {
            content = "\(content)\(section(service, index: index, site: site))"
        }
        return PageLayout.page(path: page, title: "API reference", trail: [], content: content)
    }

    private static func section(_ service: SpecDescription.Service, index: Int, site: SiteMap) -> HTML {
        let page = SiteMap.index
        let rows = service.apis.enumerated().map { apiIndex, api -> [HTML] in
            let link = SiteMap.link(from: page, to: site.api(index, apiIndex))
            return [
                "<a href=\"\(link)\">\(api.name)</a>\(Fragments.deprecatedBadge(api.deprecated))",
                "<span class=\"method\">\(api.method)</span>",
                "<code>\(api.path)</code>",
                Fragments.prose(Fragments.summary(api.description)),
            ]
        }
        let models = service.models.enumerated().map { modelIndex, model -> HTML in
            "<li><a href=\"\(SiteMap.link(from: page, to: site.model(index, modelIndex)))\">\(model.name)</a>\(Fragments.deprecatedBadge(model.deprecated))</li>\n"
        }
        let modelList: HTML = models.isEmpty ? "" : "<h3>Models</h3>\n<ul class=\"models\">\n\(models)</ul>\n"
        return """
            <section aria-labelledby="service-\(String(index))">
            <h2 id="service-\(String(index))"><a href="\(SiteMap.link(from: page, to: site.service(index)))">\(service.name)</a></h2>
            \(Fragments.paragraphs(service.description))<h3>APIs</h3>
            \(rows.isEmpty ? "<p>No APIs.</p>\n" : Fragments.table("The APIs of \(service.name)", headers: ["API", "Method", "Path", "Summary"], rows: rows))\(modelList)</section>

            """
    }
}
