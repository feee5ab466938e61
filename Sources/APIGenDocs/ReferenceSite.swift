public import APIGenCore

/// An HTML reference of the specs: an index of every service and API, a page per service (its
/// environments, envelope and date strategy), per API and per model.
///
/// Pages link to each other by relative paths only, so the same pages work as static files
/// (`apigen docs Specs/ -o site/`) and served at a server's root. They carry their style sheet
/// inline and need no script; every text from the specs is escaped. The same description gives
/// the same pages, byte for byte.
public enum ReferenceSite {
    /// The pages of the reference, by path relative to the site's root (`index.html`,
    /// `services/Shop.html`, `apis/Shop/Login.html`, `models/Shop/Item.html`).
    ///
    /// Every page starts with the line ``marker``.
    public static func pages(for description: SpecDescription) -> [String: String] {
        let site = SiteMap(description)
        var pages = [SiteMap.index: IndexPage.render(description, site: site)]
        for (index, service) in description.services.enumerated() {
            pages[site.service(index)] = ServicePage.render(service, index: index, site: site)
            for (apiIndex, api) in service.apis.enumerated() {
                pages[site.api(index, apiIndex)] = ApiPage.render(api, apiIndex: apiIndex, of: service, index: index, site: site)
            }
            for (modelIndex, model) in service.models.enumerated() {
                pages[site.model(index, modelIndex)] = ModelPage.render(model, modelIndex: modelIndex, of: service, index: index, site: site)
            }
        }
        return pages
    }

    /// The pages as files to write with ``APIGenCore/Generator/write(_:kind:to:)`` and
    /// ``APIGenCore/OutputKind/reference``, sorted by path.
    public static func files(for description: SpecDescription) -> [GeneratedFile] {
        pages(for: description).sorted { $0.key < $1.key }.map { GeneratedFile.file(path: $0.key, contents: $0.value) }
    }

    /// The first line of every page: `apigen docs` replaces or deletes only files that start with it.
    public static var marker: String { PageLayout.marker }
}
