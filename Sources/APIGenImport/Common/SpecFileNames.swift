/// The spec file each group of imported APIs goes to (an OpenAPI tag, an NEI group): one file per
/// group, named after it, made unique (`users.yaml`, `users-2.yaml`) and never the service file.
struct SpecFileNames<Group: Hashable> {
    private var files: [Group: String] = [:]
    private var taken: Set<String> = [SpecAssembler.serviceFile]

    /// The file of `group`, chosen the first time it is asked for from `name` (`fallback` when the
    /// name leaves no file stem).
    mutating func file(for group: Group, named name: String?, fallback: String) -> String {
        if let known = files[group] { return known }
        var stem = (name ?? "default").fileStem
        if stem.isEmpty { stem = fallback }
        let candidate = taken.insertFirstFree { number in number.map { "\(stem)-\($0).yaml" } ?? stem + ".yaml" }
        files[group] = candidate
        return candidate
    }
}
