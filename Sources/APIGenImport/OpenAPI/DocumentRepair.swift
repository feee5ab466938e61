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
/// - A schema's `type` that JSON Schema does not know is read as the type it stands for (`int`,
///   `bool`, `file`) or left out (`any`); in a 3.0 document, 3.1's `null` and lists of types are
///   read as 3.0 says them (`nullable`).
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
            // An example's `$ref` is data, not a reference to follow.
            if let reference = object["$ref"] as? String, !reference.hasPrefix("#"), !pointer.tokens.contains(where: { $0 == "example" || $0 == "examples" }) {
                externalReferences += 1
            }
            var mended = object
            var changed = mendSchema(&mended, at: pointer)
            changed = mendPathParameter(&mended, at: pointer) || changed
            // In the keys' order, not the dictionary's, which changes from run to run: the notes
            // (warnings) come out in the same order every run.
            for key in object.keys.sorted() {
                guard let member = object[key], member is [String: Any] || member is [Any] else { continue }
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
        var changed = mendRequired(&object, at: pointer)
        guard object["type"] != nil else { return changed }
        changed = mendType(&object, at: pointer) || changed
        let types = Self.types(of: object)
        guard !types.isEmpty else { return changed }
        if types.contains("integer") {
            for key in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"] {
                guard let number = object[key] as? NSNumber, !number.isJSONBoolean, Self.wholeInt64(number) == nil else { continue }
                object[key] = nil
                changed = true
                notes.append(Note(pointer: pointer.appending(key), kind: "validation", message: "\(key) \(number.stringValue) is not a whole number within Int64: not kept (apigen checks types, not values)"))
            }
        }
        if isVersion30 {
            for key in ["exclusiveMinimum", "exclusiveMaximum"] {
                guard let bound = object[key] as? NSNumber, !bound.isJSONBoolean else { continue }
                object[key] = nil
                changed = true
                notes.append(Note(pointer: pointer.appending(key), kind: "validation", message: "\(key): \(bound.stringValue) is OpenAPI 3.1's form (3.0 says true or false): not kept"))
            }
        } else {
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

    /// A schema's `required` that is not a list of names: the list written as JSON text
    /// (`'["error"]'`) read, anything else left out.
    private mutating func mendRequired(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard let required = object["required"], !(required is [Any]), !(required is NSNumber), Self.isSchemaPosition(pointer) else { return false }
        let parsed = (required as? String).flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String] }
        object["required"] = parsed
        notes.append(Note(pointer: pointer.appending("required"), kind: "required", message: "'required' is not a list of property names: \(parsed == nil ? "left out (every property optional)" : "read as the list its text writes")"))
        return true
    }

    // MARK: Types

    private static let jsonTypes: Set<String> = ["string", "number", "integer", "boolean", "array", "object", "null"]

    /// The types other languages' names stand for (`int`, `float`, `bool`, `file`…).
    private static let typeAliases: [String: (type: String, format: String?)] = [
        "int": ("integer", nil), "int32": ("integer", "int32"), "int64": ("integer", "int64"), "long": ("integer", "int64"),
        "float": ("number", "float"), "double": ("number", "double"), "decimal": ("number", nil), "bool": ("boolean", nil),
        "str": ("string", nil), "text": ("string", nil), "date": ("string", "date"), "datetime": ("string", "date-time"),
        "date-time": ("string", "date-time"), "uuid": ("string", "uuid"), "file": ("string", "binary"), "binary": ("string", "binary"),
        "map": ("object", nil), "dict": ("object", nil), "list": ("array", nil),
    ]

    /// A schema's `type` that is not one of JSON Schema's: another language's name for one
    /// (`int` → `integer`), `any` and others (left out: any value), 3.0's `null` or list of types.
    private mutating func mendType(_ object: inout [String: Any], at pointer: JSONPointer) -> Bool {
        guard Self.isSchemaPosition(pointer) else { return false }
        let here = pointer.appending("type")
        if let list = object["type"] as? [Any] {
            let names = list.compactMap { $0 as? String }
            guard isVersion30 || names.count != list.count || !names.allSatisfy(Self.jsonTypes.contains) else { return false }
            let types = names.filter { $0 != "null" && Self.jsonTypes.contains($0) }
            object["type"] = types.count == 1 ? types[0] : nil
            if names.contains("null") { object["nullable"] = true }
            notes.append(Note(pointer: here, kind: "type", message: "a list of types is OpenAPI 3.1's form: read as \(types.count == 1 ? "'\(types[0])'" : "any value")\(names.contains("null") ? ", nullable" : "")"))
            return true
        }
        guard let type = object["type"] as? String else {
            object["type"] = nil
            notes.append(Note(pointer: here, kind: "type", message: "type is not text: left out (any value)"))
            return true
        }
        if Self.jsonTypes.contains(type) {
            guard type == "null", isVersion30 else { return false }
            object["type"] = nil
            object["nullable"] = true
            notes.append(Note(pointer: here, kind: "type", message: "type 'null' is OpenAPI 3.1's: read as a nullable value of any type"))
            return true
        }
        if let alias = Self.typeAliases[type.lowercased()] {
            object["type"] = alias.type
            if let format = alias.format, object["format"] == nil { object["format"] = format }
            notes.append(Note(pointer: here, kind: "type", message: "type '\(type)' is not an OpenAPI type: read as '\(alias.type)'\(alias.format.map { " (format \($0))" } ?? "")"))
        } else {
            object["type"] = nil
            notes.append(Note(pointer: here, kind: "type", message: "type '\(type)' is not an OpenAPI type: left out (any value)"))
        }
        return true
    }

    /// Whether the object at `pointer` is a schema: a `schema`, `items`, `additionalProperties`…,
    /// a property, a component schema, a member of `allOf`/`anyOf`/`oneOf` — not an example, a
    /// security scheme or an extension's value, whose `type` means something else.
    static func isSchemaPosition(_ pointer: JSONPointer) -> Bool {
        let tokens = pointer.tokens
        if tokens.contains(where: { ["example", "examples", "default", "enum", "const", "securitySchemes"].contains($0) || $0.hasPrefix("x-") }) { return false }
        guard let last = tokens.last else { return false }
        let parent = tokens.count >= 2 ? tokens[tokens.count - 2] : ""
        if ["schema", "items", "additionalProperties", "not", "additionalItems", "contains", "propertyNames", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "itemSchema"].contains(last) {
            return true
        }
        if ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"].contains(parent) { return true }
        if parent == "schemas", tokens.count == 3, tokens[0] == "components" { return true }
        return Int(last) != nil && ["allOf", "anyOf", "oneOf", "prefixItems"].contains(parent)
    }

    /// The number as an `Int64` when it is a whole number within its range.
    private static func wholeInt64(_ number: NSNumber) -> Int64? {
        switch String(cString: number.objCType) {
        case "d", "f":
            let value = number.doubleValue
            // Int64's range is -2^63 ..< 2^63, both bounds exact in a Double: -9223372036854775808 is in it.
            return value == value.rounded() && value >= -0x1p63 && value < 0x1p63 ? Int64(value) : nil
        case "Q":
            return number.uint64Value <= UInt64(Int64.max) ? Int64(number.uint64Value) : nil
        default:
            return number.int64Value
        }
    }
}
