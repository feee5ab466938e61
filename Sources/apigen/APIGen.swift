import APIGenCore
import APIGenImport
import ArgumentParser
import Foundation

/// The `apigen` command line: generate Swift clients from API specs, check them in CI, validate specs.
@main
struct APIGen: ParsableCommand {
    // Every command names itself: ArgumentParser otherwise derives the name from the type's name
    // through `String(describing:)`, a search of every protocol conformance in the process (a few
    // milliseconds of every run).
    static let configuration = CommandConfiguration(
        commandName: "apigen",
        abstract: "Generates Swift API clients for the Interactive runtime from YAML API specs.",
        version: Generator.version,
        subcommands: [Generate.self, Check.self, Validate.self, Init.self, Docs.self, Import.self, Export.self]
    )
}

/// Options every subcommand that renders shares.
struct RenderOptions: ParsableArguments {
    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    @Option(name: .shortAndLong, help: "The folder generated code is written to.")
    var output: String

    @Option(help: "A folder of Mustache templates that replace the built-in ones of the same name.")
    var templates: String?

    @Option(help: "The configuration file (default: apigen.yaml in the spec folder or beside the spec file).")
    var config: String?

    @Option(help: "The output layout: per-api (one file per API, model and service) or per-spec-file (one file per spec file and APIGenServices.swift). Overrides the configuration's.")
    var layout: String?

    @Option(help: "Spread the code over exactly N files APIGenShard1.swift … APIGenShardN.swift (1…64); implies the per-spec-file grouping.")
    var shards: Int?

    @Flag(help: "Render afresh and keep nothing in the cache (by default a run whose specs, configuration, templates and apigen build are unchanged reuses the last rendering, kept in $APIGEN_CACHE_DIR or the user's cache folder).")
    var noCache = false

    var specsURL: URL { URL(fileURLWithPath: specs) }
    var outputURL: URL { URL(fileURLWithPath: output) }

    func validate() throws {
        if let layout, !OutputLayout.names.contains(layout) {
            throw ValidationError("--layout must be per-api or per-spec-file, found '\(layout)'")
        }
        if let shards, !(1...OutputLayout.maxShards).contains(shards) {
            throw ValidationError("--shards must be between 1 and \(OutputLayout.maxShards), found \(shards)")
        }
        if shards != nil, layout == "per-api" {
            throw ValidationError("--shards groups code by spec file; it cannot be used with --layout per-api")
        }
    }

    /// The flags that change what is generated, as given, for the command `check` suggests.
    var choiceArguments: [String] {
        var arguments: [String] = []
        if let templates { arguments += ["--templates", templates] }
        if let config { arguments += ["--config", config] }
        if let layout { arguments += ["--layout", layout] }
        if let shards { arguments += ["--shards", String(shards)] }
        return arguments
    }

    /// The choices for the generator; what is not given here comes from the configuration file.
    var generationOptions: GenerationOptions {
        let chosenLayout: OutputLayout? = if let shards {
            .shards(shards)
        } else {
            switch layout {
            case "per-api": .perAPI
            case "per-spec-file": .perSpecFile
            default: nil
            }
        }
        return GenerationOptions(
            templates: templates.map { URL(fileURLWithPath: $0) },
            configuration: config.map { URL(fileURLWithPath: $0) },
            layout: chosenLayout,
            cache: noCache ? nil : RenderCache.defaultFolder.map(RenderCache.init(folder:))
        )
    }
}

extension Generator.Outcome {
    /// Prints diagnostics to standard error and fails when there is an error.
    func reportDiagnostics() throws {
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        if hasErrors {
            let count = diagnostics.filter { $0.severity == .error }.count
            FileHandle.standardError.write(Data("apigen: \(count) error\(count == 1 ? "" : "s"); nothing written\n".utf8))
            throw ExitCode(1)
        }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate", abstract: "Writes the generated Swift files, touching only what changed.")

    @OptionGroup var options: RenderOptions

    func run() throws {
        let outcome = Generator.generate(specs: options.specsURL, output: options.outputURL, options: options.generationOptions)
        defer { BackgroundRelease.release(outcome) }  // the process ends next: freeing every file's text would only delay it
        try outcome.reportDiagnostics()
        let plan = outcome.plan ?? OutputPlan()
        print("apigen: \(plan.created.count) created, \(plan.updated.count) updated, \(plan.deleted.count) deleted, \(plan.unchanged.count) unchanged")
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Fails (exit 1) when the output folder is not what the specs produce.")

    @OptionGroup var options: RenderOptions

    func run() throws {
        let outcome = Generator.compare(specs: options.specsURL, output: options.outputURL, options: options.generationOptions)
        defer { BackgroundRelease.release(outcome) }  // the process ends next: freeing every file's text would only delay it
        try outcome.reportDiagnostics()
        let plan = outcome.plan ?? OutputPlan()
        guard plan.isUpToDate else {
            for path in plan.created { print("missing: \(path)") }
            for path in plan.updated { print("stale: \(path)") }
            for path in plan.deleted { print("obsolete: \(path)") }
            print("apigen: \(options.output) is out of date; run `apigen generate \(([options.specs, "-o", options.output] + options.choiceArguments).joined(separator: " "))`")
            throw ExitCode(1)
        }
        print("apigen: \(options.output) is up to date (\(plan.unchanged.count) files)")
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "validate", abstract: "Checks the specs and reports every problem; writes nothing.")

    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    @Option(help: "The configuration file (default: apigen.yaml in the spec folder or beside the spec file).")
    var config: String?

    func run() throws {
        let options = GenerationOptions(configuration: config.map { URL(fileURLWithPath: $0) })
        let outcome = Generator.validate(specs: URL(fileURLWithPath: specs), options: options)
        try outcome.reportDiagnostics()
        print("apigen: specs are valid")
    }
}

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Writes a commented starter apigen.yaml and a starter spec; never overwrites a file.")

    @Argument(help: "The folder to write them to (created when missing).")
    var folder: String = "."

    func run() throws {
        let diagnostics = StarterFiles.write(into: URL(fileURLWithPath: folder))
        for diagnostic in diagnostics {
            FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
        }
        guard diagnostics.isEmpty else { throw ExitCode(1) }
        let prefix = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        print("apigen: wrote \(prefix)apigen.yaml and \(prefix)\(StarterFiles.specName); next: apigen generate \(folder) -o Generated")
    }
}
