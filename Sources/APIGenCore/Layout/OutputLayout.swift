/// How generated code is spread over files.
public enum OutputLayout: Sendable, Hashable {
    /// One file per API, per model and per service, in `<Service>/Apis`, `<Service>/Models` and
    /// `<Service>/<Service>Service.swift`: the layout to commit and read.
    case perAPI
    /// One file per spec file (`Users/admin.yaml` → `Users_admin.swift`) with that file's models and
    /// APIs, and one `APIGenServices.swift` with every service: names a build tool plugin can declare
    /// before apigen runs.
    case perSpecFile
    /// Exactly `count` files `APIGenShard1.swift` … `APIGenShard<count>.swift`, each spec file's code
    /// (and the services) kept together in one of them.
    case shards(Int)

    /// The most shards there may be.
    public static let maxShards = OutputFileNames.maxShards

    /// The name the command line and `apigen.yaml` use for a layout: `per-api` or `per-spec-file`.
    public static let names = ["per-api", "per-spec-file"]
}
