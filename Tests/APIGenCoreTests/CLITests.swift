import Foundation
import Testing

/// The `apigen` binary as a user and CI run it.
@Suite struct CLITests {
    func apigen(_ arguments: String..., in directory: URL? = nil) async throws -> ProcessResult {
        try await ProcessResult.run(Repository.apigen, arguments, in: directory)
    }

    @Test func generateThenCheckThenEditThenCheckFails() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base + "  Pong:\n    path: /pong\n", to: "Specs/shop.yaml")
        let generate = try await apigen("generate", "Specs", "-o", "Out", in: folder.url)
        #expect(generate.status == 0)
        #expect(generate.output == "apigen: 3 created, 0 updated, 0 deleted, 0 unchanged\n")
        let check = try await apigen("check", "Specs", "-o", "Out", in: folder.url)
        #expect(check.status == 0)
        #expect(check.output == "apigen: Out is up to date (3 files)\n")

        try folder.write(SpecHarness.base.replacingOccurrences(of: "/ping", with: "/ping2") + "  New:\n    path: /new\n", to: "Specs/shop.yaml")
        let stale = try await apigen("check", "Specs", "-o", "Out", in: folder.url)
        #expect(stale.status == 1)
        #expect(stale.output == """
            missing: Shop/Apis/NewApi.swift
            stale: Shop/Apis/PingApi.swift
            obsolete: Shop/Apis/PongApi.swift
            apigen: Out is out of date; run `apigen generate Specs -o Out`

            """)
    }

    @Test func timingPrintsEachStageOnlyWhenAsked() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        var environment = ProcessInfo.processInfo.environment
        environment["APIGEN_TIMING"] = "1"
        let timed = try await ProcessResult.run(Repository.apigen, ["generate", "Specs", "-o", "Out"], in: folder.url, environment: environment)
        #expect(timed.status == 0, "\(timed.errorOutput)")
        #expect(timed.output == "apigen: 2 created, 0 updated, 0 deleted, 0 unchanged\n")
        let lines = timed.errorOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let stages = lines.map { line in line.split(separator: " ").dropFirst().dropLast(2).joined(separator: " ") }
        #expect(stages == ["found spec files", "parsed", "resolved", "configuration applied", "rendered", "assembled", "compared with the output", "written"])
        for line in lines {
            let words = line.split(separator: " ")
            #expect(words.first == "timing:" && words.last == "ms" && Double(words[words.count - 2]).map { $0 >= 0 } == true, "\(line)")
        }
        environment["APIGEN_TIMING"] = nil
        let quiet = try await ProcessResult.run(Repository.apigen, ["check", "Specs", "-o", "Out"], in: folder.url, environment: environment)
        #expect(quiet.status == 0)
        #expect(quiet.errorOutput.isEmpty)
    }

    @Test func specErrorsPrintEditorDiagnosticsAndExitOne() async throws {
        let folder = try TemporaryFolder()
        try folder.write("service: Shop\nenvironments:\n  debug: nope\napis:\n  P:\n    path: p\n    methd: GET\n", to: "Specs/shop.yaml")
        let result = try await apigen("generate", "Specs", "-o", "Out", in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorOutput == """
            Specs/shop.yaml:3:10: error: base URL 'nope' of environment 'debug' must be an absolute http:// or https:// URL
            Specs/shop.yaml:6:11: error: path 'p' of api 'P' must start with '/'
            Specs/shop.yaml:7:5: error: unknown key 'methd' in api 'P'; did you mean 'method'?
            apigen: 3 errors; nothing written

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.folder("Out").path))
    }

    @Test func diagnosticsNameFilesByThePathAsGiven() async throws {
        let folder = try TemporaryFolder()
        try folder.write("service: Shop\nenvironments:\n  debug: nope\n", to: "Specs/shop/main.yaml")
        let message = ":3:10: error: base URL 'nope' of environment 'debug' must be an absolute http:// or https:// URL\n"
        for (given, shown) in [
            ("Specs", "Specs/shop/main.yaml"),
            ("Specs/", "Specs/shop/main.yaml"),
            ("./Specs", "./Specs/shop/main.yaml"),
            (folder.folder("Specs").path, folder.folder("Specs/shop/main.yaml").path),
            ("Specs/shop/main.yaml", "Specs/shop/main.yaml"),
            (folder.folder("Specs/shop/main.yaml").path, folder.folder("Specs/shop/main.yaml").path),
        ] {
            let result = try await apigen("validate", given, in: folder.url)
            #expect(result.status == 1)
            #expect(result.errorOutput.hasPrefix(shown + message), "\(given): \(result.errorOutput)")
        }
        try folder.write(SpecHarness.base, to: "Specs/shop/main.yaml")
        try folder.write("{{#open}}\n", to: "templates/api.mustache")
        let templates = try await apigen("generate", "Specs", "-o", "Out", "--templates", "templates", in: folder.url)
        #expect(templates.errorOutput.hasPrefix("templates/api.mustache:"), "\(templates.errorOutput)")
    }

    @Test func validateWritesNothing() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        let result = try await apigen("validate", "Specs", in: folder.url)
        #expect(result.status == 0)
        #expect(result.output == "apigen: specs are valid\n")
        #expect(folder.files(under: "").filter { !$0.hasPrefix("Specs/") } == [])
    }

    @Test func worksFromAnyFolderAndWhenCopied() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        let copy = folder.folder("bin/apigen")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Repository.apigen, to: copy)
        let result = try await Self.runFreshCopy(copy, ["generate", folder.folder("Specs").path, "-o", folder.folder("Out").path])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(folder.read("Out/Shop/Apis/PingApi.swift")?.hasPrefix("// Generated by apigen from shop.yaml.") == true)
    }

    /// Runs a binary that was just written. While the copy was open for writing, a process that
    /// another test started at that moment may have inherited the descriptor; until that child has
    /// called `exec`, running the copy fails with "Text file busy" (ETXTBSY), so that one error is
    /// waited out.
    private static func runFreshCopy(_ binary: URL, _ arguments: [String]) async throws -> ProcessResult {
        var attempts = 0
        while true {
            do {
                return try await ProcessResult.run(binary, arguments, in: URL(fileURLWithPath: "/"))
            } catch let error as NSError where attempts < 100 && Self.isTextFileBusy(error) {
                attempts += 1
                try await Task.sleep(for: .milliseconds(50))
            }
        }
    }

    private static func isTextFileBusy(_ error: NSError) -> Bool {
        if error.domain == NSPOSIXErrorDomain, error.code == Int(ETXTBSY) { return true }
        return (error.userInfo[NSUnderlyingErrorKey] as? NSError).map(isTextFileBusy) ?? false
    }
}

