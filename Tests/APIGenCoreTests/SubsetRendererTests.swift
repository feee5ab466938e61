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
                let reference = try #require(templates.library.render(job.context, withTemplate: job.template))
                let fast = try subset.render(SubsetRenderer.Value(job.context), template: job.template)
                #expect(fast == reference, "\(job.path) renders differently")
                compared += 1
            }
        }
        #expect(compared > 60)
    }

    @Test(arguments: [
        // Standalone lines vanish, inline tags keep their line, CRLF and the last line count too.
        ("a\n  {{#yes}}  \nb{{#yes}}c{{/yes}}\n{{/yes}}\n{{! note }}\nd {{! inline }} e\r\n{{#yes}}\r\nf\r\n{{/yes}}", ["yes": true]),
        ("{{#list}}[{{.}}]{{/list}}{{^list}}none{{/list}}|{{^empty}}no items {{name}}{{/empty}}", ["list": ["x", "y"], "empty": [String](), "name": "n"]),
        ("{{#object}}{{inner}} {{outer}} {{object.inner}}{{/object}} {{object.inner}} {{missing.inner}}.", ["object": ["inner": "i"], "outer": "o"]),
        ("{{#flag}}on{{/flag}}{{^flag}}off{{/flag}} {{flag}} {{count}} {{#text}}[{{.}}]{{/text}}", ["flag": false, "count": 3, "text": ""]),
        ("{{#rows}}\n  - {{name}}{{#last}}!{{/last}}\n{{/rows}}\n", ["rows": [["name": "a"], ["name": "b", "last": true]] as [[String: any Sendable]]]),
    ] as [(String, [String: any Sendable])])
    func matchesSwiftMustacheOnTheSubset(_ template: String, _ context: [String: any Sendable]) throws {
        let text = TemplateSet.textPragma + "\n" + template
        let parsed = try #require(SubsetTemplate(text))
        let reference = try MustacheTemplate(string: text).render(context)
        #expect(try SubsetRenderer(templates: ["t": parsed]).render(SubsetRenderer.Value(context), template: "t") == reference)
    }

    @Test(arguments: ["{{lowercased(name)}}", "{{{raw}}}", "{{&raw}}", "{{=<% %>=}}", "  {{> indented}}", "{{#a}}unclosed", "{{#a}}{{/b}}", "{{%CONTENT_TYPE:HTML}}", "{{$block}}{{/block}}"])
    func anythingElseLeavesTheTemplateToSwiftMustache(_ template: String) {
        #expect(SubsetTemplate(template) == nil)
    }

    @Test func valuesItCannotShowTheSameWayFallBack() throws {
        #expect(throws: SubsetRenderer.Unsupported.self) { try SubsetRenderer.Value(["x": 1.5]) }
        let parsed = try #require(SubsetTemplate("{{list}}"))
        #expect(throws: SubsetRenderer.Unsupported.self) {
            try SubsetRenderer(templates: ["t": parsed]).render(SubsetRenderer.Value(["list": ["a"]]), template: "t")
        }
    }
}
