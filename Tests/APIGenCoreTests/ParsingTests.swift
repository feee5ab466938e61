import Testing
@testable import APIGenCore

@Suite struct ParsingTests {
    /// Descriptions are trimmed as Foundation's `whitespacesAndNewlines` trims them.
    @Test func descriptionsAreTrimmedAsFoundationTrimsThem() {
        let alphabet: [Character] = ["a", "é", " ", "\t", "\n", "\r\n", "\u{0B}", "\u{85}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{301}", "x"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", " ", "plain", " padded ", "\u{A0}nbsp\u{3000}", "tail\n\n"]
        for _ in 0..<3_000 {
            texts.append(String((0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        for text in texts {
            #expect(NodeReader.trimmingWhitespace(text) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// The byte-level reader of common ASCII types answers exactly as the
    /// general parser does: the same type, or (by leaving the text to it) the same error.
    @Test func typeShortcutsAgreeWithTheGeneralParser() {
        func outcome(_ result: Result<TypeRef, TypeParser.Failure>) -> String {
            switch result {
            case .success(let type): "type \(type)"
            case .failure(let failure): "error \(failure.message)"
            }
        }
        let alphabet = Array("[]:? StringIt_a9.é")
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "?", "String", "Int?", "[Item]", "[String: [Int]?]?", "[ String :Int ]", "Int??", "[Int: String]", "2x", "a.b", "[[[[X]]]]",
                     String(repeating: "[", count: 33) + "X" + String(repeating: "]", count: 33), String(repeating: "[", count: 32) + "X" + String(repeating: "]", count: 32)]
        for _ in 0..<3_000 {
            texts.append(String((0..<Int.random(in: 1...14, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        for text in texts {
            let general = TypeParser.parseInGeneral(text)
            if let fast = ASCIITypeParser.parse(text) {
                #expect(outcome(.success(fast)) == outcome(general), "\(text)")
            }
            #expect(outcome(TypeParser.parse(text)) == outcome(general), "\(text)")
        }
    }

    @Test func typeExpressions() throws {
        #expect(try TypeParser.parse("[String: [Item]?]?").get() == .optional(.dictionary(.optional(.array(.named("Item"))))))
        #expect(try TypeParser.parse(" [ Int64 ] ").get() == .array(.named("Int64")))
        #expect(throws: TypeParser.Failure.self) { try TypeParser.parse("[Int: String]").get() }
        #expect(throws: TypeParser.Failure.self) { try TypeParser.parse("String??").get() }
        #expect(throws: TypeParser.Failure.self) { try TypeParser.parse("").get() }
        #expect(throws: TypeParser.Failure.self) { try TypeParser.parse("A B").get() }
    }

    @Test func scalarsFollowTheCoreSchema() {
        #expect(ScalarValue.resolve(plain: "42") == .int("42"))
        #expect(ScalarValue.resolve(plain: "-1.5") == .float("-1.5"))
        #expect(ScalarValue.resolve(plain: "true") == .bool(true))
        #expect(ScalarValue.resolve(plain: "~") == .null)
        #expect(ScalarValue.resolve(plain: "yes") == .string("yes"))
        #expect(ScalarValue.resolve(plain: "1.0.0") == .string("1.0.0"))
    }

    @Test func nodesKeepLinesAndColumns() throws {
        var diagnostics = Diagnostics()
        let root = try #require(YAMLLoader.load("a: 1\nb:\n  c: \"x\"\n", file: "f.yaml", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        let c = try #require(root["b"]?["c"])
        #expect(c.location == SourceLocation(file: "f.yaml", line: 3, column: 6))
        #expect(c.scalarValue == .string("x"))
        #expect(root["a"]?.scalarValue == .int("1"))
    }

    @Test func quotedNumbersAreStrings() throws {
        var diagnostics = Diagnostics()
        let root = try #require(YAMLLoader.load("v: \"1.0\"\nw: '2'\nx: !!str 12\ny: +3\n", file: "f.yaml", diagnostics: &diagnostics))
        #expect(root["v"]?.scalarValue == .string("1.0"))
        #expect(root["w"]?.scalarValue == .string("2"))
        #expect(root["x"]?.scalarValue == .string("12"))
        #expect(root["y"]?.scalarValue == .int("+3"))
    }

    @Test func mergeKeysExpandWhereTheyStandAndWrittenKeysWin() throws {
        let yaml = """
        base: &base { page: 1, size: 20 }
        more: &more { size: 50, sort: asc }
        one:
          <<: *base
          keyword: k
          size: 10
        two:
          <<: [*more, *base]
        quoted:
          "<<": text
        """
        var diagnostics = Diagnostics()
        let root = try #require(YAMLLoader.load(yaml, file: "f.yaml", diagnostics: &diagnostics))
        #expect(diagnostics.all.isEmpty)
        #expect(root["one"]?.pairs?.compactMap(\.key.text) == ["page", "keyword", "size"])
        #expect(root["one"]?["size"]?.scalarValue == .int("10"))
        #expect(root["two"]?.pairs?.compactMap(\.key.text) == ["size", "sort", "page"])
        #expect(root["two"]?["size"]?.scalarValue == .int("50"))
        #expect(root["quoted"]?["<<"]?.scalarValue == .string("text"))
        // A merged key keeps the place where it was written, for diagnostics.
        #expect(root["one"]?["page"]?.location == SourceLocation(file: "f.yaml", line: 1, column: 21))
    }

    @Test func mergeKeyOfAScalarIsAnError() {
        var diagnostics = Diagnostics()
        _ = YAMLLoader.load("a:\n  <<: 3\n", file: "f.yaml", diagnostics: &diagnostics)
        #expect(diagnostics.sorted.map(\.description) == ["f.yaml:2:7: error: a merge key '<<' takes a mapping or a list of mappings, such as *anchor or [*a, *b]"])
    }

    @Test func composerErrorsKeepTheirMessagesAndPlaces() {
        var diagnostics = Diagnostics()
        #expect(YAMLLoader.load("a: 1\nb: *nope\n", file: "f.yaml", diagnostics: &diagnostics) == nil)
        #expect(diagnostics.sorted.map(\.description) == ["f.yaml:2:4: error: YAML syntax error: found undefined alias"])
        diagnostics = Diagnostics()
        let root = YAMLLoader.load("? [a, b]\n: 1\nc: &c { d: 1 }\ne: *c\nf: |\n  12\n", file: "f.yaml", diagnostics: &diagnostics)
        #expect(diagnostics.sorted.map(\.description) == ["f.yaml:1:3: error: mapping keys must be plain text"])
        #expect(root?.pairs?.map(\.name) == ["c", "e", "f"])
        #expect(root?["e"]?["d"]?.location == SourceLocation(file: "f.yaml", line: 3, column: 12))
        #expect(root?["f"]?.scalarValue == .string("12\n"))
    }

    @Test func aliasBombsAreRefusedInsteadOfWalked() {
        var lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
        for level in 1..<9 {
            lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        var diagnostics = Diagnostics()
        // 10^9 scalars if walked; refused after the budget of nodes.
        #expect(YAMLLoader.load(lines.joined(separator: "\n"), file: "bomb.yaml", diagnostics: &diagnostics) == nil)
        #expect(diagnostics.sorted.count == 1)
        #expect(diagnostics.sorted.first?.description.hasPrefix("bomb.yaml:1:1: error: YAML aliases expand this file to more than") == true)
    }

    @Test func servicesMergeAcrossFiles() throws {
        let files = try SpecHarness.generate([
            "shop/main.yaml": SpecHarness.base + "models:\n  User:\n    fields:\n      id: Int64\n",
            "shop/orders.yaml": "service: Shop\napis:\n  Me:\n    path: /me\n    response: User\n",
        ])
        #expect(files.keys.sorted() == ["Shop/Apis/MeApi.swift", "Shop/Apis/PingApi.swift", "Shop/Models/User.swift", "Shop/ShopService.swift"])
        #expect(files["Shop/Apis/MeApi.swift"]?.contains("// Generated by apigen from shop/orders.yaml.") == true)
        #expect(files["Shop/ShopService.swift"]?.contains("// Generated by apigen from shop/main.yaml.") == true)
    }

    @Test func servicesThatDifferOnlyInCaseClashLikeModelsAndApis() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "a.yaml")
        try folder.write(SpecHarness.base.replacingOccurrences(of: "service: Shop", with: "service: SHOP").replacingOccurrences(of: "Ping", with: "Pong"), to: "b.yaml")
        try folder.write("service: SHOP\nmodels:\n  M:\n    fields: { a: Int }\n", to: "c.yaml")
        let diagnostics = folder.described(Generator.validate(specs: folder.url).diagnostics)
        #expect(diagnostics == [
            "b.yaml:1:10: error: service 'SHOP' would be written to SHOP/, which macOS and Windows do not tell from Shop/ of service 'Shop' at a.yaml:1:10; rename one of them",
        ])
    }

    @Test func servicesDeclareSettingsOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "a.yaml")
        try folder.write(SpecHarness.base.replacingOccurrences(of: "Ping", with: "Pong"), to: "b.yaml")
        let diagnostics = folder.described(Generator.validate(specs: folder.url).diagnostics)
        #expect(diagnostics == ["b.yaml:2:1: error: environments of service 'Shop' are already declared in a.yaml"])
    }

    @Test func deleteMaySendABodyWhenAsked() throws {
        let files = try SpecHarness.generate(["s.yaml": SpecHarness.base + """
              Remove:
                method: DELETE
                path: /things/{id}
                params:
                  id: Int
                  reason: String?
                  audit: { type: String, in: body }

            """])
        let api = try #require(files["Shop/Apis/RemoveApi.swift"])
        #expect(api.contains(#"request.add(reason, as: "reason", in: .query)"#))
        #expect(api.contains(#"request.add(audit, as: "audit", in: .body)"#))
    }

    @Test func emptyFolderIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("not a spec", to: "README.md")
        let diagnostics = Generator.validate(specs: folder.url).diagnostics
        #expect(diagnostics.map(\.message) == ["no spec files (*.yaml, *.yml) found"])
    }

    @Test func anotherFoldersConfigurationIsNoSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "A/shop.yaml")
        try folder.write("accessModifier: public\n", to: "A/apigen.yaml")
        let diagnostics = Generator.validate(specs: folder.url).diagnostics
        #expect(diagnostics.map(\.message) == ["apigen.yaml configures the folder it is in, which is not this spec folder: give apigen that folder (one run per folder)"])
        #expect(diagnostics.first?.location.file.hasSuffix("A/apigen.yaml") == true)
    }

    @Test func aConfigurationNamedYmlIsNoSpec() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "shop.yaml")
        try folder.write("accessModifier: public\n", to: "apigen.yml")
        let diagnostics = Generator.validate(specs: folder.url).diagnostics
        #expect(diagnostics.map(\.message) == ["apigen.yml is not read: apigen's configuration must be named apigen.yaml; rename it"])
        #expect(diagnostics.first?.location.file.hasSuffix("/apigen.yml") == true)
    }

    @Test func missingFolderIsAnError() {
        let diagnostics = Generator.validate(specs: URL(fileURLWithPath: "/nonexistent/apigen-specs")).diagnostics
        #expect(diagnostics.map(\.message) == ["no such spec folder or file"])
    }

    @Test func linkedSpecFilesAndFoldersAreRead() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "shared/shop.yaml")
        try folder.write(SpecHarness.base.replacingOccurrences(of: "Shop", with: "Users"), to: "shared/team/users.yaml")
        try FileManager.default.createDirectory(at: folder.folder("specs"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.folder("specs/shop.yaml").path, withDestinationPath: "../shared/shop.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.folder("specs/team").path, withDestinationPath: "../shared/team")
        // A link back up the tree is not walked again (and not for ever).
        try FileManager.default.createSymbolicLink(atPath: folder.folder("shared/team/loop").path, withDestinationPath: "../team")
        let outcome = Generator.generate(specs: folder.folder("specs"), output: folder.folder("out"))
        #expect(folder.described(outcome.diagnostics).isEmpty)
        #expect(folder.read("out/Shop/ShopService.swift")?.hasPrefix("// Generated by apigen from shop.yaml.") == true)
        #expect(folder.read("out/Users/UsersService.swift")?.hasPrefix("// Generated by apigen from team/users.yaml.") == true)
    }

    @Test func aBrokenLinkNamedLikeASpecIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "specs/shop.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.folder("specs/gone.yaml").path, withDestinationPath: "missing.yaml")
        try FileManager.default.createSymbolicLink(atPath: folder.folder("specs/notes").path, withDestinationPath: "missing")
        let diagnostics = folder.described(Generator.validate(specs: folder.folder("specs")).diagnostics)
        #expect(diagnostics == ["specs/gone.yaml:1:1: error: cannot read file"])
    }

