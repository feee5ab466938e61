import Foundation
import Testing
@testable import APIGenCore

/// The render cache: a rendering is reused only for byte-identical inputs from the same apigen
/// build, and a damaged or foreign entry is never trusted.
@Suite struct RenderCacheTests {
    /// A spec folder and options whose cache is a folder beside it.
    struct Project {
        let folder: TemporaryFolder
        var options: GenerationOptions
        var specs: URL { folder.folder("Specs") }

        init() throws {
            folder = try TemporaryFolder()
            try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
            options = GenerationOptions(cache: RenderCache(folder: folder.folder("Cache")))
        }

        func render() -> Generator.Outcome { Generator.render(specs: specs, options: options) }

        /// The same inputs rendered without a cache.
        func renderAfresh() -> Generator.Outcome {
            var options = options
            options.cache = nil
            return Generator.render(specs: specs, options: options)
        }

        /// The cache's entries.
        var entries: [URL] { folder.files(under: "Cache").filter { $0.hasSuffix(".render") }.map { folder.folder("Cache/" + $0) } }

        /// Rewrites `PingApi` as `PxngApi` in the kept renderings (same length, still valid) and
        /// seals them again with their checksum, so that an outcome read from the cache can be told
        /// from a fresh one. An entry is the magic line, the key (its length, its bytes), the
        /// checksum of the outcome's bytes, and those bytes.
        func markEntries() throws {
            let name = Array("PingApi".utf8)
            var marked = 0
            for entry in entries {
                var bytes = [UInt8](try Data(contentsOf: entry))
                for start in bytes.indices.dropLast(name.count - 1) where bytes[start..<start + name.count].elementsEqual(name) {
                    bytes[start + 1] = UInt8(ascii: "x")
                    marked += 1
                }
                let magic = "apigen render cache 2\n".utf8.count
                let keyLength = bytes[magic..<magic + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
                let checksumAt = magic + 8 + keyLength
                let checksum = bytes[(checksumAt + 8)...].withUnsafeBytes { FNV1a64.wordChecksum($0) >> 1 }
                for index in 0..<8 { bytes[checksumAt + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt64(index))) }
                try Data(bytes).write(to: entry)
            }
            #expect(marked > 0)
        }
    }

    private static func isMarked(_ outcome: Generator.Outcome) -> Bool {
        outcome.files.contains { $0.contents.contains("PxngApi") }
    }

    @Test func aRunWithTheSameInputsReusesTheKeptRendering() throws {
        let project = try Project()
        let first = project.render()
        #expect(first.diagnostics.isEmpty && first.files.count == 2)
        #expect(first.files == project.renderAfresh().files)
        #expect(project.entries.count == 1)

        try project.markEntries()
        let second = project.render()
        #expect(Self.isMarked(second))
        #expect(second.files.map(\.path) == ["Shop/Apis/PxngApi.swift", "Shop/ShopService.swift"])
    }

    /// One input of a run changed after its rendering was kept.
    enum InputChange: String, CaseIterable, Sendable {
        case specText, addedSpecFile, addedConfiguration, templateOverride, layoutChosen

        func apply(to project: inout Project) throws {
            switch self {
            case .specText:
                try project.folder.write(SpecHarness.base.replacingOccurrences(of: "/ping", with: "/ping2"), to: "Specs/shop.yaml")
            case .addedSpecFile:
                try project.folder.write("service: Shop\napis:\n  Pong:\n    path: /pong\n", to: "Specs/more.yaml")
            case .addedConfiguration:
                try project.folder.write("accessModifier: internal\n", to: "Specs/apigen.yaml")
            case .templateOverride:
                // The built-in text itself: the output is the same, but the inputs are not.
                try project.folder.write(try #require(EmbeddedTemplates.all["header"]), to: "Templates/header.mustache")
                project.options.templates = project.folder.folder("Templates")
            case .layoutChosen:
                project.options.layout = .perSpecFile
            }
        }
    }

    @Test(arguments: InputChange.allCases)
    func anyChangedInputRendersAfreshAndIsKeptInTurn(_ change: InputChange) throws {
        var project = try Project()
        #expect(!project.render().hasErrors)
        try project.markEntries()
        try change.apply(to: &project)

        let changed = project.render()
        #expect(!changed.hasErrors)
        #expect(!Self.isMarked(changed))
        #expect(changed.files == project.renderAfresh().files)
        // The new rendering is kept and reused in turn.
        try project.markEntries()
        #expect(Self.isMarked(project.render()))
    }

