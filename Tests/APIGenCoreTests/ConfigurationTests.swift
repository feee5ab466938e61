import Foundation
import Testing
@testable import APIGenCore

/// Each key of `apigen.yaml` changes the output as documented, and the output still compiles.
@Suite struct ConfigurationTests {
    static let usage = ["Usage.swift": CompileTests.usage]

    @Test func withoutAConfigurationOrWithAnEmptyOneTheOutputIsUnchanged() throws {
        let plain = try ConfigHarness(config: nil).files()
        #expect(try ConfigHarness(config: "").files() == plain)
        #expect(try ConfigHarness(config: "# nothing set\n").files() == plain)
        #expect(try ConfigHarness(config: "accessModifier: public\nmocks: always\ndates: iso8601\noutput: { layout: per-api }\n").files() == plain)
    }

    @Test(arguments: ["package", "internal"])
    func accessModifierAppliesToEveryDeclarationAndCompiles(_ access: String) async throws {
        let harness = try ConfigHarness(config: "accessModifier: \(access)\n")
        let files = try harness.files()
        for (path, text) in files {
            #expect(!text.contains("public "), "\(path) still has public")
        }
        #expect(files["Shop/ShopService.swift"]?.contains("nonisolated \(access) enum ShopService") == true)
        #expect(files["Shop/Apis/LoginApi.swift"]?.contains("\nimport Interactive") == true)
        let result = try await harness.typecheck(files, extra: Self.usage, arguments: ["-package-name", "ShopPackage"])
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func customTemplatesSeeTheAccessModifier() throws {
        let harness = try ConfigHarness(config: "accessModifier: internal\ntemplates: ../MyTemplates\n")
        try harness.folder.write("{{> header}}\n// access={{access}} import={{importAccess}}.\n", to: "MyTemplates/service.mustache")
        let files = try harness.files()
        #expect(files["Shop/ShopService.swift"]?.contains("// access=internal import=.") == true)
    }

    @Test func templatesAreRelativeToTheConfigurationAndTheFlagWins() throws {
        let harness = try ConfigHarness(config: "templates: Mine\n", specs: ["shop.yaml": SpecHarness.base])
        try harness.folder.write("{{> header}}\n// from the configuration's folder\n", to: "Specs/Mine/service.mustache")
        try harness.folder.write("{{> header}}\n// from the flag\n", to: "Flag/service.mustache")
        #expect(try harness.files()["Shop/ShopService.swift"]?.contains("// from the configuration's folder") == true)
        let flagged = try harness.files(GenerationOptions(templates: harness.folder.folder("Flag")))
        #expect(flagged["Shop/ShopService.swift"]?.contains("// from the flag") == true)
    }

    @Test func debugOnlyMocksCompileWithAndWithoutDEBUG() async throws {
        let harness = try ConfigHarness(config: "mocks: debugOnly\n")
        let files = try harness.files()
        let login = try #require(files["Shop/Apis/LoginApi.swift"])
        #expect(login.contains("#if DEBUG\n    /// The spec's mock"))
        #expect(login.contains("\n#endif\n}"))
        #expect(login.components(separatedBy: "#if DEBUG").count == 2)
        for arguments in [["-D", "DEBUG"], []] {
            let result = try await harness.typecheck(files, extra: Self.usage, arguments: arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        }
    }

    @Test func neverGeneratesNoMockData() async throws {
        let harness = try ConfigHarness(config: "mocks: never\n")
        let files = try harness.files()
        #expect(!files.values.joined().contains("mockJSON"))
        #expect(!files.values.joined().contains("var mock:"))
        let result = try await harness.typecheck(files, extra: Self.usage)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    static let dated = """
    service: Shop
    environments:
      debug: http://127.0.0.1:8085/api
    models:
      Booking:
        fields:
          at: Date
    apis:
      BookingGet:
        path: /booking
        response: Booking

    """

    @Test func datesIsTheDefaultOfServicesWithoutTheirOwn() throws {
        let files = try ConfigHarness(config: "dates: epochSeconds\n", specs: ["shop.yaml": Self.dated]).files()
        #expect(files["Shop/Models/Booking.swift"]?.contains(".epochSeconds") == true)
        let own = Self.dated.replacingOccurrences(of: "models:", with: "defaults:\n  dates: epochMillis\nmodels:")
        let overridden = try ConfigHarness(config: "dates: epochSeconds\n", specs: ["shop.yaml": own]).files()
        #expect(overridden["Shop/Models/Booking.swift"]?.contains(".epochMilliseconds") == true)
        #expect(overridden["Shop/Models/Booking.swift"]?.contains(".epochSeconds") == false)
    }

    @Test func filterKeepsTheNamedApisAndTheModelsTheyUse() async throws {
        let harness = try ConfigHarness(config: "filter:\n  apis: [Login]\n")
        let files = try harness.files()
        let apis = files.keys.filter { $0.contains("/Apis/") }.sorted()
        #expect(apis == ["Shop/Apis/LoginApi.swift"])
        // LoginResponse's user is a User; Item is used only by filtered-out APIs.
        #expect(files["Shop/Models/User.swift"] != nil)
        #expect(files["Shop/Models/Item.swift"] == nil)
        #expect(files["Shop/ShopService.swift"] != nil)
        let usage = "import Interactive\nfunc use() throws(InteractiveError) -> LoginResponse? { try LoginApi(name: \"a\", password: \"b\").mock }\n"
        let result = try await harness.typecheck(files, extra: ["Usage.swift": usage])
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func filterByTagAndByService() throws {
        let specs = [
            "shop.yaml": SpecHarness.base + "  Secret:\n    path: /secret\n    x-internal: true\n",
            "other.yaml": "service: Other\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Hello:\n    path: /hello\n",
        ]
        let byTag = try ConfigHarness(config: "filter: { tags: [x-internal] }\n", specs: specs).files()
        #expect(byTag.keys.sorted() == ["Shop/Apis/SecretApi.swift", "Shop/ShopService.swift"])
        let byService = try ConfigHarness(config: "filter: { services: [Other] }\n", specs: specs).files()
        #expect(byService.keys.sorted() == ["Other/Apis/HelloApi.swift", "Other/OtherService.swift"])
    }

    @Test func aModelStillUsedByAKeptApiStays() throws {
        // Item is used by ItemQuery (kept) and by others (dropped).
        let files = try ConfigHarness(config: "filter:\n  apis: [ItemQuery]\n").files()
        #expect(files["Shop/Models/Item.swift"] != nil)
        // ItemStatus is kept too, in Item.swift: only Item names it (a model's own enum).
        #expect(files["Shop/Models/Item.swift"]?.contains("public enum ItemStatus:") == true)
        #expect(files["Shop/Models/ItemStatus.swift"] == nil)
        #expect(files["Shop/Models/Order.swift"] == nil)
    }

    @Test func unknownFilterNamesAreLocatedErrorsWithSuggestions() throws {
        let harness = try ConfigHarness(config: "filter:\n  apis: [Logn]\n  services: [Shopp]\n  tags: [x-nope, internal]\n")
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:2:10: error: filter names 'Logn', which is not an api; did you mean 'Login'?",
            "Specs/apigen.yaml:3:14: error: filter names 'Shopp', which is not a service; did you mean 'Shop'?",
            "Specs/apigen.yaml:4:10: error: filter names 'x-nope', which is not an x- key of any api",
            "Specs/apigen.yaml:4:18: error: filter.tags entry 'internal' must be an x- key of an api, such as x-internal",
        ])
    }

    @Test func typeOverridesUseTheUsersTypesAndCompile() async throws {
        let harness = try ConfigHarness(config: "typeOverrides:\n  User: Shopper\n  Date: Moment\n", specs: ["shop.yaml": ConfigHarness.shop, "dated.yaml": Self.dated.replacingOccurrences(of: "environments:\n  debug: http://127.0.0.1:8085/api\n", with: "")])
        let files = try harness.files()
        #expect(files["Shop/Models/User.swift"] == nil)
        #expect(files["Shop/Apis/LoginApi.swift"]?.contains("public var user: Shopper") == true)
        let booking = try #require(files["Shop/Models/Booking.swift"])
        #expect(booking.contains("public var at: Moment"))
        #expect(!booking.contains("import Foundation"))
        let user = """
        public struct Shopper: Codable, Sendable, Hashable {
            public var id: Int64
            public var nickName: String
            enum CodingKeys: String, CodingKey { case id, nickName = "nick_name" }
        }
        public struct Moment: Codable, Sendable, Hashable {
            public var seconds: Double
        }

        """
        let usage = "import Interactive\nfunc use() throws(InteractiveError) -> LoginResponse? { try LoginApi(name: \"a\", password: \"b\").mock }\n"
        let result = try await harness.typecheck(files, extra: ["User.swift": user, "Usage.swift": usage])
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func anOverrideWithAFoundationTypeImportsFoundationAndCompiles() async throws {
        // The example of configuration.md: the API's parser names Decimal.
        let spec = SpecHarness.base + "  Price:\n    path: /price\n    response: Money\nmodels:\n  Money:\n    fields:\n      amount: Int\n"
        let harness = try ConfigHarness(config: "typeOverrides: { Money: Decimal }\n", specs: ["shop.yaml": spec])
        let files = try harness.files()
        let price = try #require(files["Shop/Apis/PriceApi.swift"])
        #expect(price.contains("public import Foundation\npublic import Interactive\n"))
        let result = try await harness.typecheck(files)
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func aDateOverrideWithADateFormatIsAnErrorAtTheDate() throws {
        let harness = try ConfigHarness(config: "dates: epochSeconds\ntypeOverrides: { Date: Moment }\n", specs: ["shop.yaml": Self.dated])
        #expect(harness.diagnostics() == [
            "Specs/shop.yaml:7:11: error: field 'at' of model 'Booking' has a date format, but typeOverrides in the configuration replaces Date with Moment, which the format's coding cannot read; remove the format (or the service's dates default) or the override",
        ])
    }

    /// A default is written in the spec's type (`.meeting`, a date, a number): no value of the type
    /// an override puts in its place. The generated code did not compile.
    @Test func aDefaultOfAnOverriddenTypeIsAnErrorAtTheDefault() throws {
        let spec = """
        service: Zoo
        environments: { debug: "http://127.0.0.1:8085/api" }
        models:
          Kind: { enum: [meeting, call] }
          Event:
            fields:
              kind: { type: Kind, default: meeting }
              kinds: { type: "[Kind]", default: [call] }
              at: { type: Date, default: "2024-02-29T09:30:00Z" }
              other: { type: Kind? }
        """
        let harness = try ConfigHarness(config: "typeOverrides: { Kind: String, Date: Moment }\n", specs: ["zoo.yaml": spec])
        #expect(harness.diagnostics() == [
            "Specs/zoo.yaml:7:36: error: field 'kind' of model 'Event' has a default, but typeOverrides in the configuration replaces Kind with String, a type apigen cannot write a value of; remove the default or the override",
            "Specs/zoo.yaml:8:41: error: field 'kinds' of model 'Event' has a default, but typeOverrides in the configuration replaces Kind with String, a type apigen cannot write a value of; remove the default or the override",
            "Specs/zoo.yaml:9:34: error: field 'at' of model 'Event' has a default, but typeOverrides in the configuration replaces Date with Moment, a type apigen cannot write a value of; remove the default or the override",
        ])
    }

