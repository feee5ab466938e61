public import APIGenCore
import Foundation

/// What an importer made of its source, before it is written as spec files.
struct ImportedService {
    /// A model or API: its name, its spec mapping, the file it goes in and where it came from.
    struct Item {
        var name: String
        var entries: [SpecEntry]
        var file: String
        var origin: String
    }

    var name: String
    var description: String?
    var environments: [(name: String, url: String)] = []
    /// The service file's further keys (`defaultEnvironment`, `defaults`).
    var settings: [SpecEntry] = []
    /// Where each of `settings` came from in the source (`#/x-apigen/defaults`), by key.
    var settingsOrigins: [String: String] = [:]
    var models: [Item] = []
    var apis: [Item] = []
}

/// The result of an import: the spec files, or why there are none.
public struct ImportOutcome: Sendable {
    /// The spec files, paths relative to the output folder, sorted; empty when there are errors.
    public var files: [GeneratedFile] = []
    /// Every loss, one each, in document order.
    public var warnings: [ImportWarning] = []
    /// Problems that stop the import (an unreadable document; a spec the generator rejects).
    public var errors: [String] = []
    /// Operations (OpenAPI) or interfaces (NEI) read.
    public var operationsIn = 0
    /// APIs written.
    public var apisOut = 0

    /// Whether the import failed.
    public var hasErrors: Bool { !errors.isEmpty }
}

/// Turns an ``ImportedService`` into spec files: one per group, the service's own file holding its
/// environments and models; then checks them with the generator itself, dropping (with a warning)
/// a mock or an API the generator rejects, so that what is written always validates.
struct SpecAssembler {
    /// The command that made the files, for their header (`openapi`, `nei`).
    var source: String
    /// The document's file name, for the header.
    var documentName: String
    /// The folder the files go in, for the paths the generator's diagnostics name.
    var outputPath: String

    static let serviceFile = "service.yaml"

    /// The files, and warnings for what the generator made the importer drop.
    func assemble(_ service: ImportedService, warnings: inout [ImportWarning], errors: inout [String], document: String) -> [GeneratedFile] {
        var service = service
        service.breakRequiredCycles(document: document, warnings: &warnings)
        for _ in 0..<4 {
            let (files, ranges) = render(service)
            let texts = files.map { Generator.SpecText(path: outputPath + "/" + $0.path, text: $0.contents) }
            let outcome = Generator.validate(texts: texts)
            let problems = outcome.diagnostics.filter { $0.severity == .error }
            if problems.isEmpty { return files }
            var dropMocks: [String: String] = [:]
            var dropApis: [String: String] = [:]
            var unexplained: [Diagnostic] = []
            for problem in problems {
                let file = String(problem.location.file.dropFirst(outputPath.count + 1))
                let line = problem.location.line
                let hit = ranges[file]?.first { $0.value.contains(line) && $0.key.hasSuffix("/mock") }
                    ?? ranges[file]?.filter { $0.value.contains(line) && $0.key.hasPrefix("apis/") }.min { $0.value.count < $1.value.count }
                guard let (section, _) = hit else {
                    unexplained.append(problem)
                    continue
                }
                let parts = section.split(separator: "/").map(String.init)
                if parts.count == 3 {
                    dropMocks[parts[1]] = dropMocks[parts[1]] ?? problem.message
                } else {
                    dropApis[parts[1]] = dropApis[parts[1]] ?? problem.message
                }
            }
            if !unexplained.isEmpty || (dropMocks.isEmpty && dropApis.isEmpty) {
                errors += (unexplained.isEmpty ? problems : unexplained).map { explain($0, service: service, ranges: ranges, document: document) }
                return []
            }
            for index in service.apis.indices.reversed() {
                let api = service.apis[index]
                if let message = dropApis[api.name] {
                    warnings.append(ImportWarning(document: document, location: api.origin, message: "operation not imported: the generator rejects it: \(message)", kind: "rejected-operation"))
                    service.apis.remove(at: index)
                } else if let message = dropMocks[api.name] {
                    warnings.append(ImportWarning(document: document, location: api.origin, message: "example dropped: it does not match the response type (\(message))", kind: "example"))
                    service.apis[index].entries.removeAll { $0.key == "mock" }
                }
            }
        }
        errors.append("the imported spec does not validate after dropping what the generator rejects")
        return []
    }

