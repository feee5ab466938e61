import Testing
@testable import APIGenCore

@Suite struct SourceTidierTests {
    @Test(arguments: [
        ("\n\nstruct A {\n\n    var x   \n\n\n    func f() {\n\n    }\n\n}\n\n\n", "struct A {\n    var x\n\n    func f() {\n    }\n}\n"),
        ("call(\n\n    a,\n    b\n\n)\r\n", "call(\n    a,\n    b\n)\n"),
        ("a\t \r\nb", "a\nb\n"),
        ("", ""),
        ("\n \n\t\n", ""),
        ("x\n\n    }\n", "x\n    }\n"),
        ("// 用户\n\n\n名称 }", "// 用户\n\n名称 }\n"),
        // A last line without a line break gets one: the output is one byte longer than the input.
        ("a", "a\n"),
        ("{\n\n}", "{\n}\n"),
    ])
    func tidies(_ input: String, _ expected: String) {
        #expect(SourceTidier.tidy(input) == expected)
    }
}