/// `--layout` and `--shards` on the command line.
@Suite struct LayoutCLITests {
    func apigen(_ arguments: String..., in directory: URL? = nil) async throws -> ProcessResult {
        try await ProcessResult.run(Repository.apigen, arguments, in: directory)
    }

    @Test func layoutAndShardsChooseTheFiles() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/Shop/main.yaml")
        let perSpec = try await apigen("generate", "Specs", "-o", "PerSpec", "--layout", "per-spec-file", in: folder.url)
        #expect(perSpec.status == 0, "\(perSpec.errorOutput)")
        #expect(folder.files(under: "PerSpec") == ["APIGenServices.swift", "Shop_main.swift"])
        let check = try await apigen("check", "Specs", "-o", "PerSpec", "--layout", "per-spec-file", in: folder.url)
        #expect(check.status == 0, "\(check.output)")
        try folder.write(SpecHarness.base.replacingOccurrences(of: "/ping", with: "/ping2"), to: "Specs/Shop/main.yaml")
        let stale = try await apigen("check", "Specs", "-o", "PerSpec", "--layout", "per-spec-file", in: folder.url)
        #expect(stale.status == 1)
        #expect(stale.output == "stale: Shop_main.swift\napigen: PerSpec is out of date; run `apigen generate Specs -o PerSpec --layout per-spec-file`\n")
        let sharded = try await apigen("generate", "Specs", "-o", "Sharded", "--shards", "3", in: folder.url)
        #expect(sharded.status == 0, "\(sharded.errorOutput)")
        #expect(folder.files(under: "Sharded") == ["APIGenShard1.swift", "APIGenShard2.swift", "APIGenShard3.swift"])
    }

    @Test func wrongLayoutFlagsAreRefused() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        for arguments in [["--layout", "per-file"], ["--shards", "0"], ["--shards", "65"], ["--layout", "per-api", "--shards", "2"]] {
            let result = try await ProcessResult.run(Repository.apigen, ["generate", "Specs", "-o", "Out"] + arguments, in: folder.url)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.errorOutput.contains("--layout") || result.errorOutput.contains("--shards"), "\(result.errorOutput)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.folder("Out").path))
    }
}

