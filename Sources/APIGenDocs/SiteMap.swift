import APIGenCore

/// Where each page of the reference lives, relative to the site's root: `index.html`,
/// `services/<Service>.html`, `apis/<Service>/<Api>.html`, `models/<Service>/<Model>.html`.
///
/// File names are made of the names' letters, digits, `_` and `-` (others become `_`), and names
/// that would share a file, also on a case-insensitive file system, get `-2`, `-3`….
struct SiteMap: Sendable {
    static let index = "index.html"

    private var servicePaths: [String] = []
    private var apiPaths: [[String]] = []
    private var modelPaths: [[String]] = []
    /// Per service: a model's spec name and Swift type name → its page.
    private var modelsByName: [[String: String]] = []

    init(_ description: SpecDescription) {
        var serviceNames = UniqueNames()
        for service in description.services {
            let folder = serviceNames.claim(service.name)
            servicePaths.append("services/\(folder).html")
            var apiNames = UniqueNames()
            apiPaths.append(service.apis.map { "apis/\(folder)/\(apiNames.claim($0.swiftName.isEmpty ? $0.name : $0.swiftName)).html" })
            var modelNames = UniqueNames()
            let paths = service.models.map { "models/\(folder)/\(modelNames.claim($0.name)).html" }
            modelPaths.append(paths)
            var byName: [String: String] = [:]
            for (model, path) in zip(service.models, paths) {
                byName[model.name] = byName[model.name] ?? path
                if let swiftName = SpecNaming.typeName(model.name) { byName[swiftName] = byName[swiftName] ?? path }
            }
            modelsByName.append(byName)
        }
    }

    func service(_ service: Int) -> String { servicePaths[service] }
    func api(_ service: Int, _ api: Int) -> String { apiPaths[service][api] }
    func model(_ service: Int, _ model: Int) -> String { modelPaths[service][model] }

    /// The page of the model a type expression names, in a service.
    func model(named name: String, in service: Int) -> String? { modelsByName[service][name] }

    /// A link from the page at `page` to `target`, both relative to the root.
    static func link(from page: String, to target: String) -> String {
        let depth = page.split(separator: "/", omittingEmptySubsequences: false).count - 1
        let fromFolder = page.split(separator: "/").dropLast().map(String.init)
        let targetParts = target.split(separator: "/").map(String.init)
        var common = 0
        while common < fromFolder.count, common < targetParts.count - 1, fromFolder[common] == targetParts[common] { common += 1 }
        let ups = Array(repeating: "..", count: depth - common)
        return (ups + targetParts[common...]).joined(separator: "/")
    }
}

/// Hands out file-name-safe names, each once, ignoring case.
private struct UniqueNames {
    private var taken: Set<String> = []

    mutating func claim(_ name: String) -> String {
        var base = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-") ? Character(scalar) : "_"
        })
        if base.isEmpty { base = "_" }
        var candidate = base
        var number = 2
        while taken.contains(candidate.lowercased()) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        taken.insert(candidate.lowercased())
        return candidate
    }
}
