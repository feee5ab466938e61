/// A file the generator produces: its path relative to the output folder and its full text.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output folder, e.g. `Shop/Apis/LoginApi.swift`.
    public var path: String
    /// The file's text.
    public var contents: String
}

/// Turns resolved services into files: builds each view model and renders it with its template.
///
/// Files are independent, so they are rendered on all cores; the result is sorted by path, so the
/// output does not depend on scheduling.
struct Renderer: Sendable {
    let templates: TemplateSet

    /// One file to produce.
    private enum Item: Sendable {
        case service(ResolvedService)
        case model(ResolvedModel, ResolvedService, SwiftTypeRenderer)
        case api(ResolvedApi, ResolvedService, SwiftTypeRenderer)

        var job: RenderJob {
            switch self {
            case .service(let service): ServiceViewModel.make(service)
            case .model(let model, let service, let types): ModelViewModel.make(model, service: service, types: types)
            case .api(let api, let service, let types): ApiViewModel.make(api, service: service, types: types)
            }
        }
    }

    /// Every file's render job, in order (view models are otherwise built concurrently, while rendering).
    static func jobs(for services: [ResolvedService]) -> [RenderJob] {
        items(for: services).map(\.job)
    }

    private static func items(for services: [ResolvedService]) -> [Item] {
        var items: [Item] = []
        for service in services {
            let types = SwiftTypeRenderer(modelNames: Dictionary(
                service.models.flatMap { [($0.decl.name, $0.swiftName), ($0.swiftName, $0.swiftName)] }, uniquingKeysWith: { first, _ in first }))
            items.append(.service(service))
            items += service.models.map { .model($0, service, types) }
            items += service.apis.map { .api($0, service, types) }
        }
        return items
    }

    func render(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [GeneratedFile] {
        let results = renderConcurrently(Self.items(for: services))
        var files: [GeneratedFile] = []
        for result in results {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let missing):
                diagnostics.error("no template named '\(missing.template)'", at: SourceLocation(file: "Templates/\(missing.template).mustache", line: 1, column: 1))
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// A template that does not exist.
    private struct MissingTemplate: Error {
        var template: String
    }

    private func renderConcurrently(_ items: [Item]) -> [Result<GeneratedFile, MissingTemplate>] {
        let templates = templates
        return ConcurrentMap.map(items) { item in
            let job = item.job
            guard let text = templates.render(job) else { return .failure(MissingTemplate(template: job.template)) }
            return .success(GeneratedFile(path: job.path, contents: SourceTidier.tidy(text)))
        }
    }
}
