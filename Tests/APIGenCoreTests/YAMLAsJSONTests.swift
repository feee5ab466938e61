import Foundation
import Testing
import APIGenCore

/// `YAMLAsJSON`: YAML documents become the JSON `apigen import openapi` decodes, typed as specs are.
@Suite struct YAMLAsJSONTests {
    func json(_ yaml: String) throws -> String {
        String(decoding: try YAMLAsJSON.convert(yaml, file: "doc.yaml").get(), as: UTF8.self)
    }

    @Test func scalarsAreTypedAsSpecsAreAndKeysKeepTheirOrder() throws {
        let yaml = """
        b: 1.10
        a: [true, false, null, ~, 42, -7, 1e3, "007", '1.5', text, "x: y", 2024-01-01]
        "200": { description: OK }
        multi: |
          line one
          line "two"
        """
        let text = try json(yaml)
        #expect(text == #"{"b":1.10,"a":[true,false,null,null,42,-7,1e3,"007","1.5","text","x: y","2024-01-01"],"200":{"description":"OK"},"multi":"line one\nline \"two\""}"#, "\(text)")
    }

    @Test func numbersJSONCannotWriteAsTheyAreAreWrittenByValue() throws {
        #expect(try json("a: +5\nb: .5\nc: 007\nd: -0.0\n") == #"{"a":5,"b":0.5,"c":7,"d":-0.0}"#)
    }

    @Test func theTextIsValidJSONThatFoundationReadsBack() throws {
        let data = try YAMLAsJSON.convert("tab: \"a\\tb\"\ncontrol: \"\\u0001\"\nquote: 'say \"hi\"'\n", file: "doc.yaml").get()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(object == ["tab": "a\tb", "control": "\u{1}", "quote": "say \"hi\""])
    }

    @Test func problemsAreReportedAtTheirLineAndColumn() {
        guard case .failure(let failure) = YAMLAsJSON.convert("a: 1\nb: [1, 2\n", file: "doc.yaml") else {
            Issue.record("an unclosed sequence is an error")
            return
        }
        #expect(failure.diagnostics.first?.location.file == "doc.yaml")
        guard case .failure(let duplicate) = YAMLAsJSON.convert("a: 1\na: 2\n", file: "doc.yaml") else {
            Issue.record("a duplicate key is an error, not a silent last-one-wins")
            return
        }
        #expect(duplicate.diagnostics.contains { $0.location.line == 2 })
    }
}
