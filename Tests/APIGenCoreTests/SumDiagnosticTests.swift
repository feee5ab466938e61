import Testing
@testable import APIGenCore

/// Every mistake in a `oneOf` model, an enum case's own name or an open enum gets a located
/// diagnostic, with a suggestion where one helps.
@Suite struct SumDiagnosticTests {
    static let head = "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n"
    /// Two object models the cases below use as members (lines 5–10).
    static let members = head + "  Card:\n    fields:\n      last4: String\n  Bank:\n    fields:\n      iban: String\n"

    static let cases: [MalformedSpec] = [
        MalformedSpec(
            name: "unknownMemberType",
            yaml: members + "  Pay:\n    oneOf: [Card, Bnak]\n",
            expected: ["spec.yaml:12:19: error: unknown type 'Bnak'; did you mean 'Bank'?"]
        ),
        MalformedSpec(
            name: "emptyOneOf",
            yaml: head + "  Pay:\n    oneOf: []\n",
            expected: ["spec.yaml:6:12: error: oneOf of model 'Pay' must list at least one type"]
        ),
        MalformedSpec(
            name: "oneOfNotAList",
            yaml: head + "  Pay:\n    oneOf: Card\n",
            expected: ["spec.yaml:6:12: error: oneOf of model 'Pay' must be a list of types, found a string"]
        ),
        MalformedSpec(
            name: "oneOfWithFields",
            yaml: members + "  Pay:\n    oneOf: [Card]\n    fields: { a: Int }\n",
            expected: ["spec.yaml:11:3: error: model 'Pay' must have only one of 'fields', 'enum' and 'oneOf'"]
        ),
        MalformedSpec(
            name: "misspeltMemberKey",
            yaml: members + "  Pay:\n    oneOf: [{ type: Card, nmae: debit }]\n",
            expected: ["spec.yaml:12:27: error: unknown key 'nmae' in member of the oneOf of model 'Pay'; did you mean 'name'?"]
        ),
        MalformedSpec(
            name: "duplicateMember",
            yaml: members + "  Pay:\n    oneOf: [Card, Card]\n",
            expected: ["spec.yaml:12:19: error: model 'Pay' lists 'Card' and 'Card' in its oneOf, which are the same type"]
        ),
        MalformedSpec(
            name: "optionalMember",
            yaml: members + "  Pay:\n    oneOf: [Card, String?]\n",
            expected: ["spec.yaml:12:19: error: member 'String?' of model 'Pay' cannot be optional; make the field that holds Pay optional instead"]
        ),
        MalformedSpec(
            name: "jsonMember",
            yaml: members + "  Pay:\n    oneOf: [JSON, Card]\n",
            expected: ["spec.yaml:12:13: error: member 'JSON' of model 'Pay' matches every value, so no member after it could; write unknown: true to keep values no member matches"]
        ),
        MalformedSpec(
            name: "memberCaseNamesClash",
            yaml: members + "  Pay:\n    oneOf: [Card, { type: Bank, name: card }]\n",
            expected: ["spec.yaml:12:39: error: members 'Card' and 'Bank' of model 'Pay' both become the case name card"]
        ),
        MalformedSpec(
            name: "memberCaseNameIsUnknown",
            yaml: head + "  Unknown:\n    fields:\n      a: Int\n  Pay:\n    oneOf: [String, Unknown]\n    unknown: true\n",
            expected: ["spec.yaml:9:21: error: member 'Unknown' of model 'Pay' becomes the case name unknown, which unknown: true uses for values no member matches; give it a case name with { type: Unknown, name: … }"]
        ),
        MalformedSpec(
            name: "discriminatorWithNonObjectMembers",
            yaml: members + "  Kind:\n    enum: [a]\n  Pay:\n    oneOf: [Card, String, Kind, \"[Bank]\"]\n    discriminator: type\n",
            expected: [
                "spec.yaml:14:19: error: member 'String' of model 'Pay' must be a model with fields: the discriminator 'type' is read from an object",
                "spec.yaml:14:27: error: member 'Kind' of model 'Pay' must be a model with fields: the discriminator 'type' is read from an object",
                "spec.yaml:14:33: error: member '[Bank]' of model 'Pay' must be a model with fields: the discriminator 'type' is read from an object",
            ]
        ),
        MalformedSpec(
            name: "discriminatorMemberIsASum",
            yaml: members + "  Inner:\n    oneOf: [Bank]\n    discriminator: type\n  Pay:\n    oneOf: [Card, Inner]\n    discriminator: type\n",
            expected: ["spec.yaml:15:19: error: member 'Inner' of model 'Pay' must be a model with fields: the discriminator 'type' is read from an object"]
        ),
        MalformedSpec(
            name: "tagMapsToNonMember",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator:\n      propertyName: type\n      mapping: { card: Card, cash: Cash, bank: Bnak }\n",
            expected: [
                "spec.yaml:15:36: error: tag 'cash' of model 'Pay' maps to 'Cash', which is not a member of its oneOf",
                "spec.yaml:15:48: error: tag 'bank' of model 'Pay' maps to 'Bnak', which is not a member of its oneOf; did you mean 'Bank'?",
            ]
        ),
        MalformedSpec(
            name: "duplicateTag",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator:\n      propertyName: type\n      mapping: { Card: Bank }\n",
            expected: ["spec.yaml:12:19: error: members 'Card' and 'Bank' of model 'Pay' both have the tag 'Card'; map one of them to another tag in the discriminator's mapping"]
        ),
        MalformedSpec(
            name: "twoTagsForOneMember",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator:\n      propertyName: type\n      mapping: { card: Card, credit: Card }\n",
            expected: ["spec.yaml:15:38: error: tags 'card' and 'credit' of model 'Pay' both map to 'Card'; a member has one tag, so it can be written back as it was read"]
        ),
        // The member's own field would reject its tag: the member never decoded.
        MalformedSpec(
            name: "tagNotACaseOfTheTagField",
            yaml: head + "  BankKind: { enum: [savings, checking] }\n  Card: { fields: { last4: String } }\n  Bank: { fields: { kind: BankKind, iban: String } }\n  Pay:\n    oneOf: [Card, Bank]\n    discriminator: { propertyName: kind, mapping: { card: Card, bank: Bank } }\n",
            expected: ["spec.yaml:7:27: error: field 'kind' of model 'Bank' holds the discriminator 'kind' of model 'Pay', whose tag for Bank is 'bank', which is not a case of BankKind (savings, checking); Bank would never decode: add the case, or map one of its cases to Bank"]
        ),
        MalformedSpec(
            name: "tagFieldNotText",
            yaml: head + "  Card:\n    fields:\n      type: Int\n  Pay:\n    oneOf: [Card]\n    discriminator: type\n",
            expected: ["spec.yaml:7:13: error: field 'type' of model 'Card' holds the discriminator 'type' of model 'Pay', so it must be a String or a String enum, found Int"]
        ),
        MalformedSpec(
            name: "discriminatorWithoutOneOf",
            yaml: head + "  Card:\n    fields:\n      a: Int\n    discriminator: type\n",
            expected: ["spec.yaml:8:5: error: discriminator of model 'Card' needs a oneOf"]
        ),
        MalformedSpec(
            name: "discriminatorMisspeltKey",
            yaml: members + "  Pay:\n    oneOf: [Card]\n    discriminator: { property: type }\n",
            expected: [
                "spec.yaml:13:20: error: missing required key 'propertyName' in discriminator of model 'Pay'",
                "spec.yaml:13:22: error: unknown key 'property' in discriminator of model 'Pay'",
            ]
        ),
        MalformedSpec(
            name: "sumContainsItself",
            yaml: head + "  A:\n    oneOf: [Int, B]\n  B:\n    oneOf: [String, A]\n",
            expected: [
                "spec.yaml:5:3: error: model 'A' is a member of its own oneOf, directly or through other oneOf models, so decoding it would never end; hold it in a model with fields or a list",
                "spec.yaml:7:3: error: model 'B' is a member of its own oneOf, directly or through other oneOf models, so decoding it would never end; hold it in a model with fields or a list",
            ]
        ),
        MalformedSpec(
            // The mock checker tried the sum's only member, itself, on the same value without end.
            name: "sumContainsItselfWithAMock",
            yaml: head + "  A:\n    oneOf: [A]\n    unknown: true\napis:\n  GetA:\n    path: /a\n    response: A\n    mock: 0.1\n",
            expected: [
                "spec.yaml:5:3: error: model 'A' is a member of its own oneOf, directly or through other oneOf models, so decoding it would never end; hold it in a model with fields or a list",
            ]
        ),
        MalformedSpec(
            name: "sumWithoutFiniteValue",
            yaml: head + "  A:\n    oneOf: [B, C]\n  B:\n    fields:\n      a: A\n  C:\n    fields:\n      b: B\n  Fine:\n    oneOf: [B, Int]\n  Kept:\n    oneOf: [B]\n    unknown: true\n",
            expected: ["spec.yaml:5:3: error: every member of model 'A' requires a value of 'A' inside it, so no finite JSON value can decode; add a member that ends the chain, make a field on the cycle optional, or write unknown: true"]
        ),
        MalformedSpec(
            name: "modelShadowsDecodingError",
            yaml: head + "  DecodingError:\n    fields:\n      a: Int\n",
            expected: ["spec.yaml:5:3: error: model name 'DecodingError' clashes with the Swift type DecodingError the generated code uses; rename it"]
        ),
        MalformedSpec(
            name: "unknownOnFields",
            yaml: head + "  Card:\n    fields:\n      a: Int\n    unknown: true\n",
            expected: ["spec.yaml:8:5: error: unknown of model 'Card' applies to an enum or a oneOf, not to fields"]
        ),
        MalformedSpec(
            name: "enumCasesClashSuggestName",
            yaml: head + "  Sort:\n    enum: [created_at, \"-created_at\"]\n",
            expected: [#"spec.yaml:6:24: error: cases 'created_at' and '-created_at' of model 'Sort' both become the Swift name createdAt; give it a Swift name with { value: "-created_at", name: … }"#]
        ),
        MalformedSpec(
            name: "enumCaseWithoutLettersSuggestsName",
            yaml: head + "  Zone:\n    enum: [\"*\", \"\"]\n",
            expected: [
                #"spec.yaml:6:12: error: case '*' of model 'Zone' has no letters or digits to make a Swift name from; give it a Swift name with { value: "*", name: … }"#,
                #"spec.yaml:6:17: error: case '' of model 'Zone' has no letters or digits to make a Swift name from; give it a Swift name with { value: "", name: … }"#,
            ]
        ),
        MalformedSpec(
            name: "enumExplicitNamesClash",
            yaml: head + "  Sort:\n    enum:\n      - { value: a, name: up }\n      - { value: b, name: up }\n",
            expected: ["spec.yaml:8:27: error: cases 'up' and 'up' of model 'Sort' both become the Swift name up"]
        ),
        MalformedSpec(
            name: "enumCaseMisspeltKey",
            yaml: head + "  Sort:\n    enum:\n      - { valeu: a }\n",
            expected: [
                "spec.yaml:7:9: error: missing required key 'value' in case of model 'Sort'",
                "spec.yaml:7:11: error: unknown key 'valeu' in case of model 'Sort'; did you mean 'value'?",
            ]
        ),
        MalformedSpec(
            name: "openEnumCaseNamedUnknown",
            yaml: head + "  Sort:\n    enum: [up, unknown, all_cases]\n    unknown: true\n",
            expected: [
                #"spec.yaml:6:16: error: case 'unknown' of model 'Sort' becomes the Swift name unknown, which an enum with unknown: true declares itself; give it a Swift name with { value: "unknown", name: … }"#,
                #"spec.yaml:6:25: error: case 'all_cases' of model 'Sort' becomes the Swift name allCases, which an enum with unknown: true declares itself; give it a Swift name with { value: "all_cases", name: … }"#,
            ]
        ),
        MalformedSpec(
            name: "intEnumCaseDescriptionNeedsValue",
            yaml: head + "  Level:\n    enum:\n      low: { description: Quiet. }\n",
            expected: ["spec.yaml:7:12: error: missing required key 'value' in case 'low' of model 'Level'"]
        ),
        MalformedSpec(
            name: "mockWithUnknownTag",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator: { propertyName: type, mapping: { card: Card, bank: Bank } }\napis:\n  P:\n    path: /p\n    response: Pay\n    mock: { type: crad, last4: \"1\" }\n",
            expected: ["spec.yaml:18:19: error: mock of api 'P' has tag 'crad', which is not one of card, bank (Pay); did you mean 'card'?"]
        ),
        MalformedSpec(
            name: "mockWithoutTag",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator: type\napis:\n  P:\n    path: /p\n    response: \"[Pay]\"\n    mock: [{ last4: \"1\" }]\n",
            expected: ["spec.yaml:18:12: error: mock of api 'P' at '[0]' must have the tag 'type' of Pay as a string"]
        ),
        MalformedSpec(
            name: "mockMemberFieldsCheckedByTag",
            yaml: members + "  Pay:\n    oneOf: [Card, Bank]\n    discriminator: type\napis:\n  P:\n    path: /p\n    response: Pay\n    mock: { type: Bank, last4: \"1\" }\n",
            expected: [
                "spec.yaml:18:11: error: mock of api 'P' is missing required field 'iban' of Bank",
                "spec.yaml:18:25: error: mock of api 'P' has unknown field 'last4' for Bank",
            ]
        ),
        MalformedSpec(
            name: "mockMatchesNoUntaggedMember",
            yaml: members + "  Ref:\n    oneOf: [String, Card]\napis:\n  P:\n    path: /p\n    response: Ref\n    mock: { iban: x }\n",
            expected: ["spec.yaml:17:11: error: mock of api 'P' matches none of String, Card (Ref), found a mapping"]
        ),
        MalformedSpec(
            name: "mockWithUnlistedValueOfClosedEnum",
            yaml: head + "  Sort:\n    enum: [{ value: \"-a\", name: aDescending }]\napis:\n  P:\n    path: /p\n    response: Sort\n    mock: b\n",
            expected: ["spec.yaml:11:11: error: mock of api 'P' must be one of -a (Sort), found 'b'"]
        ),
    ]

    @Test("each malformed spec reports exactly its problems", arguments: cases)
    func malformed(_ spec: MalformedSpec) throws {
        let diagnostics = try SpecHarness.diagnose(spec.yaml)
        #expect(diagnostics == spec.expected, "\(diagnostics)")
    }

    @Test("mocks of sums: by tag, the first matching member, or kept whole by unknown: true; open enums take any value")
    func validMocks() throws {
        let yaml = Self.members + """
          Pay:
            oneOf: [Card, Bank]
            discriminator: { propertyName: type, mapping: { card: Card } }
            unknown: true
          Ref:
            oneOf: [Int, Card]
          Sort:
            enum: [a]
            unknown: true
          Answer:
            fields:
              pay: "[Pay]"
              ref: "[Ref]"
              sort: "[Sort]"
        apis:
          P:
            path: /p
            response: Answer
            mock:
              pay: [{ last4: "1", type: card }, { type: Bank, iban: DE }, { type: wallet, id: 7 }]
              ref: [3, { last4: "2" }]
              sort: [a, z]

        """
        let files = try SpecHarness.generate(["spec.yaml": yaml])
        let api = try #require(files["Shop/Apis/PApi.swift"])
        let expected = #"{"pay":[{"type":"card","last4":"1"},{"type":"Bank","iban":"DE"},{"type":"wallet","id":7}],"ref":[3,{"last4":"2"}],"sort":["a","z"]}"#
        #expect(api.contains(expected), "\(api)")
    }
}
