import Foundation

/// Spreads rendered per-API files over the files of an ``OutputLayout``.
///
/// The per-API layout is the rendered files as they are. The others join files: each keeps its body,
/// the headers are replaced by one naming the spec files the code comes from, and the imports are
/// merged. Every file a layout declares is produced, an empty one as just its header, so that a
/// build tool plugin that declared it before the run finds it.
struct LayoutAssembler {
    var templates: TemplateSet
    /// Modules every file imports (`additionalImports:`).
    var imports: [String] = []
    /// Lines every file carries as `//` comments after its header (`additionalFileComments:`).
    var comments: [String] = []

    /// A spec file: its path relative to the spec folder and as diagnostics show it.
    struct SpecFileName: Sendable {
        var relativePath: String
        var displayPath: String
    }

    func assemble(_ pieces: [RenderedPiece], layout: OutputLayout, specFiles: [SpecFileName], diagnostics: inout Diagnostics) -> [GeneratedFile] {
        switch layout {
        case .perAPI:
            return perAPIFiles(pieces).sorted { $0.path < $1.path }
        case .perSpecFile:
            let groups = Self.groups(pieces, specFiles: specFiles)
            guard let names = Self.fileNames(specFiles, diagnostics: &diagnostics) else { return [] }
            return groups.map { group in
                join(group.pieces, path: group.specFile.map { names[$0] ?? "" } ?? OutputFileNames.services, sources: group.sources)
            }.sorted { $0.path < $1.path }
        case .shards(let count):
            let shards = Self.distribute(Self.groups(pieces, specFiles: specFiles), over: count)
            return shards.enumerated().map { index, groups in
                join(groups.flatMap(\.pieces), path: OutputFileNames.shard(index + 1), sources: groups.flatMap(\.sources))
            }.sorted { $0.path < $1.path }
        }
    }

    /// One file per service, API and model; a model's own enums (``OwnedEnums``) in its file.
    private func perAPIFiles(_ pieces: [RenderedPiece]) -> [GeneratedFile] {
        let owners = OwnedEnums.owners(in: pieces)
        // Nothing to join: the rendered files as they are.
        guard !owners.isEmpty || !imports.isEmpty || !comments.isEmpty else { return pieces.map(\.file) }
        var owned: [Int: [Int]] = [:]
        for (enumIndex, owner) in owners { owned[owner, default: []].append(enumIndex) }
        // Files are joined on all cores: a document's hundreds of models with inline enums took
        // tens of milliseconds on one.
        let files = ConcurrentMap.map(Array(pieces.indices)) { [owned] index -> GeneratedFile? in
            guard owners[index] == nil else { return nil }
            let file = pieces[index].file
            let enums = (owned[index] ?? []).sorted { pieces[$0].file.path < pieces[$1].file.path }
            guard !enums.isEmpty || !imports.isEmpty || !comments.isEmpty else { return file }
            let parts = ([index] + enums).map { SwiftFileParts(pieces[$0].file.contents) }
            return GeneratedFile(path: file.path, contents: compose(header: parts[0].header.joined(separator: "\n"), parts: parts))
        }
        return files.compactMap { $0 }
    }

    /// The code of one spec file, or of every service (`specFile` is `nil`).
    struct Group: Sendable {
        var specFile: String?
        var pieces: [RenderedPiece]
        /// The spec files named in the header.
        var sources: [String]
        var size: Int { pieces.reduce(0) { $0 + $1.file.contents.utf8.count } }
    }

    /// The services' group first, then one group per spec file in path order (also for a file
    /// that declares nothing to render).
    static func groups(_ pieces: [RenderedPiece], specFiles: [SpecFileName]) -> [Group] {
        var bySpec: [String: [RenderedPiece]] = [:]
        var services: [RenderedPiece] = []
        for piece in pieces {
            if let spec = piece.specFile { bySpec[spec, default: []].append(piece) } else { services.append(piece) }
        }
        let serviceSources = services.map(\.source)
        var groups = [Group(specFile: nil, pieces: services, sources: serviceSources)]
        for spec in specFiles.map(\.relativePath).sorted() {
            groups.append(Group(specFile: spec, pieces: bySpec[spec] ?? [], sources: [spec]))
        }
        return groups
    }

    /// Each spec file's output name; `nil` after reporting names that clash (also when they differ
    /// only in case, which macOS file systems do not tell apart).
    static func fileNames(_ specFiles: [SpecFileName], diagnostics: inout Diagnostics) -> [String: String]? {
        var names: [String: String] = [:]
        var taken: [String: String] = [OutputFileNames.services.lowercased(): "the services' file"]
        var clashes = false
        for spec in specFiles.sorted(by: { $0.relativePath < $1.relativePath }) {
            let name = OutputFileNames.spec(spec.relativePath)
            if let owner = taken[name.lowercased()] {
                let other = owner.hasPrefix("the ") ? owner : "spec file '\(owner)'"
                diagnostics.error("this spec file's output \(name) clashes with that of \(other) in the per-spec-file layout; rename one of them", at: SourceLocation(file: spec.displayPath, line: 1, column: 1))
                clashes = true
            } else {
                taken[name.lowercased()] = spec.relativePath
                names[spec.relativePath] = name
            }
        }
        return clashes ? nil : names
    }

    /// Deals groups out to `count` shards: in order, each to the shard with the least code so far
    /// (the first such one on a tie), so the result depends only on the specs.
    static func distribute(_ groups: [Group], over count: Int) -> [[Group]] {
        var shards = Array(repeating: [Group](), count: max(count, 1))
        var sizes = Array(repeating: 0, count: shards.count)
        for group in groups {
            let lightest = sizes.indices.min { sizes[$0] < sizes[$1] } ?? 0
            shards[lightest].append(group)
            sizes[lightest] += group.size
        }
        return shards
    }

    /// One file of the joined pieces, its header naming `sources`.
    private func join(_ pieces: [RenderedPiece], path: String, sources: [String]) -> GeneratedFile {
        let parts = pieces.map { SwiftFileParts($0.file.contents) }
        var unique: [String] = []
        for source in sources where !unique.contains(source) { unique.append(source) }
        let source = unique.isEmpty ? "no spec (nothing falls to this file)" : unique.joined(separator: ", ")
        let header = templates.render(RenderJob(template: "header", path: path, context: ["source": .text(Layout.source(source))])) ?? ""
        return GeneratedFile(path: path, contents: compose(header: header, parts: parts))
    }

    /// A file's text: the header, the extra comment lines, one import block, the bodies.
    private func compose(header: String, parts: [SwiftFileParts]) -> String {
        var text = header.trimmingCharacters(in: .newlines) + "\n"
        for comment in comments { text += comment.isEmpty ? "//\n" : "// " + comment + "\n" }
        text += "\n"
        let imports = ImportLine.merged(parts.flatMap(\.imports) + self.imports.map { Substring("import " + $0) })
        if !imports.isEmpty { text += imports.joined(separator: "\n") + "\n\n" }
        text += parts.map { String($0.body) }.joined(separator: "\n\n")
        return SourceTidier.tidy(text)
    }
}
