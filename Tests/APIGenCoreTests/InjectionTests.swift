import Foundation
import Testing
@testable import APIGenCore

/// Spec text reaches generated comments and literals only through the splitters and quoters that
/// keep it data: a line break can never start a line of code.
@Suite struct InjectionTests {
    /// YAML escapes of every kind of line break and of other control characters.
    static let breaks = [#"\n"#, #"\r"#, #"\L"#, #"\P"#, #"\N"#, #"\t"#, #"\e"#, #"\x7f"#]

    @Test(arguments: breaks)
    func aBaseURLWithALineBreakOrControlCharacterIsRefusedWhereItIsWritten(escape: String) throws {
        let spec = SpecHarness.base.replacingOccurrences(of: "debug: http://127.0.0.1:8085/api", with: #"debug: "http://127.0.0.1:8085/api\#(escape)static func injected() {}""#)
        #expect(try SpecHarness.diagnose(spec) == [
            "spec.yaml:3:10: error: base URL of environment 'debug' must not contain line breaks or other control characters",
        ])
    }

    @Test(arguments: breaks)
    func aPathWithALineBreakOrControlCharacterIsRefusedWhereItIsWritten(escape: String) throws {
        let spec = SpecHarness.base.replacingOccurrences(of: "path: /ping", with: #"path: "/ping\#(escape)static func injected() {}""#)
        #expect(try SpecHarness.diagnose(spec) == [
            "spec.yaml:6:11: error: path of api 'Ping' must not contain line breaks or other control characters",
        ])
    }

    /// Every channel from spec text into a comment or a literal, each with its own marker.
    static let channels: [String: String] = [
        "serviceDoc": "service description", "modelDoc": "model description", "fieldDoc": "field description",
        "fieldKey": "field key (default doc)", "enumDoc": "enum description", "modelDeprecation": "model deprecation",
        "apiDoc": "api description", "apiDeprecation": "api deprecation", "paramDoc": "param description",
        "paramKey": "param key (default doc)", "responseDoc": "inline response description",
        "responseFieldDoc": "inline response field description", "queryDefault": "default query value",
        "mockText": "mock string", "tagValue": "tag value", "envelopeKey": "envelope key", "fileName": "spec file name",
    ]

    static func inject(_ channel: String) -> String {
        ##"\n}\nstatic func injected_\##(channel)() {}\n/*\r\Lfunc injected_\##(channel)2() {} \"# \"\"\" \\(x)"##
    }

    static var hostileSpec: String {
        """
        service: Docs
        description: "\(inject("serviceDoc"))"
        environments:
          local: http://127.0.0.1:1/base
        defaults:
          query: { page: "\(inject("queryDefault"))" }
          envelope: { code: "\(inject("envelopeKey"))", success: ["0"], result: data }
        models:
          Item:
            description: "\(inject("modelDoc"))"
            deprecated: "\(inject("modelDeprecation"))"
            fields:
              id: { type: Int, description: "\(inject("fieldDoc"))" }
              other: { type: String?, key: "\(inject("fieldKey"))" }
          Kind:
            description: "\(inject("enumDoc"))"
            enum: [a, b]
        apis:
          Find:
            description: "\(inject("apiDoc"))"
            deprecated: "\(inject("apiDeprecation"))"
            path: /find
            x-note: "\(inject("tagValue"))"
            params:
              q: { type: String, in: query, description: "\(inject("paramDoc"))" }
              r: { type: String?, in: query, key: "\(inject("paramKey"))" }
            response:
              description: "\(inject("responseDoc"))"
              fields:
                name: { type: String, description: "\(inject("responseFieldDoc"))" }
            mock: { name: "\(inject("mockText"))" }

        """
    }

    @Test func textFromEveryChannelStaysInItsCommentOrLiteralAndTheOutputCompiles() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.hostileSpec, to: "specs/docs.yaml")
        try folder.write("service: Docs\nmodels:\n  Extra:\n    fields:\n      id: Int\n", to: "specs/extra\n}\nstatic func injected_fileName() {}\n/*.yaml")
        let outcome = Generator.generate(specs: folder.folder("specs"), output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let paths = folder.files(under: "out")
        let texts = paths.compactMap { folder.read("out/" + $0) }.joined(separator: "\n")
        for channel in Self.channels.keys.sorted() {
            #expect(texts.contains("injected_\(channel)"), "the \(Self.channels[channel] ?? channel) reaches the output")
            for line in texts.split(separator: "\n", omittingEmptySubsequences: false) where line.contains("injected_\(channel)") {
                let code = line.trimmingCharacters(in: .whitespaces)
                let isComment = code.hasPrefix("//")
                let isInLiteral = line.range(of: "\"").map { $0.lowerBound < (line.range(of: "injected_")?.lowerBound ?? $0.lowerBound) } ?? false
                #expect(isComment || isInLiteral, "the \(Self.channels[channel] ?? channel) escaped into code: \(line)")
            }
        }
        let result = try await SwiftCompiler.typecheck(paths.map { folder.folder("out").appendingPathComponent($0) }, moduleName: "DocsAPI")
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    /// Every value a template writes after `//` is one line: the comment keys hold only text made by
    /// the doc-line splitter.
    @Test func everyCommentValueOfEveryViewModelIsOneLine() throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.hostileSpec, to: "docs.yaml")
        var diagnostics = Diagnostics()
        let services = Generator.resolve(specs: folder.url, diagnostics: &diagnostics)
        #expect(diagnostics.sorted.isEmpty)
        func check(_ model: ViewModel, in job: String) {
            for (key, value) in model.pairs {
                switch value {
                case .text(let text) where Self.commentKeys.contains(key):
                    #expect(!URLCheck.hasControlCharacters(text), "\(job): \(key) = \(text)")
                case .list(let items) where Self.commentKeys.contains(key):
                    for case .text(let text) in items { #expect(!URLCheck.hasControlCharacters(text), "\(job): \(key) = \(text)") }
                case .list(let items):
                    for case .object(let nested) in items { check(nested, in: job) }
                case .object(let nested):
                    check(nested, in: job)
                default:
                    break
                }
            }
        }
        for job in Renderer.jobs(for: services) { check(job.context, in: job.path) }
    }

    /// The view-model keys templates may write on a comment line; names and types are Swift identifiers.
    static let commentKeys: Set<String> = ["docLines", "summary", "source", "tagDoc"]
    static let identifierKeys: Set<String> = ["name", "outputType", "apiType", "typeName", "#hasEnvelope", "/hasEnvelope", "#hasDefaults", "/hasDefaults", "memberList"]

    @Test func templatesWriteOnlyCommentKeysAndIdentifiersOnCommentLines() throws {
        let folder = Repository.root.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        #expect(names.count >= 6)
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var sections: [String] = []
            for line in text.split(separator: "\n") {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("{{#") || trimmed.hasPrefix("{{^"), trimmed.hasSuffix("}}"), trimmed.components(separatedBy: "{{").count == 2 {
                    sections.append(String(trimmed.dropFirst(3).dropLast(2)))
                    continue
                }
                if trimmed.hasPrefix("{{/"), trimmed.hasSuffix("}}"), trimmed.components(separatedBy: "{{").count == 2 {
                    sections.removeLast()
                    continue
                }
                guard trimmed.hasPrefix("//") else { continue }
                var rest = Substring(trimmed)
                while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                    let tag = String(rest[open.upperBound..<close.lowerBound])
                    if tag == "." {
                        #expect(sections.last.map(Self.commentKeys.contains) == true, "\(name): {{.}} outside a comment-key section: \(line)")
                    } else {
                        #expect(Self.commentKeys.contains(tag) || Self.identifierKeys.contains(tag), "\(name): {{\(tag)}} on a comment line: \(line)")
                    }
                    rest = rest[close.upperBound...]
                }
            }
        }
    }
}

/// `additionalFileComments` in `apigen.yaml` become `//` lines: a line break would start code.
@Suite struct ConfigurationInjectionTests {
    @Test(arguments: InjectionTests.breaks)
    func aFileCommentWithALineBreakOrControlCharacterIsRefusedWhereItIsWritten(escape: String) throws {
        let harness = try ConfigHarness(config: #"additionalFileComments: ["swiftlint:disable all\#(escape)static func injected() {}"]"# + "\n", specs: ["shop.yaml": SpecHarness.base])
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:1:26: error: additionalFileComments entry must be one line of text without line breaks or other control characters; each entry becomes one // comment line",
        ])
    }

    @Test func aCommentThatTriesToCloseOrNestStaysOneCommentLine() throws {
        let harness = try ConfigHarness(config: #"additionalFileComments: ["*/ func injected() {} /*", "\"\"\" #"]"# + "\n", specs: ["shop.yaml": SpecHarness.base])
        for (path, text) in try harness.files() {
            let lines = text.split(separator: "\n")
            #expect(lines[1] == "// */ func injected() {} /*", "\(path)")
            #expect(lines[2] == #"// """ #"#, "\(path)")
        }
    }
}
