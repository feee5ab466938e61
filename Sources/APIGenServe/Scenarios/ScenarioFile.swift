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

    /// No scenarios.
    public init() {}

    /// Reads a scenario file's text; `file` names it in problems.
    public init(yaml: String, file: String) throws(Scenario.Problem) {
        let root: Any?
        do {
            root = try Yams.load(yaml: yaml)
        } catch {
            throw Scenario.Problem(description: "\(file): not YAML: \(error)")
        }
        guard let mapping = root as? [String: Any] else {
            if root == nil { return }
            throw Scenario.Problem(description: "\(file): expected a mapping with 'apis' and 'scenarios'")
        }
        for key in mapping.keys where key != "apis" && key != "scenarios" {
            throw Scenario.Problem(description: "\(file): unknown key '\(key)'; expected apis or scenarios")
        }
        apis = try Self.scenarios(mapping["apis"], section: "apis", file: file)
        named = try Self.scenarios(mapping["scenarios"], section: "scenarios", file: file)
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

    private static func scenarios(_ node: Any?, section: String, file: String) throws(Scenario.Problem) -> [String: Scenario] {
        guard let node else { return [:] }
        guard let mapping = node as? [String: Any] else { throw Scenario.Problem(description: "\(file): '\(section)' must map names to scenarios") }
        var result: [String: Scenario] = [:]
        for (name, value) in mapping {
            guard let fields = value as? [String: Any] else {
                throw Scenario.Problem(description: "\(file): \(section).\(name) must be a mapping such as { status: 503 }")
            }
            let pairs = fields.sorted { $0.key < $1.key }.map { ($0.key, "\($0.value)") }
            do {
                result[name] = try Scenario(pairs: pairs, label: name)
            } catch {
                throw Scenario.Problem(description: "\(file): \(section).\(name): \(error.description)")
            }
        }
        return result
    }
}
