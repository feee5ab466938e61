import APIGenCore
import Foundation

/// NEI datatypes → models, and the types of params.
extension NEIMapper {
    /// The spec type of an NEI param: a system type, a datatype, `[T]` when `isArray`.
    mutating func type(of param: [String: Any], at location: String, depth: Int = 0) -> String {
        if Self.int(param["type"]) == nil, let typeName = Self.text(param["typeName"]) {
            warn(location, "datatype", "param '\(param["name"] as? String ?? "")' names its type '\(typeName)' without an id: typed String")
        }
        let id = Self.int(param["type"]) ?? 10001
        var base: String
        if let system = NEIImporter.systemTypes[id] {
            base = system
            if id == 9999 { warn(location, "file", "'\(param["name"] as? String ?? "")' is a File outside a request's inputs: typed Data (base64 text); files are sent as parts of a multipart body") }
        } else if let model = datatypeTypes[id] {
            base = model
        } else if let datatype = self.datatype(id), let inner = (datatype["params"] as? [[String: Any]])?.first, Self.int(datatype["format"]) == 2 {
            // An array datatype of itself (or a longer loop of them) would never end.
            if depth >= 16 {
                let why = leadsBack(toArray: id) ? "holds arrays of itself" : "nests arrays more than 16 deep"
                warn(location, "datatype", "array datatype \(id) \(why): its elements are typed JSON")
                return "JSON"
            }
            base = "[\(type(of: inner, at: location, depth: depth + 1))]"
        } else if let datatype = self.datatype(id), let alias = Self.aliasTypes[Self.int(datatype["format"]) ?? -1] {
            base = alias
            if Self.int(datatype["format"]) == 6 { warn(location, "file", "'\(param["name"] as? String ?? "")' is a File outside a request's inputs: typed Data (base64 text); files are sent as parts of a multipart body") }
        } else {
            warn(location, "datatype", "param '\(param["name"] as? String ?? "")' has unknown type id \(id): typed JSON")
            base = "JSON"
        }
        return Self.int(param["isArray"]) == 1 ? "[\(base)]" : base
    }

    /// Whether an array datatype's elements lead back to it through other array datatypes.
    private func leadsBack(toArray id: Int) -> Bool {
        var current = id
        for _ in 0..<64 {
            guard let datatype = datatype(current), Self.int(datatype["format"]) == 2,
                  let next = ((datatype["params"] as? [[String: Any]])?.first).flatMap({ Self.int($0["type"]) }) else { return false }
            if next == id { return true }
            current = next
        }
        return false
    }

    /// The export's datatype of an id.
    func datatype(_ id: Int) -> [String: Any]? {
        datatypesByID[id]
    }

    /// A field or param: `Type?`, or a mapping with key, description and default.
    mutating func member(_ param: [String: Any], names: inout NameRegistry, at location: String, optional: Bool) -> (String, SpecNode)? {
        guard let key = Self.text(param["name"]) else {
            warn(location, "param", "a param without a name not imported")
            return nil
        }
        let (name, renamed) = names.memberName(for: key, fallback: "field")
        if renamed, SpecNaming.memberName(key) != nil { warn(location, "rename", "param '\(key)' named '\(name)': its Swift name is taken") }
        let type = self.type(of: param, at: location)
        var entries: [SpecEntry] = []
        var defaultNode: SpecNode?
        if let value = Self.scalarText(param["defaultValue"]) {
            switch type {
            case "String": defaultNode = .json(.string(value))
            case "Double" where Self.isDecimal(value) && Double(value)?.isFinite == true: defaultNode = .json(.number(value))
            case "Bool" where value == "true" || value == "false": defaultNode = .json(.bool(value == "true"))
            case "Bool" where value == "1" || value == "0": defaultNode = .json(.bool(value == "1"))
            default:
                if let values = enumValues[type] {
                    if values.contains(value) {
                        defaultNode = .json(numberEnums.contains(type) ? .number(value) : .string(value))
                    } else {
                        warn(location, "default", "default '\(value)' of '\(key)' not kept: it is not a value of \(type) (\(values.joined(separator: ", ")))")
                    }
                } else {
                    warn(location, "default", "default '\(value)' of '\(key)' not kept: \(["String", "Double", "Bool"].contains(type) ? "it is not a value of \(type)" : "apigen keeps defaults of numbers, text, Bool and enums")")
                }
            }
        }
        let required = Self.int(param["required"]) == 1
        entries.add("type", .text(type + (optional && !required && defaultNode == nil ? "?" : "")))
        if renamed { entries.add("key", text: key) }
        entries.add("description", text: Self.text(param["description"]))
        if let defaultNode { entries.add("default", defaultNode) }
        return (name, entries.count == 1 ? entries[0].value : .map(entries))
    }

