import Foundation
import Testing
@testable import APIGenCore

/// The reserved type names are derived from what exists: a new runtime type, a new name in a
/// template or in generated code fails here until it is reserved.
@Suite struct ReservedTypeNamesTests {
    /// Every `.swift` file under a repository folder.
    static func swiftFiles(under folder: String) -> [URL] {
        let root = Repository.root.appendingPathComponent(folder)
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files
    }

    static func matches(_ pattern: String, in text: String, group: Int = 1) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: group), in: text).map { String(text[$0]) }
        }
    }

    /// Names declared at the top level of a file (`public struct X`, `nonisolated public enum Y`…).
    static let topLevelDeclaration = #"^(?:@\w+(?:\([^)\n]*\))?\s+)*(?:nonisolated\s+)?(?:public|open)\s+(?:final\s+)?(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)"#

    /// Capitalized identifiers (type and module names) in code with comments and string literals removed.
    static func typeNames(inCode text: String) -> Set<String> {
        var code = text
        for pattern in [#"(?m)^\s*//.*$"#, ##"#+"[^\n]*?"#+"##, #""(?:[^"\\\n]|\\.)*""#] {
            code = code.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return Set(matches(#"\b(_?[A-Z][A-Za-z0-9_]*)\b"#, in: code))
    }

    @Test func theRuntimeListIsEveryPublicTopLevelTypeOfTheRuntimeModules() throws {
        var declared: Set<String> = []
        for file in Self.swiftFiles(under: "Sources/Interactive") + Self.swiftFiles(under: "Sources/InteractiveSigning") {
            declared.formUnion(Self.matches(Self.topLevelDeclaration, in: try String(contentsOf: file, encoding: .utf8)))
        }
        #expect(declared.count > 40)
        #expect(declared.subtracting(ReservedTypeNames.runtime).sorted() == [], "add these to ReservedTypeNames.runtime")
        #expect(ReservedTypeNames.runtime.subtracting(declared).sorted() == [], "the runtime no longer declares these")
    }

    @Test func everyTypeNameTheTemplatesSpellIsReserved() throws {
        let folder = Repository.root.appendingPathComponent("Templates")
        var spelled: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".mustache") {
            var text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(of: #"\{\{[^}]*\}\}"#, with: " ", options: .regularExpression)
            spelled.formUnion(Self.typeNames(inCode: text))
        }
        #expect(spelled.contains("ResponseParser") && spelled.contains("CaseIterable"))
        #expect(spelled.subtracting(Naming.reservedTypeNames).sorted() == [], "add these to ReservedTypeNames.generated")
    }

    /// The committed output holds every shape the view models write (`JSONParser<…>`, `EmptyParser`,
    /// `TextParser`, `BinaryParser`, `RequestOptions(…)`, `Envelope(…)`, builtins): every name it spells
    /// that the specs did not declare is reserved.
    @Test func everyTypeNameTheGeneratedCodeSpellsIsReserved() throws {
        var spelled: Set<String> = [], declared: Set<String> = []
        for file in Self.swiftFiles(under: "Generated") {
            let text = try String(contentsOf: file, encoding: .utf8)
            spelled.formUnion(Self.typeNames(inCode: text))
            declared.formUnion(Self.matches(#"\b(?:struct|enum|class|typealias)\s+(\w+)"#, in: text))
        }
        for expected in ["JSONParser", "EmptyParser", "TextParser", "BinaryParser", "RequestOptions", "Envelope", "Decimal"] {
            #expect(spelled.contains(expected), "the committed output no longer shows \(expected): find another witness")
        }
        let fromSpecs = declared.subtracting(ReservedTypeNames.generated)
        #expect(spelled.subtracting(fromSpecs).subtracting(Naming.reservedTypeNames).sorted() == [], "add these to ReservedTypeNames")
    }
}
