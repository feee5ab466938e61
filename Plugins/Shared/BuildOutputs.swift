/// The files apigen writes for a build tool plugin, named before it runs.
///
/// apigen's `per-spec-file` layout writes one file per spec file (`Users/admin.yaml` →
/// `Users_admin.swift`) and `APIGenServices.swift`; with `--shards N` it writes exactly
/// `APIGenShard1.swift` … `APIGenShardN.swift`. Every declared file is always written, so the
/// names depend only on the spec files' paths and the shard count, never on what the specs hold.
enum BuildOutputs {
    /// The file every service goes to in the `per-spec-file` layout.
    static let servicesFileName = "APIGenServices.swift"

    /// The output file name of a spec file: path separators become `_`, the extension is dropped.
    static func fileName(forSpec relativePath: String) -> String {
        var stem = Substring(relativePath)
        if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = stem[..<dot] }
        return stem.replacingOccurrences(of: "/", with: "_") + ".swift"
    }

    /// The names apigen writes: per spec file, or `shards` fixed shard files.
    static func fileNames(specs relativePaths: [String], shards: Int?) -> [String] {
        if let shards { return (1...shards).map { "APIGenShard\($0).swift" } }
        return relativePaths.map(fileName(forSpec:)) + [servicesFileName]
    }

    /// apigen's arguments for a build: every declared file is written, unchanged ones are left alone.
    /// No render cache: the build system runs apigen only when a spec changed, and a build writes
    /// nothing outside its own folders.
    static func arguments(specFolder: String, output: String, shards: Int?) -> [String] {
        let layout = shards.map { ["--shards", String($0)] } ?? ["--layout", "per-spec-file"]
        return ["generate", specFolder, "-o", output, "--no-cache"] + layout
    }
}
