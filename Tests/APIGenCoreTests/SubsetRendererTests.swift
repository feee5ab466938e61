import Foundation
import Mustache
import Testing
@testable import APIGenCore

/// The fast renderer must produce exactly what swift-mustache produces.
@Suite struct SubsetRendererTests {
    /// Every example spec, and the unusual, unicode and hostile ones.
    static func specFolders(in folder: TemporaryFolder) throws -> [URL] {
        try folder.write(UnusualSpecTests.spec, to: "odd/odd.yml")
        try folder.write(UnusualSpecTests.unicodeSpec, to: "unicode/shop.yaml")
        try folder.write(HostileSpecTests.hostile, to: "hostile/hostile.yaml")
        return [Repository.root.appendingPathComponent("Specs"), folder.folder("odd"), folder.folder("unicode"), folder.folder("hostile")]
    }

    @Test func rendersEveryExampleFileExactlyLikeSwiftMustache() throws {
        var diagnostics = Diagnostics()
        let templates = try #require(TemplateSet.load(overrides: nil, diagnostics: &diagnostics))
        let subset = try #require(templates.subset, "the default templates stay within the subset")
        var compared = 0
        let folder = try TemporaryFolder()
        for specs in try Self.specFolders(in: folder) {
            let services = Generator.resolve(specs: specs, diagnostics: &diagnostics)
            #expect(diagnostics.all.isEmpty, "\(diagnostics.all)")
            for job in Renderer.jobs(for: services) {
                let reference = try #require(templates.library.render(job.context.mustacheValue, withTemplate: job.template))
                let fast = try subset.render(job.context, template: job.template)
                #expect(fast == reference, "\(job.path) renders differently")
                compared += 1
            }
        }
        #expect(compared > 60)
    }

    @Test(arguments: [
        // Standalone lines vanish, inline tags keep their line, CRLF and the last line count too.
        ("a\n  {{#yes}}  \nb{{#yes}}c{{/yes}}\n{{/yes}}\n{{! note }}\nd {{! inline }} e\r\n{{#yes}}\r\nf\r\n{{/yes}}", ["yes": true]),
        ("{{#list}}[{{.}}]{{/list}}{{^list}}none{{/list}}|{{^empty}}no items {{name}}{{/empty}}", ["list": ["x", "y"], "empty": [], "name": "n"]),
        ("{{#object}}{{inner}} {{outer}} {{object.inner}}{{/object}} {{object.inner}} {{missing.inner}}.", ["object": .object(["inner": "i"]), "outer": "o"]),
        ("{{#flag}}on{{/flag}}{{^flag}}off{{/flag}} {{flag}} {{count}} {{#text}}[{{.}}]{{/text}}", ["flag": false, "count": "3", "text": ""]),
        ("{{#rows}}\n  - {{name}}{{#last}}!{{/last}}\n{{/rows}}\n", ["rows": .objects([["name": "a"], ["name": "b", "last": true]])]),
    ] as [(String, ViewModel)])
    func matchesSwiftMustacheOnTheSubset(_ template: String, _ context: ViewModel) throws {
        let text = TemplateSet.textPragma + "\n" + template
        let parsed = try #require(SubsetTemplate(text))
        let reference = try MustacheTemplate(string: text).render(context.mustacheValue)
        #expect(try SubsetRenderer(templates: ["t": parsed]).render(context, template: "t") == reference)
    }

    @Test(arguments: [
        "{{lowercased(name)}}", "{{{raw}}}", "{{&raw}}", "{{=<% %>=}}", "  {{> indented}}", "{{#a}}unclosed", "{{#a}}{{/b}}",
        "{{%CONTENT_TYPE:HTML}}", "{{$block}}{{/block}}", "{{>*name}}", "{{a b}}",
        // Where swift-mustache's whitespace handling departs from the specification.
        "X{{#a}}\n{{/a}}\n", "{{#a}}\nZ{{/a}} {{! c }}\n", "{{! c }}\rX", "{{! c }}\u{2028}X", "{{! c }}\u{0B}X", "x\n{{! c }} ",
    ])
    func anythingElseLeavesTheTemplateToSwiftMustache(_ template: String) {
        #expect(SubsetTemplate(template) == nil)
    }

    @Test func whitespaceAroundNamesIsIgnoredLikeSwiftMustacheDoes() throws {
        let parsed = try #require(SubsetTemplate("[{{\tname\n}}]{{#\tlist }}({{ . }}){{/list}}"))
        #expect(try SubsetRenderer(templates: ["t": parsed]).render(["name": "n", "list": ["a", "b"]], template: "t") == "[n](a)(b)")
    }

    @Test func templatesThatIncludeThemselvesAreErrors() throws {
        let folder = try TemporaryFolder()
        try folder.write("{{> header}}\n{{> struct}}\n", to: "templates/model.mustache")
        try folder.write("{{> model}}\n", to: "templates/struct.mustache")
        var diagnostics = Diagnostics()
        #expect(TemplateSet.load(overrides: folder.folder("templates"), diagnostics: &diagnostics) == nil)
        #expect(diagnostics.all.map(\.message) == [
            "template 'model' includes itself through its partials; rendering it would never end",
            "template 'struct' includes itself through its partials; rendering it would never end",
        ])
    }

    @Test func valuesItCannotShowTheSameWayFallBack() throws {
        let parsed = try #require(SubsetTemplate("{{list}} {{object}}"))
        #expect(throws: SubsetRenderer.Unsupported.self) {
            try SubsetRenderer(templates: ["t": parsed]).render(["list": ["a"]], template: "t")
        }
        #expect(throws: SubsetRenderer.Unsupported.self) {
            try SubsetRenderer(templates: ["t": parsed]).render(["object": .object(["a": "b"])], template: "t")
        }
    }

    @Test func aTemplateOutsideTheSubsetIsRenderedBySwiftMustache() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("{{> header}}\n// {{ uppercased(apiType) }} {{{apiType}}}\n", to: "templates/api.mustache")
        var diagnostics = Diagnostics()
        #expect(TemplateSet.load(overrides: folder.folder("templates"), diagnostics: &diagnostics)?.subset == nil)
        let api = try #require(Generator.render(specs: folder.folder("Specs"), templates: folder.folder("templates")).files.first { $0.path == "Shop/Apis/PingApi.swift" }?.contents)
        #expect(api.hasSuffix("// PINGAPI PingApi\n"))
    }
}
