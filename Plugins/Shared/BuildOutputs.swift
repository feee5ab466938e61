/// The files apigen writes for a build tool plugin, named before it runs.
///
/// apigen's `per-spec-file` layout writes one file per spec file (`Users/admin.yaml` →
/// `Users_admin.swift`) and `APIGenServices.swift`; with `--shards N` it writes exactly
/// `APIGenShard1.swift` … `APIGenShardN.swift`. Every declared file is always written, so the
/// names depend only on the spec files' paths and the shard count, never on what the specs hold;
/// they come from ``OutputFileNames``, the file apigen itself names them with.
enum BuildOutputs {
    /// The names apigen writes: per spec file, or `shards` fixed shard files.
    static func fileNames(specs relativePaths: [String], shards: Int?) -> [String] {
        if let shards { return (1...shards).map(OutputFileNames.shard) }
        return relativePaths.map(OutputFileNames.spec) + [OutputFileNames.services]
    }

    /// apigen's arguments for a build: every declared file is written, unchanged ones are left alone.
    /// No render cache: the build system runs apigen only when a spec changed, and a build writes
    /// nothing outside its own folders.
    static func arguments(specFolder: String, output: String, shards: Int?) -> [String] {
        let layout = shards.map { ["--shards", String($0)] } ?? ["--layout", "per-spec-file"]
        return ["generate", specFolder, "-o", output, "--no-cache"] + layout
    }
}
