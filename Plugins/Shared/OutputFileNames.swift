import Foundation

/// The names of the files apigen's `per-spec-file` and sharded layouts write.
///
/// This one file is compiled into apigen (`Sources/APIGenCore/Layout` links to it) and into both
/// plugins (which cannot link apigen's modules), so that what a build tool plugin declares before
/// apigen runs is, by construction, what apigen writes.
enum OutputFileNames {
    /// The file every service goes to in the per-spec-file layout.
    static let services = "APIGenServices.swift"

    /// The most shards there may be.
    static let maxShards = 64

    /// The file name of shard `index` (1-based).
    static func shard(_ index: Int) -> String { "APIGenShard\(index).swift" }

    /// The output file name of a spec file in the per-spec-file layout: path separators (`/`, and
    /// `\`, which a name may hold) become `_`, the extension is dropped (`Users/admin.yaml` →
    /// `Users_admin.swift`).
    static func spec(_ relativePath: String) -> String {
        var stem = Substring(relativePath)
        if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = stem[..<dot] }
        return stem.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_") + ".swift"
    }
}