/// `apigen init` and `--config` on the command line.
@Suite struct InitCLITests {
    @Test func initWritesAStarterThatValidatesGeneratesAndCompiles() async throws {
        let folder = try TemporaryFolder()
        let result = try await ProcessResult.run(Repository.apigen, ["init", "Specs"], in: folder.url)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "apigen: wrote Specs/apigen.yaml and Specs/todos.yaml; next: apigen generate Specs -o Generated\n")
        #expect(folder.files(under: "Specs") == ["apigen.yaml", "todos.yaml"])
        let validate = try await ProcessResult.run(Repository.apigen, ["validate", "Specs"], in: folder.url)
        #expect(validate.status == 0, "\(validate.errorOutput)")
        let generate = try await ProcessResult.run(Repository.apigen, ["generate", "Specs", "-o", "Generated"], in: folder.url)
        #expect(generate.status == 0, "\(generate.errorOutput)")
        let files = folder.files(under: "Generated")
        #expect(files == ["Todos/Apis/TodoCreateApi.swift", "Todos/Apis/TodoListApi.swift", "Todos/Models/Todo.swift", "Todos/TodosService.swift"])
        let usage = try folder.write("import Interactive\nfunc use() throws(InteractiveError) -> [Todo]? { try TodoListApi().mock }\n", to: "Usage.swift")
        let compiled = try await SwiftCompiler.typecheck(files.map { folder.folder("Generated/" + $0) } + [usage], moduleName: "TodoApp")
        #expect(compiled.status == 0, "\(compiled.errorOutput)")
    }

    @Test func initRefusesToOverwriteAndWritesNothing() async throws {
        let folder = try TemporaryFolder()
        try folder.write("mine\n", to: "todos.yaml")
        let result = try await ProcessResult.run(Repository.apigen, ["init"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorOutput == "./todos.yaml:1:1: error: todos.yaml already exists; apigen init does not overwrite files\n")
        #expect(folder.files(under: ".") == ["todos.yaml"])
        #expect(folder.read("todos.yaml") == "mine\n")
    }

    @Test func configFlagAndDiagnosticsWithAbsolutePaths() async throws {
        let folder = try TemporaryFolder()
        try folder.write(SpecHarness.base, to: "Specs/shop.yaml")
        try folder.write("accessModifier: internl\n", to: "Config/apigen.yaml")
        let config = folder.folder("Config/apigen.yaml").path
        let result = try await ProcessResult.run(Repository.apigen, ["generate", folder.folder("Specs").path, "-o", "Out", "--config", config], in: folder.url)
        #expect(result.status == 1)
        #expect(result.errorOutput.hasPrefix("\(config):1:17: error: accessModifier must be one of public, package, internal, found 'internl'; did you mean 'internal'?\n"))
        let validate = try await ProcessResult.run(Repository.apigen, ["validate", "Specs", "--config", "Config/apigen.yaml"], in: folder.url)
        #expect(validate.errorOutput.hasPrefix("Config/apigen.yaml:1:17: error: accessModifier"))
    }
}