    /// A problem the importer cannot drop its way out of, told at the place in the source document
    /// it came from (`DOC#/components/schemas/Pet: error: …`) when it lies in a model, an API or a
    /// setting kept in `x-apigen`, with the place in the spec that was not written.
    private func explain(_ problem: Diagnostic, service: ImportedService, ranges: [String: [String: ClosedRange<Int>]], document: String) -> String {
        let file = String(problem.location.file.dropFirst(outputPath.count + 1))
        let section = ranges[file]?.filter { $0.value.contains(problem.location.line) }.min { $0.value.count < $1.value.count }?.key
        let parts = section?.split(separator: "/").map(String.init) ?? []
        let items = parts.first == "models" ? service.models : parts.first == "apis" ? service.apis : []
        let specPlace = "\(file):\(problem.location.line):\(problem.location.column)"
        if parts.count == 1, let origin = service.settingsOrigins[parts[0]] {
            let place = ImportWarning.place(document: document, location: origin)
            return "\(place): error: the imported setting '\(parts[0])' does not validate: \(problem.message) (\(specPlace) of the specs not written)"
        }
        guard parts.count >= 2, let item = items.first(where: { $0.name == parts[1] }) else {
            return "\(outputPath)/\(specPlace): error: the imported spec does not validate: \(problem.message)"
        }
        let place = ImportWarning.place(document: document, location: item.origin)
        return "\(place): error: the imported \(parts[0] == "models" ? "model" : "API") '\(item.name)' does not validate: \(problem.message) (\(specPlace) of the specs not written)"
    }

    /// The files' texts and, for each file, the line ranges of its models, APIs and mocks.
    func render(_ service: ImportedService) -> ([GeneratedFile], [String: [String: ClosedRange<Int>]]) {
        var groups: [String: (models: [ImportedService.Item], apis: [ImportedService.Item])] = [Self.serviceFile: ([], [])]
        for model in service.models { groups[model.file, default: ([], [])].models.append(model) }
        for api in service.apis { groups[api.file, default: ([], [])].apis.append(api) }
        var files: [GeneratedFile] = []
        var ranges: [String: [String: ClosedRange<Int>]] = [:]
        for path in groups.keys.sorted() {
            guard let group = groups[path] else { continue }
            var entries: [SpecEntry] = [SpecEntry("service", .text(service.name))]
            if path == Self.serviceFile {
                entries.add("description", text: service.description)
                entries.add("environments", .map(service.environments.map { SpecEntry($0.name, .text($0.url)) }))
                entries += service.settings
            }
            if !group.models.isEmpty {
                entries.add("models", .map(group.models.sorted { $0.name < $1.name }.map { SpecEntry($0.name, .map($0.entries)) }))
            }
            if !group.apis.isEmpty {
                entries.add("apis", .map(group.apis.sorted { $0.name < $1.name }.map { SpecEntry($0.name, .map($0.entries)) }))
            }
            let header = [
                "Generated by apigen import \(source) from \(documentName). Re-running the import replaces this file;",
                "delete this header line to keep your edits (apigen then never touches the file).",
            ]
            let yaml = YAMLText.file(header: header, entries)
            files.append(GeneratedFile.file(path: path, contents: yaml.text))
            ranges[path] = yaml.ranges
        }
        return (files, ranges)
    }
}

extension String {
    /// The most UTF-8 bytes of a file stem: with a number and `.yaml` after it, within the 255
    /// bytes file systems allow a name (100 characters of a CJK tag were 300 bytes).
    static let fileStemByteLimit = 200

    /// A file name made from a group or tag name: lowercase, letters and digits of any script
    /// kept, runs of anything else a single `-`, at most ``fileStemByteLimit`` bytes.
    var fileStem: String {
        var result = ""
        for scalar in lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        result = result.prefix(utf8Bytes: Self.fileStemByteLimit)
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }

    /// The longest start of the text that is whole characters and at most `limit` UTF-8 bytes.
    func prefix(utf8Bytes limit: Int) -> String {
        guard utf8.count > limit else { return self }
        var result = ""
        var count = 0
        for character in self {
            count += character.utf8.count
            guard count <= limit else { break }
            result.append(character)
        }
        return result
    }
}
