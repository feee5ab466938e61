import APIGenCore
import APIGenDocs
import ArgumentParser
import Foundation

/// `apigen docs Specs/ -o site/`: the HTML API reference as static files.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Writes an HTML API reference of the specs: an index, a page per service, API and model."
    )

    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    @Option(name: .shortAndLong, help: "The folder the pages are written to.")
    var output: String

    @Option(help: "The configuration file (default: apigen.yaml in the spec folder or beside the spec file); its date format is the reference's.")
    var config: String?

    func run() throws {
        let options = GenerationOptions(configuration: config.map { URL(fileURLWithPath: $0) })
        let (checked, description) = Generator.describe(specs: URL(fileURLWithPath: specs), options: options)
        try checked.reportDiagnostics()
        guard let description else { return }
        let outcome = Generator.write(ReferenceSite.files(for: description), kind: .reference, to: URL(fileURLWithPath: output))
        try outcome.reportDiagnostics()
        let plan = outcome.plan ?? OutputPlan()
        print("apigen: \(plan.created.count) created, \(plan.updated.count) updated, \(plan.deleted.count) deleted, \(plan.unchanged.count) unchanged; open \(output)/index.html")
    }
}