    @Test func aTemplateEditedInItsFolderRendersAfresh() throws {
        var project = try Project()
        let header = try #require(EmbeddedTemplates.all["header"])
        try project.folder.write(header, to: "Templates/header.mustache")
        project.options.templates = project.folder.folder("Templates")
        #expect(!project.render().hasErrors)
        try project.markEntries()
        // A comment renders as nothing: the same output from other inputs.
        try project.folder.write(header + "{{! edited }}\n", to: "Templates/header.mustache")
        let edited = project.render()
        #expect(!Self.isMarked(edited))
        #expect(edited.files == project.renderAfresh().files)
    }

    @Test func aConfigurationEditedInPlaceRendersAfresh() throws {
        let project = try Project()
        try project.folder.write("accessModifier: public\n", to: "Specs/apigen.yaml")
        #expect(!project.render().hasErrors)
        try project.markEntries()
        try project.folder.write("accessModifier: package\n", to: "Specs/apigen.yaml")
        let edited = project.render()
        #expect(!Self.isMarked(edited))
        #expect(edited.files == project.renderAfresh().files)
        #expect(edited.files.contains { $0.contents.contains("package struct PingApi") })
    }

    @Test func aDamagedEntryIsIgnoredAndReplaced() throws {
        let project = try Project()
        let fresh = project.render()
        let entry = try #require(project.entries.first)
        let intact = try Data(contentsOf: entry)
        let damages: [Data] = [
            intact.prefix(intact.count / 2),                            // cut short
            intact.prefix(10),                                          // cut inside the header
            Data(),                                                     // empty
            Data(repeating: 0xFF, count: intact.count),                 // not an entry at all
            intact + Data("more".utf8),                                 // trailing bytes
            Data(intact.enumerated().map { $0.offset == intact.count - 3 ? 0xC3 : $0.element }),  // not UTF-8
            Data(intact.enumerated().map { $0.offset == intact.count - 40 ? $0.element ^ 0x01 : $0.element }),  // a letter changed
        ]
        for damaged in damages {
            try damaged.write(to: entry)
            let outcome = project.render()
            #expect(outcome.diagnostics.isEmpty && outcome.files == fresh.files)
            #expect(try Data(contentsOf: entry) == intact)
        }
    }

    @Test func runsWithErrorsAreNotKept() throws {
        let project = try Project()
        try project.folder.write("service: Shop\napis:\n  P:\n    path: p\n", to: "Specs/shop.yaml")
        #expect(project.render().hasErrors)
        #expect(project.entries.isEmpty)
    }

    @Test func theCacheKeepsTheLatestEntriesOnly() throws {
        let folder = try TemporaryFolder()
        let cache = RenderCache(folder: folder.folder("Cache"))
        let count = RenderCache.maxEntries + 3
        for index in 0..<count {
            try folder.write(SpecHarness.base, to: "Specs\(index)/shop.yaml")
            let outcome = Generator.render(specs: folder.folder("Specs\(index)"), options: GenerationOptions(cache: cache))
            #expect(!outcome.hasErrors)
        }
        let entries = folder.files(under: "Cache")
        #expect(entries.count == RenderCache.maxEntries)
        #expect(entries.allSatisfy { $0.hasSuffix(".render") })
    }

