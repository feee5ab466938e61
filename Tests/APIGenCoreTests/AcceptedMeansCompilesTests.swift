import Foundation
import Interactive
import Testing
@testable import APIGenCore

/// Specs the fuzzer found accepted although their output could not compile or their mocks could not
/// decode: each is now a located error, and what stays accepted compiles and decodes.
@Suite struct AcceptedMeansCompilesTests {
    @Test func aModelNamedAfterAProtocolTheGeneratedCodeUsesIsRefused() throws {
        let spec = SpecHarness.base + "models:\n  CaseIterable:\n    enum: [a, b]\n"
        #expect(try SpecHarness.diagnose(spec) == [
            "spec.yaml:8:3: error: model name 'CaseIterable' clashes with the Swift type CaseIterable the generated code uses; rename it",
        ])
    }

    @Test(arguments: [("Response", "ResponseParser"), ("JSON", "JSONParser"), ("Empty", "EmptyParser"), ("Text", "TextParser"), ("Binary", "BinaryParser")])
    func anAPIWhoseDerivedTypeShadowsARuntimeTypeIsRefused(name: String, shadowed: String) throws {
        let byName = try SpecHarness.diagnose(SpecHarness.base + "  \(name):\n    path: /x\n")
        #expect(byName == ["spec.yaml:7:3: error: api name '\(name)' would generate the type \(shadowed), which shadows the type of that name the generated code uses; rename it"])
        let byClassName = try SpecHarness.diagnose(SpecHarness.base + "  Other:\n    path: /x\n    className: \(name)\n")
        #expect(byClassName == ["spec.yaml:9:16: error: className '\(name)' of api 'Other' would generate the type \(shadowed), which shadows the type of that name the generated code uses; rename it"])
    }

    @Test func anInlineResponseTypeThatShadowsARuntimeTypeIsRefused() throws {
        let spec = SpecHarness.base + "  HTTP:\n    path: /x\n    response:\n      fields: { a: Int }\n"
        #expect(try SpecHarness.diagnose(spec) == [
            "spec.yaml:7:3: error: api name 'HTTP' would generate the type HTTPResponse, which shadows the type of that name the generated code uses; rename it",
        ])
    }

    @Test(arguments: [("1", "01"), ("0", "-0"), ("2", "+2")])
    func intEnumRawValuesAreComparedAsNumbers(first: String, second: String) throws {
        let spec = SpecHarness.base + "models:\n  Level:\n    enum: { low: \(first), high: \(second) }\n"
        let diagnostics = try SpecHarness.diagnose(spec)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.hasPrefix("spec.yaml:9:21: error: value '") == true, "\(diagnostics)")
        #expect(diagnostics.first?.hasSuffix("appears twice in model 'Level'") == true, "\(diagnostics)")
    }

    /// Numbers at and beyond what `JSONDecoder` reads as each type.
    static let numbers: [(type: String, text: String)] = [
        ("Decimal", "1e200"), ("Decimal", "1e127"), ("Decimal", "1e128"), ("Decimal", "1e-128"), ("Decimal", "1e-129"),
        ("Decimal", "0e-200"), ("Decimal", "12345678901234567890123456789012345678901234"),
        ("Float", "1e-46"), ("Float", "1e-45"), ("Float", "3.4028235e38"), ("Float", "3.5e38"), ("Float", "0"),
        ("Double", "1e-400"), ("Double", "5e-324"), ("Double", "1.7976931348623157e308"), ("Double", "-0.0"),
    ]

    /// A mock is accepted exactly when the runtime decodes it.
    @Test func aMockNumberIsAcceptedExactlyWhenTheRuntimeDecodesIt() throws {
        for (type, text) in Self.numbers {
            let spec = SpecHarness.base + "  Value:\n    path: /v\n    response:\n      fields: { v: \(type) }\n    mock: { v: \(text) }\n"
            let folder = try TemporaryFolder()
            try folder.write(spec, to: "spec.yaml")
            let outcome = Generator.render(specs: folder.url)
            let json = outcome.files.first { $0.path.hasSuffix("ValueApi.swift") }.flatMap { file in
                file.contents.split(separator: "\n").first { $0.contains("mockJSON: String? =") }
            }.map { line in String(line.drop { $0 != "{" }.dropLast(2)) }
            let decodes: Bool = switch type {
            case "Decimal": (try? InteractiveCoding.decode(Holder<Decimal>.self, from: Data(#"{"v":\#(text)}"#.utf8))) != nil
            case "Float": (try? InteractiveCoding.decode(Holder<Float>.self, from: Data(#"{"v":\#(text)}"#.utf8))) != nil
            default: (try? InteractiveCoding.decode(Holder<Double>.self, from: Data(#"{"v":\#(text)}"#.utf8))) != nil
            }
            #expect(outcome.hasErrors == !decodes, "\(type) \(text): \(outcome.diagnostics.map(\.description))")
            if !decodes {
                #expect(folder.described(outcome.diagnostics) == ["spec.yaml:11:16: error: mock of api 'Value' at 'v' must be a \(type), found \(text), which is out of its range"])
            } else {
                #expect(json == #"{"v":\#(text)}"#)
            }
        }
    }

    struct Holder<T: Decodable>: Decodable {
        var v: T
    }

    /// Names next to the refused ones stay accepted, and compile.
    @Test func namesBesideTheReservedOnesCompile() async throws {
        let spec = """
        service: Near
        environments:
          local: http://127.0.0.1:1
        models:
          Responses: { fields: { a: Int } }
          Iterable: { enum: [a] }
          Level: { enum: { low: 1, high: 02 } }
        apis:
          HTTP:
            path: /http
            response: Responses
          Texts:
            path: /texts
            response: { format: text }
          Named:
            method: POST
            path: /named
            params:
              name: String
              body: String

        """
        let folder = try TemporaryFolder()
        try folder.write(spec, to: "near.yaml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let files = folder.files(under: "out").map { folder.folder("out").appendingPathComponent($0) }
        let result = try await SwiftCompiler.typecheck(files, moduleName: "NearAPI")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(folder.read("out/Near/Models/Level.swift")?.contains("case high = 2\n") == true)
    }

    /// Hand-written coding names its parameters `decoder`/`encoder` and a local `container`; members
    /// and cases of those names (found by fuzzing: `encoder` was encoded as the parameter) must not
    /// be taken for them.
    @Test func membersNamedLikeCodingParametersAndLocalsCompile() async throws {
        let spec = """
        service: Coding
        environments: { debug: "http://127.0.0.1:8085" }
        defaults: { dates: epochSeconds }
        models:
          Coded:
            additionalFields: { name: extra, type: String }
            fields:
              encoder: { type: "Date?", format: "dd.MM.yyyy" }
              decoder: { type: Int, default: 1 }
              container: String?
              value: Date
              tag: { type: String, deprecated: true }
          Other:
            fields: { id: Int }
          Either:
            oneOf:
              - { type: Coded, name: encoder }
              - { type: Other, name: container }
              - { type: String, name: decoder }
            unknown: true
        apis:
          Send:
            method: POST
            path: /send
            params:
              encoder: String
              container: { type: Int, default: 2 }
              value: Either
            response: Coded

        """
        let folder = try TemporaryFolder()
        try folder.write(spec, to: "coding.yaml")
        let outcome = Generator.generate(specs: folder.url, output: folder.folder("out"))
        #expect(folder.described(outcome.diagnostics) == [])
        #expect(folder.read("out/Coding/Models/Coded.swift")?.contains("try container.encodeIfPresent(self.encoder, forKey: \"encoder\", format: .pattern(\"dd.MM.yyyy\"))") == true)
        let files = folder.files(under: "out").map { folder.folder("out").appendingPathComponent($0) }
        let result = try await SwiftCompiler.typecheck(files, moduleName: "CodingAPI")
        #expect(result.status == 0, "\(result.errorOutput)")
    }
}
