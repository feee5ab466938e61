import Foundation
import Testing
@testable import APIGenCore

@Suite struct TemplateTests {
    @Test func embeddedTemplatesEqualTheTemplatesFolder() throws {
        let folder = Repository.root.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(Set(names.map { String($0.dropLast(".mustache".count)) }) == Set(EmbeddedTemplates.all.keys), "run python3 scripts/embed-templates.py")
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(EmbeddedTemplates.all[String(name.dropLast(".mustache".count))] == text, "\(name) differs; run python3 scripts/embed-templates.py")
        }
        #expect(Set(TemplateSet.requiredNames).isSubset(of: EmbeddedTemplates.all.keys))
    }

    /// The defaults are not parsed by swift-mustache up front (the fast renderer renders them); this
    /// holds them to the checks a user's copies get: each copy differs from its default by a comment,
    /// so the set is checked in full, and it must pass, stay within the fast renderer's subset, and
    /// render Shop as the defaults do.
    @Test func embeddedTemplatesPassTheChecksUserTemplatesGet() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        for (name, text) in EmbeddedTemplates.all {
            try folder.write(text + "{{! a user's copy }}", to: "templates/\(name).mustache")
        }
        var diagnostics = Diagnostics()
        let templates = try #require(TemplateSet.load(overrides: folder.folder("templates"), diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(templates.subset != nil)
        let copies = Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates"))
        let defaults = Generator.render(specs: folder.folder("Specs"))
        #expect(copies.diagnostics.isEmpty)
        #expect(copies.files.map(\.contents) == defaults.files.map(\.contents))
    }

    @Test func userTemplatesReplaceDefaultsByName() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("{{> header}}\n// custom enum template for {{typeName}}\n", to: "templates/enum.mustache")
        try folder.write("{{%CONTENT_TYPE:TEXT}}\n{{> header}}\n// custom API {{apiType}} \"{{apiType}}\"\n", to: "templates/api.mustache")
        let outcome = Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates"))
        #expect(outcome.diagnostics.isEmpty)
        let api = try #require(outcome.files.first { $0.path == "Shop/Apis/PingApi.swift" }?.contents)
        #expect(api.hasSuffix("// custom API PingApi \"PingApi\"\n"))
        let service = try #require(outcome.files.first { $0.path == "Shop/ShopService.swift" }?.contents)
        #expect(service.contains("nonisolated public enum ShopService {"), "templates not overridden keep the default")
    }

    @Test func templatesWithoutThePragmaStillRenderText() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base.replacingOccurrences(of: "path: /ping", with: "path: /ping\n    description: a \"quoted\" & <tagged> text"), to: "Specs/shop.yaml")
        try folder.write("{{> header}}\n{{#docLines}}\n/// {{.}}\n{{/docLines}}\n", to: "templates/api.mustache")
        let api = try #require(Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates")).files.first { $0.path == "Shop/Apis/PingApi.swift" }?.contents)
        #expect(api.contains(#"/// a "quoted" & <tagged> text"#))
    }

    @Test func unknownTransformsAreErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("{{> header}}\n{{! a comment(x) }}\n{{uppercased(apiType)}}\n{{snakeCase(apiType)}}\n", to: "templates/api.mustache")
        let outcome = Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates"))
        #expect(outcome.diagnostics.map(\.description) == [
            "\(folder.folder("templates/api.mustache").path):4:1: error: unknown transform 'snakeCase' renders as nothing",
        ])
    }

    @Test func unknownTransformLinesCountInCRLFTemplates() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("{{> header}}\r\n{{! a comment }}\r\n{{snakeCase(apiType)}}\r\n", to: "templates/api.mustache")
        let outcome = Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates"))
        #expect(outcome.diagnostics.map(\.description) == [
            "\(folder.folder("templates/api.mustache").path):3:1: error: unknown transform 'snakeCase' renders as nothing",
        ])
    }

    @Test func templateSyntaxErrorsPointAtTheTemplate() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("line one\n{{#open}}\n{{/close}}\n", to: "templates/api.mustache")
        let outcome = Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates"))
        #expect(outcome.hasErrors)
        #expect(outcome.diagnostics.first?.location.file == folder.folder("templates/api.mustache").path)
        #expect(outcome.files.isEmpty)
    }

    @Test func theDefaultTemplatesLoadCleanly() {
        var diagnostics = Diagnostics()
        #expect(TemplateSet.load(overrides: nil, diagnostics: &diagnostics) != nil)
        #expect(diagnostics.all.isEmpty)
    }
}
