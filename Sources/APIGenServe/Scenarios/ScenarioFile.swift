public import Foundation
import Yams

/// A scenario file: scenarios for whole APIs, and named ones that requests pick.
///
/// ```yaml
/// apis:
///   ItemList: { status: 503, times: 2 }     # the first two calls fail, then the mock
/// scenarios:
///   expired: { code: 401, message: Session expired }
/// ```
public struct ScenarioFile: Sendable {
    /// Scenario by API name (spec name or `className`).
    public var apis: [String: Scenario] = [:]
    /// Scenario by name, picked with `X-Apigen-Scenario: <name>`.
    public var named: [String: Scenario] = [:]
    /// Where each API name of ``apis`` stands in the file (`file:line:column`), in the file's order,
    /// for problems found later (an API no spec declares).
    public var apiPlaces: [(name: String, place: String)] = []

    /// No scenarios.
    public init() {}

    /// Reads a scenario file's text; `file` names it in problems, which say where (`file:3:5: …`)
    /// and come in the file's order, the first one thrown.
    public init(yaml: String, file: String) throws(Scenario.Problem) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw Scenario.Problem(description: "\(file): not YAML: \(error)")
        }
        // An empty file, or one that says only `null`, has no scenarios.
        guard let root, root.null == nil else { return }
        guard let mapping = root.mapping else {
            throw Scenario.Problem(description: "\(Self.place(file, root)): expected a mapping with 'apis' and 'scenarios'")
        }
        for (key, value) in mapping {
            switch key.string {
            case "apis"?:
                apis = try Self.scenarios(value, section: "apis", file: file)
                apiPlaces = (value.mapping ?? [:]).map { key, _ in (key.string ?? "", Self.place(file, key)) }
            case "scenarios"?: named = try Self.scenarios(value, section: "scenarios", file: file)
            default: throw Scenario.Problem(description: "\(Self.place(file, key)): unknown key '\(key.string ?? "")'; expected apis or scenarios")
            }
        }
    }

    /// Reads a scenario file.
    public init(contentsOf url: URL) throws(Scenario.Problem) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw Scenario.Problem(description: "\(url.relativePath): cannot read: \(error.localizedDescription)")
        }
        try self.init(yaml: text, file: url.relativePath)
    }

    private static func scenarios(_ node: Node, section: String, file: String) throws(Scenario.Problem) -> [String: Scenario] {
        if node.null != nil { return [:] }
        guard let mapping = node.mapping else { throw Scenario.Problem(description: "\(place(file, node)): '\(section)' must map names to scenarios") }
        var result: [String: Scenario] = [:]
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard let fields = value.mapping else {
                throw Scenario.Problem(description: "\(place(file, value)): \(section).\(name) must be a mapping such as { status: 503 }")
            }
            let pairs = fields.map { ($0.key.string ?? "", $0.value.string ?? "") }
            do {
                result[name] = try Scenario(pairs: pairs, label: name)
            } catch {
                throw Scenario.Problem(description: "\(place(file, value)): \(section).\(name): \(error.description)")
            }
        }
        return result
    }

    /// `file:line:column` of a node.
    private static func place(_ file: String, _ node: Node) -> String {
        node.mark.map { "\(file):\($0.line):\($0.column)" } ?? file
    }
}
