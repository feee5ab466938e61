import APIGenCore
import APIGenImport
import ArgumentParser
import Foundation

/// `apigen import openapi|nei DOC -o DIR`.
struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Writes apigen specs made from an OpenAPI document or an NEI project export.",
        subcommands: [ImportOpenAPI.self, ImportNEI.self]
    )
}

/// Options every import shares.
struct ImportOptions: ParsableArguments {
    @Argument(help: "The document to import.")
    var document: String

    @Option(name: .shortAndLong, help: "The folder the spec files are written to.")
    var output: String

    @Flag(help: "Treat every loss as an error: exit 1 and write nothing.")
    var strict = false

    /// The document's bytes; a file that cannot be read is reported like a spec error.
    func documentData() throws -> Data {
        guard let data = FileManager.default.contents(atPath: document) else {
            FileHandle.standardError.write(Data("\(document): error: cannot read the file\napigen: 1 error; nothing written\n".utf8))
            throw ExitCode(1)
        }
        return data
    }
}

extension ImportOutcome {
    /// Prints warnings (errors under `--strict`) and errors to standard error, writes the files
    /// all or nothing, and prints a summary.
    func finish(_ options: ImportOptions) throws {
        let severity = options.strict ? "error" : "warning"
        for warning in warnings {
            FileHandle.standardError.write(Data((warning.line(severity: severity) + "\n").utf8))
        }
        for error in errors {
            FileHandle.standardError.write(Data((MessageText.escaped(error) + "\n").utf8))
        }
        let problems = errors.count + (options.strict ? warnings.count : 0)
        if problems > 0 {
            FileHandle.standardError.write(Data("apigen: \(problems) error\(problems == 1 ? "" : "s"); nothing written\n".utf8))
            throw ExitCode(1)
        }
        let written = Generator.write(files, kind: .specs, to: URL(fileURLWithPath: options.output))
        try written.reportDiagnostics()
        let plan = written.plan ?? OutputPlan()
        print("apigen: \(operationsIn) operation\(operationsIn == 1 ? "" : "s") in, \(apisOut) API\(apisOut == 1 ? "" : "s") out, \(warnings.count) warning\(warnings.count == 1 ? "" : "s"); \(plan.created.count) created, \(plan.updated.count) updated, \(plan.deleted.count) deleted, \(plan.unchanged.count) unchanged")
    }
}

struct ImportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Imports an OpenAPI 3.0, 3.1 or 3.2 document (YAML or JSON)."
    )

    @OptionGroup var options: ImportOptions

    func run() throws {
        let data = try options.documentData()
        let outcome = OpenAPIImporter.importDocument(
            data, documentName: options.document, outputPath: options.output, documentURL: URL(fileURLWithPath: options.document)
        )
        try outcome.finish(options)
    }
}

/// `apigen export openapi SPECS -o openapi.yaml`.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Writes an OpenAPI document made from the specs.",
        subcommands: [ExportOpenAPI.self]
    )
}

struct ExportOpenAPI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Writes an OpenAPI 3.1 document of one service: YAML, or JSON when the output ends in .json."
    )

    @Argument(help: "The folder of spec files (*.yaml, *.yml), searched recursively, or one spec file.")
    var specs: String

    @Option(name: .shortAndLong, help: "The document to write (openapi.yaml, openapi.json).")
    var output: String

    @Option(help: "The configuration file (default: apigen.yaml in the spec folder or beside the spec file); its date format is the document's.")
    var config: String?

    func run() throws {
        let options = GenerationOptions(configuration: config.map { URL(fileURLWithPath: $0) })
        let (checked, description) = Generator.describe(specs: URL(fileURLWithPath: specs), options: options)
        try checked.reportDiagnostics()
        guard let description else { return }
        let outcome = OpenAPIExporter.export(description, json: output.lowercased().hasSuffix(".json"))
        for line in outcome.warnings + outcome.errors {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        guard let text = outcome.text, outcome.errors.isEmpty else {
            FileHandle.standardError.write(Data("apigen: nothing written\n".utf8))
            throw ExitCode(1)
        }
        let url = URL(fileURLWithPath: output)
        try checkOutputIsAnExport(url)
        if FileManager.default.contents(atPath: url.path) == Data(text.utf8) {
            print("apigen: \(output) is unchanged")
            return
        }
        do {
            // As `generate` makes its output folder, the document's folder is made when missing.
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("\(output): error: cannot write: \(error.localizedDescription)\n".utf8))
            throw ExitCode(1)
        }
        print("apigen: wrote \(output) (\(outcome.operations) operation\(outcome.operations == 1 ? "" : "s"), \(outcome.warnings.count) warning\(outcome.warnings.count == 1 ? "" : "s"))")
    }
}

extension ExportOpenAPI {
    /// Stops with an error when the output is a folder, one of the specs being exported, or a file
    /// `apigen export` did not write (without ``OpenAPIExporter/marker``): only its own documents
    /// are overwritten.
    func checkOutputIsAnExport(_ url: URL) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            try fail("cannot write: it is a folder; give the document's file name (\(url.appendingPathComponent("openapi.yaml").relativePath))")
        }
        if isOneOfTheSpecs(url) {
            try fail("refusing to overwrite \(output): it is one of the specs being exported; give another file name")
        }
        let text = FileManager.default.contents(atPath: url.path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !OpenAPIExporter.isExport(text) {
            try fail("refusing to overwrite \(output): it was not written by apigen export (no '\(OpenAPIExporter.marker)' key); delete it or give another file name")
        }
    }

    /// Whether `url` is the spec file exported, or a spec file in the spec folder exported.
    private func isOneOfTheSpecs(_ url: URL) -> Bool {
        let target = url.standardizedFileURL.resolvingSymlinksInPath().path
        let source = URL(fileURLWithPath: specs).standardizedFileURL.resolvingSymlinksInPath().path
        if target == source { return true }
        let isSpecFile = ["yaml", "yml"].contains(url.pathExtension.lowercased())
        return isSpecFile && target.hasPrefix(source.hasSuffix("/") ? source : source + "/")
    }

    /// Prints `OUTPUT: error: message` and nothing is written.
    private func fail(_ message: String) throws -> Never {
        FileHandle.standardError.write(Data("\(output): error: \(message)\napigen: nothing written\n".utf8))
        throw ExitCode(1)
    }
}

struct ImportNEI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nei",
        abstract: "Imports an NEI project export (JSON): one spec file per NEI group."
    )

    @OptionGroup var options: ImportOptions

    func run() throws {
        let data = try options.documentData()
        let outcome = NEIImporter.importExport(data, documentName: options.document, outputPath: options.output)
        try outcome.finish(options)
    }
}