    @Test func oneSpecFileCanBeGivenInsteadOfAFolder() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(SpecHarness.base, to: "specs/shop.yaml")
        try folder.write("service: Other\n", to: "specs/other.yaml")  // not read: only the given file is
        let outcome = Generator.generate(specs: spec, output: folder.folder("out"))
        #expect(outcome.diagnostics.isEmpty)
        #expect(folder.files(under: "out").sorted() == ["Shop/Apis/PingApi.swift", "Shop/ShopService.swift"])
        #expect(folder.read("out/Shop/ShopService.swift")?.hasPrefix("// Generated by apigen from shop.yaml.") == true)
        let notYAML = try folder.write("service: Shop\n", to: "specs/shop.json")
        #expect(Generator.validate(specs: notYAML).diagnostics.map(\.message) == ["a spec file must be named *.yaml or *.yml"])
    }

    @Test func anOutputPathThatIsAFileIsAnErrorAndIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "specs/shop.yaml")
        let output = try folder.write("keep me", to: "out")
        let outcome = Generator.generate(specs: folder.folder("specs"), output: output)
        #expect(outcome.diagnostics.map(\.description) == ["\(output.path):1:1: error: the output path exists and is not a folder"])
        #expect(folder.read("out") == "keep me")
    }

    @Test func errorsInSeveralFilesAreReportedTogetherInOrder() throws {
        let folder = try TemporaryFolder()
        try folder.write("service: Shop\nenvironments:\n  debug: nope\n", to: "b.yaml")
        try folder.write("service: Other\nenvironments: {d: \"http://x.y\"}\napis:\n  P:\n    path: p\n", to: "a.yaml")
        let diagnostics = folder.described(Generator.validate(specs: folder.url).diagnostics)
        #expect(diagnostics == [
            "a.yaml:5:11: error: path 'p' of api 'P' must start with '/'",
            "b.yaml:3:10: error: base URL 'nope' of environment 'debug' must be an absolute http:// or https:// URL",
        ])
    }
}

import Foundation