    /// A number as JSON writes it (not `0x10`, `NaN` or `inf`, which Swift's `Double(_:)` reads).
    static func isDecimal(_ text: String) -> Bool {
        text.range(of: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#, options: .regularExpression) != nil
    }

    /// A datatype's model: an enum of its params' values, or a struct of its params as fields.
    mutating func buildModel(_ name: String, datatype: [String: Any], isEnum: Bool) {
        let place = location("datatype", datatype)
        var entries: [SpecEntry] = []
        entries.add("description", text: Self.text(datatype["description"]))
        let params = datatype["params"] as? [[String: Any]] ?? []
        if isEnum {
            let isNumber = isNumberEnum(params)
            var registry = NameRegistry(reserved: ["unknown", "rawValue", "allCases"])
            var seen: Set<String> = []
            if isNumber {
                var cases: [SpecEntry] = []
                for param in params {
                    guard let value = Self.scalarText(param["defaultValue"]), let number = Int(value) else {
                        warn(place, "enum", "enum value '\(param["defaultValue"] ?? "")' is not a whole number: dropped")
                        continue
                    }
                    guard seen.insert(String(number)).inserted else {
                        warn(place, "enum", "enum value '\(value)' listed twice: kept once")
                        continue
                    }
                    let caseName = registry.memberName(for: Self.text(param["name"]) ?? (number < 0 ? "minus\(number.magnitude)" : "value\(number)"), fallback: "value").name
                    let node: SpecNode = Self.text(param["description"]).map { .map([SpecEntry("value", .literal(value)), SpecEntry("description", .text($0))]) } ?? .literal(value)
                    cases.add(SpecNaming.memberName(caseName) ?? "value\(number)", node)
                }
                entries.add("enum", .map(cases))
            } else {
                var cases: [SpecNode] = []
                for param in params {
                    guard let value = Self.scalarText(param["defaultValue"]) else {
                        warn(place, "enum", "enum value \(param["defaultValue"] is NSNull || param["defaultValue"] == nil ? "null" : "'\(param["defaultValue"] ?? "")'") of '\(param["name"] ?? "")' is no text or number: dropped")
                        continue
                    }
                    guard seen.insert(value).inserted else {
                        warn(place, "enum", "enum value '\(value)' listed twice: kept once")
                        continue
                    }
                    let source = Self.text(param["name"]) ?? value
                    let (caseName, renamed) = registry.memberName(for: source, fallback: "value")
                    var entry: [SpecEntry] = [SpecEntry("value", .text(value))]
                    if renamed || source != value { entry.add("name", .text(SpecNaming.memberName(caseName) ?? "value")) }
                    entry.add("description", text: Self.text(param["description"]))
                    cases.append(entry.count == 1 ? .text(value) : .map(entry))
                }
                entries.add("enum", .list(cases))
            }
        } else {
            var names = NameRegistry()
            var fields: [SpecEntry] = []
            var keys: Set<String> = []
            for param in params {
                if let key = Self.text(param["name"]), !keys.insert(key).inserted {
                    warn(place, "param", "param '\(key)' listed twice: kept once")
                    continue
                }
                if let (fieldName, node) = member(param, names: &names, at: place, optional: true) { fields.add(fieldName, node) }
            }
            entries.add("fields", .map(fields))
        }
        service.models.append(ImportedService.Item(name: name, entries: entries, file: SpecAssembler.serviceFile, origin: place))
    }
}
