/// A file the generator produces: its path relative to the output folder and its full text.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output folder, e.g. `Shop/Apis/LoginApi.swift`.
    public var path: String
    /// The file's text.
    public var contents: String
}

/// One rendered per-API file and the spec file its code comes from (`nil` for a service file).
struct RenderedPiece: Sendable {
    var file: GeneratedFile
    var specFile: String?
    /// The spec file the file's header names (for a service, the file with its settings).
    var source: String
    /// The model the file declares (`nil` for a service or an API).
    var model: DeclaredModel? = nil

    /// A model file's type: its Swift name and whether it is an enum (of cases, or a sum type).
    struct DeclaredModel: Sendable {
        var typeName: String
        var isEnum: Bool
    }
}

/// Turns resolved services into files: builds each view model and renders it with its template.
///
/// Files are independent, so they are rendered on all cores; the result is sorted by path, so the
/// output does not depend on scheduling.
struct Renderer: Sendable {
    let templates: TemplateSet
    var settings = RenderSettings()

    /// A service and the type names its files use, shared by reference by all of its items (a
    /// service is a large value: copying it into every item cost more than rendering some files).
    private final class ServiceContext: Sendable {
        let service: ResolvedService
        let types: SwiftTypeRenderer

        init(service: ResolvedService, types: SwiftTypeRenderer) {
            self.service = service
            self.types = types
        }
    }

    /// One file to produce: the service's own file, or one of its models or APIs by index (an item
    /// that held a copy of its model or API cost more to build and free than some files to render).
    private enum Item: Sendable {
        case service(ServiceContext)
        case model(Int, ServiceContext)
        case api(Int, ServiceContext)

        /// The spec file the item's code comes from; `nil` for a service (its settings may be spread
        /// over several files).
        var specFile: String? {
            if case .service = self { return nil }
            return source
        }

        /// The spec file the file's header names (for a service, the file with its settings).
        var source: String {
            switch self {
            case .service(let context): context.service.settingsFile
            case .model(let index, let context): context.service.models[index].decl.file
            case .api(let index, let context): context.service.apis[index].decl.file
            }
        }

        /// The model the item's file declares.
        var model: RenderedPiece.DeclaredModel? {
            guard case .model(let index, let context) = self else { return nil }
            let model = context.service.models[index]
            let isEnum = if case .object = model.decl.kind { false } else { true }
            return RenderedPiece.DeclaredModel(typeName: model.swiftName, isEnum: isEnum)
        }

        var job: RenderJob {
            switch self {
            case .service(let context): ServiceViewModel.make(context.service)
            case .model(let index, let context): ModelViewModel.make(context.service.models[index], service: context.service, types: context.types)
            case .api(let index, let context): ApiViewModel.make(context.service.apis[index], service: context.service, types: context.types)
            }
        }
    }

    /// Every file's render job, in order (view models are otherwise built concurrently, while rendering).
    static func jobs(for services: [ResolvedService], settings: RenderSettings = RenderSettings()) -> [RenderJob] {
        items(for: services, settings: settings).map { settings.apply(to: $0.job) }
    }

    private static func items(for services: [ResolvedService], settings: RenderSettings) -> [Item] {
        var items: [Item] = []
        for service in services {
            let types = SwiftTypeRenderer(
                modelNames: service.models.byNames { $0.swiftName }, overrides: settings.typeOverrides,
                indirectModels: IndirectModels.swiftNames(of: service)
            )
            let context = ServiceContext(service: service, types: types)
            items.append(.service(context))
            items += service.models.indices.map { .model($0, context) }
            items += service.apis.indices.map { .api($0, context) }
        }
        return items
    }

    func render(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [GeneratedFile] {
        renderPieces(services, diagnostics: &diagnostics).map(\.file).sorted { $0.path < $1.path }
    }

    /// Every per-API file with the spec file its code comes from, in a stable order (each service,
    /// then its models, then its APIs): what the other layouts are assembled from.
    func renderPieces(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [RenderedPiece] {
        let items = Self.items(for: services, settings: settings)
        let results = renderConcurrently(items)
        var pieces: [RenderedPiece] = []
        for (item, result) in zip(items, results) {
            switch result {
            case .success(let file): pieces.append(RenderedPiece(file: file, specFile: item.specFile, source: item.source, model: item.model))
            case .failure(let missing):
                diagnostics.error("no template named '\(missing.template)'", at: SourceLocation(file: "Templates/\(missing.template).mustache", line: 1, column: 1))
            }
        }
        return pieces
    }

    /// A template that does not exist.
    private struct MissingTemplate: Error {
        var template: String
    }

    private func renderConcurrently(_ items: [Item]) -> [Result<GeneratedFile, MissingTemplate>] {
        let templates = templates, settings = settings
        return ConcurrentMap.map(items) { item in
            let job = settings.apply(to: item.job)
            guard let bytes = templates.renderUTF8(job) else { return .failure(MissingTemplate(template: job.template)) }
            return .success(GeneratedFile(path: job.path, contents: SourceTidier.tidy(utf8: bytes)))
        }
    }
}
