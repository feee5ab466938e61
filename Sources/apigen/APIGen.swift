import APIGenCore
import APIGenImport
import ArgumentParser
import Foundation

/// The `apigen` command line: generate Swift clients from API specs, check them in CI, validate specs.
@main
struct APIGen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apigen",
        abstract: "Generates Swift API clients for the Interactive runtime from YAML API specs.",
        version: Generator.version,
        subcommands: [Generate.self, Check.self, Validate.self, Docs.self, Import.self, Export.self]
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

    var specsURL: URL { URL(fileURLWithPath: specs) }
    var outputURL: URL { URL(fileURLWithPath: output) }
    var templatesURL: URL? { templates.map { URL(fileURLWithPath: $0) } }
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
    static let configuration = CommandConfiguration(abstract: "Writes the generated Swift files, touching only what changed.")

    @OptionGroup var options: RenderOptions

    func run() throws {
        let outcome = Generator.generate(specs: options.specsURL, output: options.outputURL, templates: options.templatesURL)
        try outcome.reportDiagnostics()
        let plan = outcome.plan ?? OutputPlan()
        print("apigen: \(plan.created.count) created, \(plan.updated.count) updated, \(plan.deleted.count) deleted, \(plan.unchanged.count) unchanged")
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Fails (exit 1) when the output folder is not what the specs produce.")

    @OptionGroup var options: RenderOptions

    func run() throws {
        let outcome = Generator.compare(specs: options.specsURL, output: options.outputURL, templates: options.templatesURL)
        try outcome.reportDiagnostics()
        let plan = outcome.plan ?? OutputPlan()
        guard plan.isUpToDate else {
            for path in plan.created { print("missing: \(path)") }
            for path in plan.updated { print("stale: \(path)") }
            for path in plan.deleted { print("obsolete: \(path)") }
            print("apigen: \(options.output) is out of date; run `apigen generate \(options.specs) -o \(options.output)`")
            throw ExitCode(1)
        }
        print("apigen: \(options.output) is up to date (\(plan.unchanged.count) files)")
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Checks the specs and reports every problem; writes nothing.")

    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    func run() throws {
        let outcome = Generator.validate(specs: URL(fileURLWithPath: specs))
        try outcome.reportDiagnostics()
        print("apigen: specs are valid")
    }
}
