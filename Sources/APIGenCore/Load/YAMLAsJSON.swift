public import Foundation

/// YAML text as JSON text, read with the generator's own loader: LibYAML's events composed into a
/// tree with the same nesting, alias and duplicate-key checks as a spec, scalars typed as a spec's
/// are (YAML 1.2's core schema: `null`, `true`/`false`, integers, floats; quoted and block scalars
/// are always text). `apigen import openapi` decodes YAML documents this way, through Foundation's
/// JSON decoder, which is several times faster than decoding the YAML node tree.
public enum YAMLAsJSON {
    /// The JSON text of a YAML document, or every problem found, each at its line and column.
    /// - Parameters:
    ///   - text: The YAML document.
    ///   - file: The name problems are reported under.
    public static func convert(_ text: String, file: String) -> Result<Data, Failure> {
        var diagnostics = Diagnostics()
        guard let root = YAMLLoader.load(text, file: file, diagnostics: &diagnostics), !diagnostics.hasErrors else {
            return .failure(Failure(diagnostics: diagnostics.all.filter { $0.severity == .error }))
        }
        var json = ""
        json.reserveCapacity(text.utf8.count)
        write(root, to: &json, diagnostics: &diagnostics)
        if diagnostics.hasErrors { return .failure(Failure(diagnostics: diagnostics.all.filter { $0.severity == .error })) }
        return .success(Data(json.utf8))
    }

    /// Why a YAML document has no JSON form: its syntax errors, duplicate keys, too deep nesting.
    public struct Failure: Error, Sendable {
        /// Each problem at its line and column.
        public var diagnostics: [Diagnostic]
    }

    private static func write(_ node: YAMLNode, to json: inout String, diagnostics: inout Diagnostics) {
        switch node.kind {
        case .mapping(let pairs):
            json += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { json += "," }
                guard let key = pair.key.text else {
                    diagnostics.error("a mapping key that is not text has no JSON form", at: pair.key.location)
                    continue
                }
                json += QuotedText.json(key)
                json += ":"
                write(pair.value, to: &json, diagnostics: &diagnostics)
            }
            json += "}"
        case .sequence(let items):
            json += "["
            for (index, item) in items.enumerated() {
                if index > 0 { json += "," }
                write(item, to: &json, diagnostics: &diagnostics)
            }
            json += "]"
        case .scalar(let text, let isQuoted):
            if isQuoted {
                json += QuotedText.json(text)
                return
            }
            switch ScalarValue.resolve(plain: text) {
            case .null: json += "null"
            case .bool(let flag): json += flag ? "true" : "false"
            case .int(let number), .float(let number): json += jsonNumber(number) ?? QuotedText.json(text)
            case .string(let string): json += QuotedText.json(string)
            }
        }
    }

    /// A YAML number as a JSON number: as written when JSON's grammar allows it (`1.10` stays
    /// `1.10`), else its value (`+5` → `5`, `.5` → `0.5`, `007` → `7`); `nil` when it has none in JSON.
    private static func jsonNumber(_ text: String) -> String? {
        if JSONText.isJSONNumber(text) { return text }
        if let integer = Int64(text) { return String(integer) }
        guard let double = Double(text), double.isFinite else { return nil }
        return "\(double)"
    }
}
