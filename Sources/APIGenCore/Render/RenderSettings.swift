/// The configuration's choices every template sees: the access level (`access`, `importAccess`)
/// and whether mocks are compiled in debug builds only (`mockIf`, `mockEndIf`).
struct RenderSettings: Sendable {
    var accessModifier: Configuration.AccessModifier = .public
    var mocks: Configuration.Mocks = .always
    var typeOverrides: [String: String] = [:]

    /// The job with the settings' keys put first in its view model and its import lines at the chosen
    /// access level.
    func apply(to job: consuming RenderJob) -> RenderJob {
        var job = job
        var settings: [(String, TemplateValue)] = [("access", .text(accessModifier.rawValue)), ("importAccess", .text(accessModifier.importPrefix))]
        if mocks == .debugOnly {
            settings += [("mockIf", .text("#if DEBUG")), ("mockEndIf", .text("#endif"))]
        }
        job.context.prepend(settings)
        if accessModifier != .public, case .list(let lines)? = job.context["imports"] {
            job.context["imports"] = .list(lines.map { line in
                guard case .text(let text) = line, text.hasPrefix("public import ") else { return line }
                return .text(accessModifier.importPrefix + text.dropFirst("public ".count))
            })
        }
        return job
    }
}
