public import Foundation

/// The generator's pipeline: load → parse → resolve → render → write.
///
/// Each stage adds to one ``Diagnostics`` collection, so every problem in every spec is reported at
/// once; nothing is written when there is any error.
public enum Generator {
    /// The outcome of a run.
    public struct Outcome: Sendable {
        /// Every problem found, sorted by file, line and column.
        public var diagnostics: [Diagnostic]
        /// The files the specs produce (empty when there are errors).
        public var files: [GeneratedFile]
        /// What writing changes (or, for `check`, would change); `nil` when not compared.
        public var plan: OutputPlan?

        /// Whether any diagnostic is an error.
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads, checks and renders the specs under `specs`, without touching any output folder.
    public static func render(specs: URL, templates: URL? = nil) -> Outcome {
        render(specs: specs, options: GenerationOptions(templates: templates))
    }

    /// Loads the configuration and the specs under `specs`, checks them and renders them in the
    /// chosen layout, without touching any output folder. With ``GenerationOptions/cache``, the
    /// rendering of a run with the same inputs is reused (``RenderCache``).
    public static func render(specs: URL, options: GenerationOptions) -> Outcome {
        var diagnostics = Diagnostics()
        let inputs = read(specs: specs, options: options, diagnostics: &diagnostics)
        var templateDiagnostics = Diagnostics()
        let overrides = TemplateSet.readOverrides(options.templates ?? inputs.configuration.configuration.templates, diagnostics: &templateDiagnostics)
        let readCleanly = !diagnostics.hasErrors && !inputs.specDiagnostics.hasErrors && !templateDiagnostics.hasErrors
        let cacheKey = readCleanly ? cacheKey(specs: specs, options: options, inputs: inputs, overrides: overrides) : nil
        if let cache = options.cache, let cacheKey, let cached = cache.lookup(cacheKey) {
            StageTiming.mark("reused the cached rendering")
            return cached
        }
        let services = resolve(inputs, diagnostics: &diagnostics)
        guard !diagnostics.hasErrors else { return Outcome(diagnostics: diagnostics.sorted, files: []) }
        diagnostics.append(contentsOf: templateDiagnostics)
        guard let overrides, let templateSet = TemplateSet.load(overrides: overrides, diagnostics: &diagnostics) else {
            return Outcome(diagnostics: diagnostics.sorted, files: [])
        }
        let configuration = inputs.configuration.configuration
        let settings = RenderSettings(accessModifier: configuration.accessModifier, mocks: configuration.mocks, typeOverrides: configuration.typeOverrideMap)
        let pieces = Renderer(templates: templateSet, settings: settings).renderPieces(services, diagnostics: &diagnostics)
        BackgroundRelease.release(services)
        StageTiming.mark("rendered")
        let specFiles = inputs.sources.map { LayoutAssembler.SpecFileName(relativePath: $0.relativePath, displayPath: $0.displayPath) }
        let assembler = LayoutAssembler(templates: templateSet, imports: configuration.additionalImports, comments: configuration.additionalFileComments)
        let files = assembler.assemble(pieces, layout: options.layout ?? configuration.layout ?? .perAPI, specFiles: specFiles, diagnostics: &diagnostics)
        StageTiming.mark("assembled")
        let outcome = Outcome(diagnostics: diagnostics.sorted, files: diagnostics.hasErrors ? [] : files)
        if let cache = options.cache, let cacheKey, !outcome.hasErrors {
            cache.store(outcome, for: cacheKey)
            StageTiming.mark("cached")
        }
        return outcome
    }

    /// The key a run's rendering is kept under, when there is a cache (and the templates were read).
    private static func cacheKey(specs: URL, options: GenerationOptions, inputs: Inputs, overrides: TemplateSet.Overrides?) -> RenderCacheKey? {
        guard options.cache != nil, let overrides else { return nil }
        return RenderCacheKey(specs: specs, options: options, configuration: inputs.configuration, templates: overrides, sources: inputs.sources)
    }

    /// Checks the specs and reports problems; writes nothing.
    public static func validate(specs: URL) -> Outcome {
        validate(specs: specs, options: GenerationOptions())
    }

    /// Checks the configuration and the specs and reports problems; writes nothing. The layout's
    /// file names are checked as `generate` checks them (spec files whose per-spec-file outputs clash).
    public static func validate(specs: URL, options: GenerationOptions) -> Outcome {
        var diagnostics = Diagnostics()
        let inputs = read(specs: specs, options: options, diagnostics: &diagnostics)
        _ = resolve(inputs, diagnostics: &diagnostics)
        if !diagnostics.hasErrors, (options.layout ?? inputs.configuration.configuration.layout) == .perSpecFile {
            let specFiles = inputs.sources.map { LayoutAssembler.SpecFileName(relativePath: $0.relativePath, displayPath: $0.displayPath) }
            _ = LayoutAssembler.fileNames(specFiles, diagnostics: &diagnostics)
        }
        return Outcome(diagnostics: diagnostics.sorted, files: [])
    }

    /// What a run reads before it parses anything: the configuration and the spec files' texts.
    struct Inputs {
        var configuration: LoadedConfiguration
        var sources: [SpecSource]
        /// The problems finding and reading the spec files, reported after the configuration's.
        var specDiagnostics: Diagnostics
    }

