/// A file the generator produces: its path relative to the output folder and its full text.
public struct GeneratedFile: Sendable, Hashable {
    /// The path relative to the output folder, e.g. `Shop/Apis/LoginApi.swift`.
    public var path: String
    /// The file's text.
    public var contents: String
}

/// Turns resolved services into files: builds each view model and renders it with its template.
struct Renderer {
    let templates: TemplateSet

    func render(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [GeneratedFile] {
        var files: [GeneratedFile] = []
        for service in services {
            let types = SwiftTypeRenderer(modelNames: Dictionary(
                service.models.flatMap { [($0.decl.name, $0.swiftName), ($0.swiftName, $0.swiftName)] }, uniquingKeysWith: { first, _ in first }))
            var jobs = [ServiceViewModel.make(service)]
            jobs += service.models.map { ModelViewModel.make($0, service: service, types: types) }
            jobs += service.apis.map { ApiViewModel.make($0, service: service, types: types) }
            for job in jobs {
                guard let text = templates.render(job) else {
                    diagnostics.error("no template named '\(job.template)'", at: SourceLocation(file: "Templates/\(job.template).mustache", line: 1, column: 1))
                    continue
                }
                files.append(GeneratedFile(path: job.path, contents: SourceTidier.tidy(text)))
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}
