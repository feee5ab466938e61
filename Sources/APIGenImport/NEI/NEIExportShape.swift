import Foundation

/// Makes an export's lists hold only objects before it is mapped: an element of `datatypes`,
/// `interfaces`, a datatype's `params` or an interface's `inputs`, `outputs`, `reqHeaders` and
/// `resHeaders` that is no object (`null`, a number) is left out with a warning, and a list that
/// is no list is read as empty with a warning — so that one bad element does not empty its list.
enum NEIExportShape {
    /// A warning the cleanup gives: where, of which kind, what.
    struct Note {
        var location: String
        var kind: String
        var message: String
    }

    /// The export with its lists cleaned, and a note for each thing left out.
    static func cleaned(_ root: [String: Any]) -> ([String: Any], [Note]) {
        var root = root
        var notes: [Note] = []
        if let datatypes = objects(root["datatypes"], what: "datatypes", at: "export", notes: &notes) {
            root["datatypes"] = datatypes.map { datatype in
                var datatype = datatype
                let place = NEIMapper.location("datatype", datatype)
                if let params = objects(datatype["params"], what: "params", at: place, notes: &notes) { datatype["params"] = params }
                return datatype
            }
        }
        if let interfaces = objects(root["interfaces"], what: "interfaces", at: "export", notes: &notes) {
            root["interfaces"] = interfaces.map { interface in
                var interface = interface
                let place = NEIMapper.location("interface", interface)
                guard let value = interface["params"], !(value is NSNull) else { return interface }
                guard var params = value as? [String: Any] else {
                    notes.append(Note(location: place, kind: "param", message: "'params' is not an object: no inputs, outputs or headers imported"))
                    interface["params"] = nil
                    return interface
                }
                for key in ["inputs", "outputs", "reqHeaders", "resHeaders"] {
                    if let list = objects(params[key], what: key, at: place, notes: &notes) { params[key] = list }
                }
                interface["params"] = params
                return interface
            }
        }
        return (root, notes)
    }

    /// The objects of a list, or `nil` when the value is absent.
    private static func objects(_ value: Any?, what: String, at place: String, notes: inout [Note]) -> [[String: Any]]? {
        guard let value, !(value is NSNull) else { return nil }
        guard let list = value as? [Any] else {
            notes.append(Note(location: place, kind: "shape", message: "'\(what)' is not a list: none imported"))
            return []
        }
        var objects: [[String: Any]] = []
        for (index, element) in list.enumerated() {
            if let object = element as? [String: Any] {
                objects.append(object)
            } else {
                notes.append(Note(location: place, kind: "shape", message: "element \(index) of '\(what)' is \(describe(element)), not an object: not imported"))
            }
        }
        return objects
    }

    private static func describe(_ value: Any) -> String {
        switch value {
        case is NSNull: "null"
        case is String: "text"
        case let number as NSNumber: number.isJSONBoolean ? "a Boolean" : "a number"
        case is [Any]: "a list"
        default: "a value"
        }
    }
}
