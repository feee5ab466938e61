import Foundation

/// Mends what real documents get wrong in ways that make OpenAPIKit reject the whole document,
/// where the importer would drop or reinterpret the value anyway, so that one bad keyword does not
/// stop an import of hundreds of operations. Each mend is a warning (or, for enum values, the
/// mapper's own warning where it reads them).
///
/// - An integer schema's bound (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
///   `multipleOf`) that is not a whole number within `Int64` — `9223372036854776000`, Int64's
///   maximum as JavaScript prints it — is removed (apigen keeps no bounds).
/// - In a 3.1 or later document, OpenAPI 3.0's Boolean `exclusiveMinimum`/`exclusiveMaximum` is
///   removed.
/// - A string enum's numbers and Booleans (`- 3` in YAML) are made text; a `null` in an enum is
///   taken out, and makes a schema that does not allow null nullable.
/// - An integer enum's values that are not whole numbers are removed.
/// - A path parameter not marked `required` is made required.
struct DocumentRepair {
    /// A mend the importer reports.
    struct Note {
        var pointer: JSONPointer
        var kind: String
        var message: String
    }

    private let isVersion30: Bool
    private(set) var notes: [Note] = []
    /// `$ref`s to other files, which only a bundled document resolves.
    private(set) var externalReferences = 0

    /// A repair for a document of the given OpenAPI version.
    init(version: String) {
        isVersion30 = version.hasPrefix("3.0")
    }

    /// The mended value, or `nil` when nothing in it needed mending (so an unchanged document is
    /// walked, never copied).
    mutating func repaired(_ value: Any, at pointer: JSONPointer) -> Any? {
        if let object = value as? [String: Any] {
            if let reference = object["$ref"] as? String, !reference.hasPrefix("#") { externalReferences += 1 }
            var mended = object
            var changed = mendSchema(&mended, at: pointer)
            changed = mendPathParameter(&mended, at: pointer) || changed
            for (key, member) in object where member is [String: Any] || member is [Any] {
                if let new = repaired(member, at: pointer.appending(key)) {
                    mended[key] = new
                    changed = true
                }
            }
            return changed ? mended : nil
        }
        if let array = value as? [Any] {
            var mended = array
            var changed = false
            for index in array.indices where array[index] is [String: Any] || array[index] is [Any] {
                if let new = repaired(array[index], at: pointer.appending(String(index))) {
                    mended[index] = new
                    changed = true
                }
            }
            return changed ? mended : nil
        }
        return nil
    }

    /// The schema's declared types: `type: integer` or (3.1) `type: [integer, "null"]`.
    private static func types(of object: [String: Any]) -> [String] {
        if let type = object["type"] as? String { return [type] }
        return (object["type"] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    /// A path parameter not marked `required`, which OpenAPI demands and OpenAPIKit enforces.
    private mutating func mendPathParameter(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard object["in"] as? String == "path", object["name"] is String, (object["required"] as? NSNumber)?.boolValue != true else { return false }
        object["required"] = true
        notes.append(Note(pointer: pointer, kind: "parameter", message: "path parameter '\(object["name"] as? String ?? "")' not marked required: read as required (a path parameter always is)"))
        return true
    }

    /// Mends one schema object in place; whether anything changed.
    private mutating func mendSchema(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        let types = Self.types(of: object)
        guard !types.isEmpty else { return false }
        var changed = false
        if types.contains("integer") {
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] {
                guard let number = object[key] as? NSNumber, !number.isJSONBoolean, Self.wholeInt64(number) == nil else { continue }
                object[key] = nil
                changed = true
                notes.append(Note(pointer: pointer.appending(key), kind: "validation", message: "\(key) \(number.stringValue) is not a whole number within Int64: not kept (apigen checks types, not values)"))
            }
        }
        if !isVersion30 {
            for key in ["exclusiveMinimum", "exclusiveMaximum"] {
                guard let flag = object[key] as? NSNumber, flag.isJSONBoolean else { continue }
                object[key] = nil
                changed = true
                notes.append(Note(pointer: pointer.appending(key), kind: "validation", message: "\(key): \(flag.boolValue) is OpenAPI 3.0's form (3.1 gives the bound itself): not kept"))
            }
        }
        guard var values = object["enum"] as? [Any] else { return changed }
        // OpenAPIKit takes `null` in an enum only from a schema that allows it.
        if values.contains(where: { $0 is NSNull }) {
            values.removeAll { $0 is NSNull }
            object["enum"] = values
            changed = true
            if !types.contains("null"), (object["nullable"] as? NSNumber)?.boolValue != true {
                if isVersion30 { object["nullable"] = true } else { object["type"] = types + ["null"] }
                notes.append(Note(pointer: pointer.appending("enum"), kind: "enum", message: "enum lists null but the schema does not allow it: read as nullable"))
            }
        }
        if types.contains("string") {
            // The mapper reads the values as written and says which it made text.
            guard values.contains(where: { $0 is NSNumber }) else { return changed }
            object["enum"] = values.map { value in
                guard let number = value as? NSNumber else { return value }
                return number.isJSONBoolean ? String(number.boolValue) : number.stringValue
            }
            changed = true
        } else if types.contains("integer") {
            // The mapper reads the values as written and warns of each one it drops.
            let whole = values.filter { value in (value as? NSNumber).map { !$0.isJSONBoolean && Self.wholeInt64($0) != nil } ?? false }
            if whole.count != values.count {
                object["enum"] = whole
                changed = true
            }
        }
        return changed
    }

    /// The number as an `Int64` when it is a whole number within its range.
    private static func wholeInt64(_ number: NSNumber) -> Int64? {
        switch String(cString: number.objCType) {
        case "d", "f":
            let value = number.doubleValue
            return value == value.rounded() && abs(value) < 9.2e18 ? Int64(value) : nil
        case "Q":
            return number.uint64Value <= UInt64(Int64.max) ? Int64(number.uint64Value) : nil
        default:
            return number.int64Value
        }
    }
}
