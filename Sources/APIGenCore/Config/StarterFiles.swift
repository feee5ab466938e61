public import Foundation

/// What `apigen init` writes: a commented `apigen.yaml` and a small spec that generates code
/// which compiles.
public enum StarterFiles {
    /// The starter spec's file name.
    public static let specName = "todos.yaml"

    /// The starter configuration: every key, the defaults set or shown in comments.
    public static let configuration = """
    # apigen configuration: every key is optional. Reference: docs/configuration.md
    # The YAML files beside this one (and in folders below it) are the specs.

    # The access level of every generated declaration: public, package or internal.
    accessModifier: public

    # Mock data: always, debugOnly (only in #if DEBUG builds) or never.
    mocks: always

    # The date format of services whose spec does not set defaults.dates:
    # iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern.
    # dates: iso8601

    # Generate a part of the specs: APIs by name, whole services, or APIs with an x- key.
    # filter:
    #   apis: [TodoList]
    #   services: [Todos]
    #   tags: [x-internal]

    # Use your own Swift types for spec types (a model or a builtin such as Date).
    # typeOverrides:
    #   Date: MyDate

    # Swift names for models and APIs (an API's name gets Api and Parser appended).
    # nameOverrides:
    #   Todo: TodoItem

    # Modules every generated file imports, and comment lines at the top of every file.
    # additionalImports: [MyModels]
    # additionalFileComments: ["swiftlint:disable all"]

    # A folder of Mustache templates replacing the built-in ones, relative to this file.
    # templates: Templates

    # How the code is spread over files: layout per-api (one file per API and model) or
    # per-spec-file (one file per spec file, plus APIGenServices.swift); shards: N files.
    output:
      layout: per-api

    """

    /// The starter spec.
    public static let spec = """
    # A starter spec: edit it, then run `apigen generate <this folder> -o Generated`.
    # The format: docs/spec-format.md
    service: Todos
    description: A to-do list.
    environments:
      debug: http://127.0.0.1:8080/api
      release: https://api.example.com/api
    defaultEnvironment: release

    models:
      Todo:
        description: Something to do.
        fields:
          id: Int64
          title: String
          done: { type: Bool, default: false }

    apis:
      TodoList:
        description: Every to-do.
        path: /todos
        response: "[Todo]"
        mock: [{ id: 1, title: Try apigen, done: false }]
      TodoCreate:
        description: Adds a to-do.
        method: POST
        path: /todos
        params:
          title: String
        response: Todo

    """

    /// Writes `apigen.yaml` and the starter spec into `folder` (created when missing). Writes
    /// nothing and reports each file that is already there.
    public static func write(into folder: URL) -> [Diagnostic] {
        let files = [(SpecFileFinder.configurationName, configuration), (specName, spec)]
        let shown = folder.relativePath
        var diagnostics = Diagnostics()
        for (name, _) in files where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            diagnostics.error("\(name) already exists; apigen init does not overwrite files", at: SourceLocation(file: shown.hasSuffix("/") ? shown + name : shown + "/" + name, line: 1, column: 1))
        }
        guard !diagnostics.hasErrors else { return diagnostics.sorted }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .withoutOverwriting)
            }
        } catch {
            diagnostics.error("cannot write the starter files: \(error.localizedDescription)", at: SourceLocation(file: shown, line: 1, column: 1))
        }
        return diagnostics.sorted
    }
}
