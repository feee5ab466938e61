import APIGenCore
public import Foundation

/// `apigen import openapi`: an OpenAPI 3.0, 3.1 or 3.2 document (YAML or JSON) → apigen specs.
public enum OpenAPIImporter {
    /// Imports a document.
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - documentName: The document as given on the command line, named in every warning.
    ///   - outputPath: The output folder as given, named in the generator's diagnostics.
    ///   - documentURL: Where the document is, when it is a file: its `$ref`s to other files are
    ///     followed from there (``ReferenceBundler``).
    /// - Returns: The spec files (one per tag, `default.yaml` for untagged operations, and
    ///   `service.yaml` with the environments and models), sorted, the same bytes every run; and one
    ///   warning per loss.
    public static func importDocument(_ data: Data, documentName: String, outputPath: String, documentURL: URL? = nil) -> ImportOutcome {
        var outcome = ImportOutcome()
        StageTiming.start()
        let document: OpenAPIDocument
        let raw: RawDocument
        var repairs: [DocumentRepair.Note] = []
        var origins: [ReferenceBundler.Origin] = []
        var data = data
        if let documentURL, let bundled = ReferenceBundler.bundle(data, document: documentURL) {
            data = bundled.data
            repairs = bundled.notes
            origins = bundled.origins
        }
        switch OpenAPIDocumentLoader.load(data) {
        case .success(let loaded):
            document = loaded.document
            raw = loaded.raw
            repairs += loaded.repairs
        case .failure(let failure):
            outcome.errors.append("\(JSONSyntax.place(documentName, line: failure.line, column: failure.column)): error: \(failure.message)")
            return outcome
        }
        StageTiming.mark("decoded")
        var mapper = OpenAPIMapper(document: document, raw: raw, documentName: documentName)
        for repair in repairs { mapper.warn(repair.pointer, repair.kind, repair.message) }
        mapper.mendedKeywords = Set(repairs.filter { $0.kind == "validation" }.map(\.pointer))
        mapper.map()
        StageTiming.mark("mapped")
        outcome.operationsIn = mapper.operationsIn
        var warnings = ImportWarning.mergingUnfollowedReferences(mapper.warnings)
        let assembler = SpecAssembler(source: "openapi", documentName: URL(fileURLWithPath: documentName).lastPathComponent, outputPath: outputPath)
        var errors: [String] = []
        let files = assembler.assemble(mapper.service, warnings: &warnings, errors: &errors, document: documentName)
        StageTiming.mark("checked")
        outcome.errors = errors
        // One line per loss: a schema reached from several places is reported once.
        var seen: Set<ImportWarning> = []
        outcome.warnings = warnings.map { $0.placed(in: origins, documentName: documentName) }.filter { seen.insert($0).inserted }
        outcome.files = files
        outcome.apisOut = errors.isEmpty ? mapper.service.apis.count - warnings.filter { $0.kind == "rejected-operation" }.count : 0
        return outcome
    }
}

extension ImportWarning {
    /// One line per reference to another file that was not followed: the bundler's reason, then
    /// what the mapper made of the value it names (`…: YAML syntax error …; typed JSON`), which was
    /// a second warning at the same place.
    static func mergingUnfollowedReferences(_ warnings: [ImportWarning]) -> [ImportWarning] {
        let unfollowed = Dictionary(
            warnings.indices.filter { warnings[$0].kind == "reference" && warnings[$0].message.contains("' not followed: ") }.map { (warnings[$0].location, $0) },
            uniquingKeysWith: { first, _ in first }
        )
        guard !unfollowed.isEmpty else { return warnings }
        var merged = warnings
        var consequences: Set<Int> = []
        for index in warnings.indices where warnings[index].kind == "reference" {
            guard let reason = unfollowed[warnings[index].location], reason < index,
                  let separator = warnings[index].message.range(of: ": ") else { continue }
            merged[reason].message += "; " + warnings[index].message[separator.upperBound...]
            consequences.insert(index)
        }
        return merged.indices.filter { !consequences.contains($0) }.map { merged[$0] }
    }

    /// The warning placed in the file a component added by ``ReferenceBundler`` came from
    /// (`schemas/pet.yaml#/properties/tags`), not in the bundled document the user never sees.
    fileprivate func placed(in origins: [ReferenceBundler.Origin], documentName: String) -> ImportWarning {
        for origin in origins {
            let component = origin.component.description
            guard location.hasPrefix(component), location.dropFirst(component.count).first.map({ $0 == "/" }) ?? true else { continue }
            var moved = self
            // Named as the document is: `api/openapi.yaml` → `api/schemas/pet.yaml`.
            let folder = documentName.lastIndex(of: "/").map { documentName[...$0] } ?? ""
            moved.document = origin.file.hasPrefix("/") ? origin.file : folder + origin.file
            moved.location = JSONPointer(origin.tokens).description + location.dropFirst(component.count)
            return moved
        }
        return self
    }
}