    @Test func anUnwritableCacheFolderOnlyCostsTheReuse() throws {
        let project = try Project()
        // A file where the cache folder should be: nothing can be kept, and the run still succeeds.
        try project.folder.write("not a folder\n", to: "Cache")
        let outcome = project.render()
        #expect(outcome.diagnostics.isEmpty && outcome.files == project.renderAfresh().files)
        #expect(project.folder.read("Cache") == "not a folder\n")
    }
}

/// How one apigen build is told from another.
@Suite struct GeneratorIdentityTests {
    /// A note segment holding `notes` as (name, type, descriptor), each padded to four bytes.
    private static func noteSegment(_ notes: [(name: [UInt8], type: UInt32, descriptor: [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = []
        func word(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func padded(_ field: [UInt8]) { bytes += field + Array(repeating: 0, count: (4 - field.count % 4) % 4) }
        for note in notes {
            word(UInt32(note.name.count))
            word(UInt32(note.descriptor.count))
            word(note.type)
            padded(note.name)
            padded(note.descriptor)
        }
        return bytes
    }

    @Test func theBuildIDIsTheGNUNoteOfTypeThree() {
        let id: [UInt8] = Array(1...20)
        let gnu = Array("GNU\0".utf8)
        let segment = Self.noteSegment([(gnu, 1, [0, 0, 0, 0, 3, 0, 0, 0]), (Array("Go\0".utf8), 3, [9, 9]), (gnu, 3, id)])
        #expect(ELFBuildID.buildID(inNotes: segment) == id)
        #expect(ELFBuildID.buildID(inNotes: Self.noteSegment([(gnu, 1, [1, 2, 3, 4])])) == nil)
        // A note whose sizes run past the segment ends the search instead of reading beyond it.
        for cut in [1, 12, segment.count - 1] {
            #expect(ELFBuildID.buildID(inNotes: Array(segment.prefix(segment.count - cut))) == nil)
        }
        var oversized = Self.noteSegment([(gnu, 3, id)])
        oversized[4] = 0xFF
        #expect(ELFBuildID.buildID(inNotes: oversized) == nil)
    }

    /// A 64-bit little-endian ELF file: its header, `count` program headers of 56 bytes (one
    /// `PT_NOTE` pointing at `notes`, the rest empty), then `notes`.
    private static func elfFile(notes: [UInt8], count: UInt16 = 1) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 64)
        header[0..<6] = [0x7F, 0x45, 0x4C, 0x46, 2, 1]
        func put<Value: FixedWidthInteger>(_ value: Value, at offset: Int, in bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + $0.count, with: $0) }
        }
        put(UInt64(64), at: 0x20, in: &header)
        put(UInt16(56), at: 0x36, in: &header)
        put(count, at: 0x38, in: &header)
        var table = [UInt8](repeating: 0, count: 56 * Int(count))
        put(UInt32(4), at: 0, in: &table)
        put(UInt64(64 + table.count), at: 8, in: &table)
        put(UInt64(notes.count), at: 32, in: &table)
        return header + table + notes
    }

    @Test func theBuildIDIsReadFromTheProgramHeaders() throws {
        let folder = try TemporaryFolder()
        let id: [UInt8] = Array(100...119)
        let notes = Self.noteSegment([(Array("GNU\0".utf8), 3, id)])
        let file = folder.folder("tool")
        try Data(Self.elfFile(notes: notes)).write(to: file)
        #expect(ELFBuildID.read(file) == id)
        // Tens of thousands of program headers (3.6 MB of them, the first a good note) are not an
        // executable's: the file is not read that far.
        try Data(Self.elfFile(notes: notes, count: 0xFFFF)).write(to: file)
        #expect(ELFBuildID.read(file) == nil)
    }

    @Test func otherFilesHaveNoBuildID() throws {
        let folder = try TemporaryFolder()
        #expect(ELFBuildID.read(try folder.write("#!/bin/sh\necho hi\n", to: "script")) == nil)
        #expect(ELFBuildID.read(try folder.write("\u{7F}ELF", to: "short")) == nil)
        #expect(ELFBuildID.read(folder.folder("missing")) == nil)
    }

    #if os(Linux)
    @Test func aLinuxExecutableIsKnownByItsBuildID() throws {
        let executable = try #require(Bundle.main.executableURL)
        let id = try #require(ELFBuildID.read(executable))
        #expect(id.count >= 16)
        #expect(GeneratorIdentity.current?.contains("build-id") == true)
    }
    #endif

    @Test func aFileIsOtherwiseKnownByItsPathSizeInodeAndTime() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("one", to: "tool")
        let before = try #require(GeneratorIdentity.fileIdentity(of: file))
        #expect(GeneratorIdentity.fileIdentity(of: file) == before)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: file.path)
        #expect(GeneratorIdentity.fileIdentity(of: file) != before)
        #expect(GeneratorIdentity.fileIdentity(of: folder.folder("missing")) == nil)
    }
}