    /// Reads the configuration and the spec files: the first stage of every command.
    static func read(specs: URL, options: GenerationOptions, diagnostics: inout Diagnostics) -> Inputs {
        StageTiming.start()
        let configuration = ConfigurationLoader.load(specs: specs, explicit: options.configuration, diagnostics: &diagnostics)
        var specDiagnostics = Diagnostics()
        let sources = SpecFileFinder.find(in: specs, excluding: configuration.file, diagnostics: &specDiagnostics)
        StageTiming.mark("found spec files")
        return Inputs(configuration: configuration, sources: sources, specDiagnostics: specDiagnostics)
    }

    /// Parses and resolves the specs read and applies the configuration to them; with
    /// `reshaping` false, the configuration's subset, Swift names and Swift types (which shape the
    /// code, not what is sent) are checked against the specs but not applied.
    static func resolve(_ inputs: Inputs, reshaping: Bool = true, diagnostics: inout Diagnostics) -> [ResolvedService] {
        let configuration = inputs.configuration.configuration
        var specDiagnostics = inputs.specDiagnostics
        let defaultDates = configuration.dates.flatMap { DateFormatSpec.parse($0.value) } ?? .iso8601
        var services = resolve(sources: inputs.sources, defaultDates: defaultDates, diagnostics: &specDiagnostics)
        // The names the configuration gives are checked against the specs when those are sound, also
        // when the configuration has other errors, so that every error is reported in one run.
        if !specDiagnostics.hasErrors {
            let reshaped = configuration.apply(to: services, diagnostics: &diagnostics)
            if reshaping { services = reshaped }
        }
        StageTiming.mark("configuration applied")
        diagnostics.append(contentsOf: specDiagnostics)
        return services
    }

    /// Renders the specs and brings `output` up to date: writes new and changed files, deletes stale
    /// generated files, leaves unchanged and foreign files alone. Writes nothing when there is an error:
    /// every path is checked before the first write, and a write that fails part-way is undone.
    public static func generate(specs: URL, output: URL, templates: URL? = nil) -> Outcome {
        generate(specs: specs, output: output, options: GenerationOptions(templates: templates))
    }

    /// ``generate(specs:output:templates:)`` with a configuration and layout.
    public static func generate(specs: URL, output: URL, options: GenerationOptions) -> Outcome {
        var outcome = compare(specs: specs, output: output, options: options)
        guard !outcome.hasErrors, let plan = outcome.plan else { return outcome }
        do {
            try OutputWriter.apply(plan, files: outcome.files, in: output)
            StageTiming.mark("written")
        } catch {
            outcome.diagnostics.append(Diagnostic(.error, "cannot write output: \(error.description)", at: SourceLocation(file: output.relativePath, line: 1, column: 1)))
        }
        return outcome
    }

    /// Renders the specs and compares them with `output` without writing: ``Outcome/plan`` says what
    /// `generate` would change.
    public static func compare(specs: URL, output: URL, templates: URL? = nil) -> Outcome {
        compare(specs: specs, output: output, options: GenerationOptions(templates: templates))
    }

    /// ``compare(specs:output:templates:)`` with a configuration and layout.
    public static func compare(specs: URL, output: URL, options: GenerationOptions) -> Outcome {
        var outcome = render(specs: specs, options: options)
        guard !outcome.hasErrors else { return outcome }
        var diagnostics = Diagnostics()
        outcome.plan = OutputWriter.plan(outcome.files, in: output, diagnostics: &diagnostics)
        StageTiming.mark("compared with the output")
        outcome.diagnostics += diagnostics.sorted
        return outcome
    }

    /// Loads every spec file and resolves the services they declare. Files are read and parsed on
    /// all cores; their diagnostics are gathered in file order.
    static func resolve(specs: URL, diagnostics: inout Diagnostics) -> [ResolvedService] {
        let sources = SpecFileFinder.find(in: specs, diagnostics: &diagnostics)
        return resolve(sources: sources, diagnostics: &diagnostics)
    }

    /// Resolves the services that spec texts declare; `defaultDates` is the date format of a service
    /// that does not choose one.
    static func resolve(sources: [SpecSource], defaultDates: DateFormatSpec = .iso8601, diagnostics: inout Diagnostics) -> [ResolvedService] {
        let parsed = ConcurrentMap.map(sources) { source -> (SpecFile?, Diagnostics) in
            var loadDiagnostics = Diagnostics()
            guard let root = YAMLLoader.load(source.text, file: source.displayPath, diagnostics: &loadDiagnostics) else {
                return (nil, loadDiagnostics)
            }
            var parser = SpecParser()
            let file = parser.parse(root, path: source.relativePath)
            loadDiagnostics.append(contentsOf: parser.reader.diagnostics)
            return (file, loadDiagnostics)
        }
        for (_, fileDiagnostics) in parsed { diagnostics.append(contentsOf: fileDiagnostics) }
        StageTiming.mark("parsed")
        var resolver = SpecResolver()
        resolver.defaultDates = defaultDates
        // A file that could not be read may be the one that declares a service's environments.
        resolver.someFilesUnreadable = parsed.contains { $0.0 == nil }
        let services = resolver.resolve(parsed.compactMap(\.0))
        BackgroundRelease.release(parsed)
        diagnostics.append(contentsOf: resolver.diagnostics)
        StageTiming.mark("resolved")
        return services
    }
}
