import Testing
@testable import APIGenCore

@Suite struct NamingTests {
    @Test(arguments: [
        ("nick_name", "nickName"), ("nick-name", "nickName"), ("user id", "userId"), ("2fa", "_2fa"),
        ("URL", "url"), ("URLString", "urlString"), ("ID", "id"), ("Name", "name"), ("itemId", "itemId"),
        ("SHA256", "sha256"), ("ES256", "es256"), ("RSA_SHA256", "rsaSHA256"), ("HS512Key", "hs512Key"),
        ("URLs", "urls"), ("IDs", "ids"), ("URLsByName", "urlsByName"), ("imageURLs", "imageURLs"), ("IDs2", "ids2"), ("ABsolute", "aBsolute"),
        ("default", "`default`"), ("class", "`class`"), ("self", "self_"), ("super", "super_"), ("Type", "type"), ("Self", "self_"), ("protocol", "`protocol`"),
        ("X-Trace-Id", "xTraceId"), ("é", "é"), ("---", nil), ("名称", "名称"), ("用户 id", "用户Id"),
        ("Prénom", "prénom"), ("Ärger", "ärger"), ("e\u{301}tat", "e\u{301}tat"), ("\u{301}x", "_\u{301}x"),
        ("nick\u{200B}name", "nickName"), ("a\u{202E}b", "aB"), ("\u{FEFF}", nil), ("x\u{FE0F}", "x"),
    ] as [(String, String?)])
    func propertyNames(_ name: String, _ expected: String?) {
        #expect(Naming.propertyName(name) == expected)
    }

    /// Every keyword and special name is escaped, however its first letter and length compare with
    /// the others' (the quick test that lets other names skip the keyword sets), and names that only
    /// start like one are not.
    @Test func everySpecialNameIsEscaped() {
        for name in Naming.keywords.union(Naming.renamed) where name.first?.isLowercase == true {
            #expect(Naming.propertyName(name) == (Naming.renamed.contains(name) ? name + "_" : "`\(name)`"), "\(name)")
        }
        for name in ["classes", "fo", "selfie", "i", "typealiases", "nonisolatedX"] {
            #expect(Naming.propertyName(name) == name)
        }
    }

    /// After a dot Swift takes a keyword bare (`.default`), but for those that mean something else there.
    @Test func membersAfterADotAreBareWhereSwiftAllowsIt() {
        #expect(Naming.afterDot("`default`") == "default")
        #expect(Naming.afterDot("`class`") == "class")
        #expect(Naming.afterDot("plain") == "plain")
        #expect(Naming.afterDot("`init`") == "`init`")
        #expect(Naming.afterDot("`Type`") == "`Type`")
    }

    /// The placeholders importers fill are the ones the parser makes: NEI's `:id.json` is `{id}.json`.
    @Test func pathPlaceholdersAreTheParsersOwn() {
        #expect(SpecNaming.placeholders(ofPath: "/api/:id.json/{kind}/v1/{name}:run?flag&type=1") == ["id", "kind", "name"])
        #expect(SpecNaming.placeholders(ofPath: "/api/list?:id") == [])
    }

    @Test(arguments: [("user id", "UserId"), ("item-detail", "ItemDetail"), ("Login", "Login"), ("2fa", "_2fa"), ("login", "Login"), ("用户", "用户"), ("café au lait", "CaféAuLait")])
    func typeNames(_ name: String, _ expected: String) {
        #expect(Naming.typeName(name) == expected)
    }

    /// The byte-level path for ASCII names gives what the Unicode path gives, for every kind of ASCII
    /// name: separators, digits in front, acronyms of every length, keywords.
    @Test func asciiNamesAreNamedAsTheUnicodePathNamesThem() {
        let alphabet = Array("aZ_- 9.AbURLid2$Xs")
        var generator = SystemRandomNumberGenerator()
        var names = ["", "_", "9", "ID", "URLString", "a", "A1b", "x-Y_z", "HTTPServer2Go", "__init__", "self", "Type", "SHA256", "ES256x", "URLs", "IDsX", "Ss"]
        for _ in 0..<2_000 {
            names.append(String((0..<Int.random(in: 1...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        for name in names {
            #expect(Naming.ASCIIPath.propertyName(name) == .some(Naming.unicodePropertyName(name)), "property name of \(name)")
            #expect(Naming.ASCIIPath.typeName(name) == .some(Naming.unicodeTypeName(name)), "type name of \(name)")
        }
        #expect(Naming.ASCIIPath.propertyName("café") == nil)
        #expect(Naming.ASCIIPath.typeName("名称") == nil)
    }

    @Test(arguments: [("Shop", true), ("Café", true), ("商店", true), ("Shop_2", true), ("shop", false), ("_Shop", false), ("2Shop", false), ("Shop-Api", false), ("Sh\u{200B}op", false), ("", false)])
    func typeNamesAsWritten(_ name: String, _ valid: Bool) {
        #expect(Naming.isTypeName(name) == valid)
    }

    @Test func stringLiteralsStayData() {
        #expect(SwiftLiteral.string(#"a "quoted" \(x) back\slash"#) == #""a \"quoted\" \\(x) back\\slash""#)
        #expect(SwiftLiteral.string("line\nbreak\r\t\u{0}") == #""line\nbreak\r\t\0""#)
        #expect(SwiftLiteral.string("sep\u{2028}x") == #""sep\u{2028}x""#)
        // Invisible format characters are shown, so a literal cannot display as other text.
        #expect(SwiftLiteral.string("safe\u{202E}evil\u{200B}\u{FEFF}") == #""safe\u{202E}evil\u{200B}\u{FEFF}""#)
        #expect(SwiftLiteral.raw("{\"a\":\"\u{2066}b\"}") == #""{\"a\":\"\u{2066}b\"}""#)
    }

    @Test func rawLiteralsOutnumberHashes() {
        #expect(SwiftLiteral.raw(#"{"a":"b"}"#) == ##"#"{"a":"b"}"#"##)
        #expect(SwiftLiteral.raw(##"x"#y \#(z)"##) == ###"##"x"#y \#(z)"##"###)
        #expect(SwiftLiteral.raw("two\nlines") == #""two\nlines""#)
    }

    @Test func docLinesCannotEscapeTheirComment() {
        #expect(SwiftLiteral.docLines("One */ two\n\nthree\r\nfour\rfive\u{2028}six  ") == ["One */ two", "", "three", "four", "five", "six"])
        #expect(SwiftLiteral.docLines("\n\n  \n") == [])
        #expect(SwiftLiteral.docLines("bell\u{7}") == ["bell"])
        #expect(SwiftLiteral.docLines("a\n\n\n\nb\n \n\nc") == ["a", "", "b", "", "c"])
        #expect(SwiftLiteral.docLines("a\u{202E}b \u{200B}c 👩\u{200D}💻") == [#"a\u{202E}b \u{200B}c"# + " 👩\u{200D}💻"])
    }

    @Test func durations() {
        #expect(SwiftLiteral.duration(seconds: 10) == ".seconds(10)")
        #expect(SwiftLiteral.duration(seconds: 0.5) == ".milliseconds(500)")
        #expect(SwiftLiteral.duration(seconds: 2.5) == ".milliseconds(2500)")
    }

    @Test func suggestionsFindTyposAndSwaps() {
        #expect(Suggestion.closest(to: "methd", in: ["method", "path"]) == "method")
        #expect(Suggestion.closest(to: "Itme", in: ["Item", "User"]) == "Item")
        #expect(Suggestion.closest(to: "zzz", in: ["method", "path"]) == nil)
    }
}