    @Test func unknownTypeOverrideIsAnError() throws {
        let harness = try ConfigHarness(config: "typeOverrides:\n  Usr: Shopper\n  Item: \"not a type\"\n")
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:2:3: error: typeOverrides names 'Usr', which is neither a model nor a builtin type; did you mean 'User'?",
            "Specs/apigen.yaml:3:9: error: typeOverrides 'Item' must be a Swift type name such as MyDate or Money.Amount, found 'not a type'",
        ])
    }

    @Test func nameOverridesRenameModelsAndApisAndCompile() async throws {
        let harness = try ConfigHarness(config: "nameOverrides:\n  User: Shopper\n  Login: SignIn\n")
        let files = try harness.files()
        #expect(files["Shop/Models/Shopper.swift"]?.contains("public struct Shopper: Codable") == true)
        #expect(files["Shop/Models/User.swift"] == nil)
        #expect(files["Shop/Apis/SignInApi.swift"]?.contains("public struct SignInApi: Api") == true)
        #expect(files["Shop/Apis/SignInApi.swift"]?.contains("public typealias SignInParser = JSONParser<SignInResponse>") == true)
        #expect(files["Shop/Apis/SignInApi.swift"]?.contains("public var user: Shopper") == true)
        let usage = "import Interactive\nfunc use() throws(InteractiveError) -> SignInResponse? { try SignInApi(name: \"a\", password: \"b\").mock }\n"
        let result = try await harness.typecheck(files, extra: ["Usage.swift": usage])
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func nameOverrideErrors() throws {
        let harness = try ConfigHarness(config: "nameOverrides:\n  Logn: SignIn\n  User: Item\n  Logout: lower\n")
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:2:3: error: nameOverrides names 'Logn', which is neither a model nor an api; did you mean 'Login'?",
            "Specs/apigen.yaml:3:9: error: nameOverrides makes model 'User' the Swift type Item, which model 'Item' already is; choose another name",
            "Specs/apigen.yaml:4:11: error: nameOverrides 'Logout' must be a Swift type name (letters, digits and _, starting with an uppercase letter), found 'lower'",
        ])
    }

    @Test func nameOverridesGetTheChecksOfSpecNamesInValidateAsInGenerate() throws {
        let spec = SpecHarness.base + "models:\n  Bank:\n    fields:\n      iban: String\n  Card:\n    fields:\n      last4: String\n  Coin:\n    fields:\n      value: Int\n"
        let long = "P" + String(repeating: "x", count: 250)
        let harness = try ConfigHarness(config: "nameOverrides:\n  Card: BANK\n  Coin: ShopService\n  Ping: \(long)\n", specs: ["shop.yaml": spec])
        let expected = [
            "Specs/apigen.yaml:2:9: error: nameOverrides makes model 'Card' be written to BANK.swift, which macOS and Windows do not tell from Bank.swift of model 'Bank'; choose another name",
            "Specs/apigen.yaml:3:9: error: nameOverrides makes model 'Coin' the Swift type ShopService, which the type of service 'Shop' already is; choose another name",
            "Specs/apigen.yaml:4:9: error: nameOverrides 'Ping' is too long: the file of api 'Ping', Pxxxxxxxxxxxxxxxxxxxxxxx…xxxApi.swift, would be 260 bytes, and file systems allow 255; shorten it",
        ]
        #expect(harness.diagnostics() == expected)
        #expect(harness.folder.described(Generator.validate(specs: harness.specs, options: GenerationOptions()).diagnostics) == expected)
    }

    @Test func additionalImportsAndCommentsGoInEveryFileInEveryLayout() async throws {
        let harness = try ConfigHarness(config: "additionalImports: [Dispatch]\nadditionalFileComments:\n  - swiftlint:disable all\n  - swift-format-ignore-file\n")
        for layout in [OutputLayout.perAPI, .perSpecFile, .shards(2)] {
            let files = try harness.files(GenerationOptions(layout: layout))
            for (path, text) in files {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count > 3 && lines[0].hasPrefix("// Generated by apigen from "), "\(path)")
                #expect(lines.dropFirst().prefix(2) == ["// swiftlint:disable all", "// swift-format-ignore-file"], "\(path)")
                #expect(text.contains("\nimport Dispatch\n"), "\(path)")
            }
            let result = try await harness.typecheck(files, extra: Self.usage)
            #expect(result.status == 0, "\(layout): \(result.errorOutput)")
        }
    }

    @Test func aCommentThatWouldEndItsLineIsRefused() throws {
        let harness = try ConfigHarness(config: "additionalFileComments:\n  - \"ok\\nfunc injected() {}\"\n  - \"a\\u2028b\"\nadditionalImports: [\"Foundation; func x() {}\"]\n")
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:2:5: error: additionalFileComments entry must be one line of text without line breaks or other control characters; each entry becomes one // comment line",
            "Specs/apigen.yaml:3:5: error: additionalFileComments entry must be one line of text without line breaks or other control characters; each entry becomes one // comment line",
            "Specs/apigen.yaml:4:21: error: additionalImports entry 'Foundation; func x() {}' must be a module name (letters, digits and _, not starting with a digit)",
        ])
    }

    @Test func outputInTheConfigurationAndTheCommandLineWins() throws {
        let harness = try ConfigHarness(config: "output:\n  layout: per-spec-file\n")
        #expect(try harness.files().keys.sorted() == ["APIGenServices.swift", "shop.swift"])
        #expect(try harness.files(GenerationOptions(layout: .perAPI)).keys.contains("Shop/ShopService.swift"))
        let sharded = try ConfigHarness(config: "output:\n  shards: 3\n")
        #expect(try sharded.files().keys.sorted() == ["APIGenShard1.swift", "APIGenShard2.swift", "APIGenShard3.swift"])
    }

    @Test func configurationErrorsAreLocatedAllAtOnceAndNothingIsWritten() throws {
        let harness = try ConfigHarness(config: """
        acessModifier: public
        accessModifier: open
        mocks: sometimes
        filter: [Login]
        additionalImports: Dispatch
        output:
          layout: per-api
          shards: 100
          shard: 2
        x-extra: 1
        dates: epochSecs

        """)
        #expect(harness.diagnostics() == [
            "Specs/apigen.yaml:1:1: error: unknown key 'acessModifier' in the configuration; did you mean 'accessModifier'?",
            "Specs/apigen.yaml:2:17: error: accessModifier must be one of public, package, internal, found 'open'",
            "Specs/apigen.yaml:3:8: error: mocks must be one of always, debugOnly, never, found 'sometimes'",
            "Specs/apigen.yaml:4:9: error: filter must be a mapping, found a list",
            "Specs/apigen.yaml:5:20: error: additionalImports must be a list, found a string",
            "Specs/apigen.yaml:8:11: error: output.shards must be between 1 and 64, found 100",
            "Specs/apigen.yaml:9:3: error: unknown key 'shard' in output; did you mean 'shards'?",
            "Specs/apigen.yaml:10:1: error: unknown key 'x-extra' in the configuration",
            "Specs/apigen.yaml:11:8: error: invalid date format 'epochSecs' in dates; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm; did you mean 'epochSeconds'?",
        ])
        let output = harness.folder.folder("Out")
        let outcome = Generator.generate(specs: harness.specs, output: output, options: GenerationOptions())
        #expect(outcome.hasErrors)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func configurationAndSpecErrorsAreReportedTogether() throws {
        let harness = try ConfigHarness(config: "mocks: nope\n", specs: ["shop.yaml": SpecHarness.base + "    methd: GET\n"])
        let diagnostics = harness.diagnostics()
        #expect(diagnostics.count == 2)
        #expect(diagnostics.contains { $0.hasPrefix("Specs/apigen.yaml:1:8: error: mocks must be") })
        #expect(diagnostics.contains { $0.hasPrefix("Specs/shop.yaml:7:5: error: unknown key 'methd'") })
    }

    @Test func anExplicitConfigurationAndOneBesideASpecFile() throws {
        let harness = try ConfigHarness(config: nil, specs: ["shop.yaml": SpecHarness.base])
        let elsewhere = try harness.folder.write("accessModifier: internal\n", to: "Config/custom.yaml")
        let files = try harness.files(GenerationOptions(configuration: elsewhere))
        #expect(files["Shop/ShopService.swift"]?.contains("nonisolated internal enum") == true)
        // Beside a spec file given alone.
        try harness.folder.write("accessModifier: package\n", to: "Specs/apigen.yaml")
        let single = Generator.render(specs: harness.specs.appendingPathComponent("shop.yaml"), options: GenerationOptions())
        #expect(single.files.first { $0.path == "Shop/ShopService.swift" }?.contents.contains("nonisolated package enum") == true)
        // A missing explicit file is an error, with the path as given.
        let missing = Generator.render(specs: harness.specs, options: GenerationOptions(configuration: URL(fileURLWithPath: "/nowhere/apigen.yaml")))
        #expect(missing.diagnostics.map(\.description) == ["/nowhere/apigen.yaml:1:1: error: no such configuration file"])
        // A folder given for the file says so (it was "cannot read … (it must be UTF-8 text)").
        let folder = Generator.render(specs: harness.specs, options: GenerationOptions(configuration: harness.specs))
        #expect(folder.diagnostics.map(\.description) == ["\(harness.specs.relativePath):1:1: error: the configuration is a folder; give the file itself, such as apigen.yaml"])
    }

    @Test func validateChecksTheConfigurationToo() throws {
        let harness = try ConfigHarness(config: "filter: { apis: [Nope] }\n")
        let outcome = Generator.validate(specs: harness.specs, options: GenerationOptions())
        #expect(harness.folder.described(outcome.diagnostics).first?.hasPrefix("Specs/apigen.yaml:1:18: error: filter names 'Nope'") == true)
    }
}
