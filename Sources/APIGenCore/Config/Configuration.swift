import Foundation

/// What `apigen.yaml` chooses; every key is optional and defaults to today's output.
struct Configuration: Sendable {
    /// The access level of every generated declaration.
    enum AccessModifier: String, Sendable, CaseIterable {
        case `public`, package, `internal`

        /// What goes before `import` for a module public declarations use: `public `, or nothing
        /// for `package` and `internal`. A bare import is public in Swift 6 (so `package`
        /// declarations may use its types), is never reported as unused at its level, and does not
        /// make an app's own bare `import Interactive` ambiguous, as `package import` would.
        var importPrefix: String {
            self == .public ? "public " : ""
        }
    }

    /// Whether mock data is generated.
    enum Mocks: String, Sendable, CaseIterable {
        /// In every build (today's output).
        case always
        /// Inside `#if DEBUG … #endif`: release builds carry no mock data.
        case debugOnly
        /// Not at all.
        case never
    }

    /// `filter:`: the part of the specs to generate. An API is generated when its name is in
    /// `apis`, its service in `services`, or one of its `x-` keys in `tags`.
    struct Filter: Sendable {
        var apis: [Located<String>] = []
        var services: [Located<String>] = []
        var tags: [Located<String>] = []
    }

    /// The file's path as diagnostics show it; `nil` without a configuration file.
    var path: String?
    var accessModifier: AccessModifier = .public
    var filter: Filter?
    /// A spec name and the Swift name that replaces it, where each was written.
    struct Override: Sendable {
        var name: Located<String>
        var swift: Located<String>
    }

    /// Spec type name (a model or a builtin such as `Date`) → the user's Swift type.
    var typeOverrides: [Override] = []
    /// Spec model or API name → Swift type name (an API's gets `Api` and `Parser` appended).
    var nameOverrides: [Override] = []
    var additionalImports: [String] = []
    var additionalFileComments: [String] = []
    /// The templates folder, resolved against the configuration file's folder.
    var templates: URL?
    var mocks: Mocks = .always
    /// The date format of services that do not set `defaults.dates`.
    var dates: Located<String>?
    var layout: OutputLayout?

    /// The keys of `apigen.yaml`.
    static let keys = ["accessModifier", "filter", "typeOverrides", "nameOverrides", "additionalImports", "additionalFileComments", "templates", "mocks", "dates", "output"]
    /// The keys of `filter:`.
    static let filterKeys = ["apis", "services", "tags"]
    /// The keys of `output:`.
    static let outputKeys = ["layout", "shards"]
}
