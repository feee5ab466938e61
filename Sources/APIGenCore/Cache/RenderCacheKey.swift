import Foundation

/// Everything a rendering depends on, as bytes compared whole against a cache entry's, and the
/// name of the entry that spec folder and those choices use.
struct RenderCacheKey: Sendable {
    /// The inputs, in ``CacheRecord`` fields.
    let bytes: [UInt8]
    /// The entry's file name: a hash of where the specs are and the choices made, not of their text,
    /// so that each spec folder keeps one entry that every run replaces.
    let name: String

    /// The key of a run, or `nil` when this apigen build cannot be told from others.
    init?(specs: URL, options: GenerationOptions, configuration: LoadedConfiguration, templates: TemplateSet.Overrides, sources: [SpecSource]) {
        guard let generator = GeneratorIdentity.current else { return nil }
        let layout = switch options.layout {
        case .perAPI: "per-api"
        case .perSpecFile: "per-spec-file"
        case .shards(let count): "shards \(count)"
        case nil: "configured"
        }
        // The current folder matters too: relative paths are resolved against it.
        let place = [FileManager.default.currentDirectoryPath, specs.relativePath, layout, options.configuration?.path ?? "", options.templates?.path ?? ""]
        name = String(FNV1a64.hash(place.joined(separator: "\0").utf8), radix: 16)
        var writer = CacheRecord.Writer(capacity: sources.reduce(4_096) { $0 + $1.text.utf8.count + $1.relativePath.utf8.count + $1.displayPath.utf8.count + 24 })
        writer.append(generator)
        for part in place { writer.append(part) }
        writer.append(optional: configuration.file?.path)
        writer.append(optional: configuration.configuration.path)
        writer.append(optional: configuration.text)
        writer.append(optional: templates.folder?.path)
        writer.append(templates.files.count)
        for file in templates.files {
            writer.append(file.name)
            writer.append(file.path)
            writer.append(file.text)
        }
        writer.append(sources.count)
        for source in sources {
            writer.append(source.relativePath)
            writer.append(source.displayPath)
            writer.append(source.text)
        }
        bytes = writer.bytes
    }
}
