public import Foundation
import APIGenCore

/// `apigen import nei`: an NEI project export (the JSON the NEI platform and nei-toolkit write:
/// `project`, `datatypes`, `interfaces`) → apigen specs, one file per NEI group.
public enum NEIImporter {
    /// NEI's system datatypes, by id.
    static let systemTypes: [Int: String] = [10001: "String", 10002: "Double", 10003: "Bool", 10000: "JSON", 9999: "Data"]

    /// Whether a JSON object is an NEI project export: it lists `interfaces` or `datatypes`.
    private static func isExport(_ object: [String: Any]) -> Bool {
        object["interfaces"] is [Any] || object["datatypes"] is [Any]
    }

    /// Whether an export is in NEI's format before 2016 (nei-toolkit's `test/a.json`): every
    /// interface gives its method as a number and has no `params`. Read as today's format, each
    /// interface was dropped with a warning, and the import made nothing.
    private static func isPre2016Export(_ object: [String: Any]) -> Bool {
        guard let interfaces = object["interfaces"] as? [[String: Any]], !interfaces.isEmpty else { return false }
        return interfaces.allSatisfy { $0["method"] is NSNumber && $0["params"] == nil }
    }

    /// Imports an export.
    /// - Parameters:
    ///   - data: The export's bytes.
    ///   - documentName: The export as given on the command line, named in every warning.
    ///   - outputPath: The output folder as given, named in the generator's diagnostics.
    public static func importExport(_ data: Data, documentName: String, outputPath: String) -> ImportOutcome {
        var outcome = ImportOutcome()
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data)
        } catch {
            let problem = JSONSyntax.problem(in: data, error: error)
            outcome.errors.append("\(JSONSyntax.place(documentName, line: problem.line, column: problem.column)): error: not an NEI export: the file is \(problem.message)")
            return outcome
        }
        guard let root = parsed as? [String: Any] else {
            outcome.errors.append("\(documentName): error: not an NEI export: the file is not a JSON object")
            return outcome
        }
        guard isExport(root) else {
            // NEI's API answers with the export wrapped in `{code, msg, result}`.
            let hint = (root["result"] as? [String: Any]).map(isExport) == true ? " (its 'result' is one: import that member as the file)" : ""
            outcome.errors.append("\(documentName): error: not an NEI export: no 'interfaces' or 'datatypes'\(hint)")
            return outcome
        }
        guard !isPre2016Export(root) else {
            outcome.errors.append("\(documentName): error: an NEI export in the format before 2016 (methods as numbers, inputs outside 'params'), which apigen does not read: export the project from NEI again")
            return outcome
        }
        let (cleaned, notes) = NEIExportShape.cleaned(root)
        var mapper = NEIMapper(root: cleaned, documentName: documentName)
        for note in notes { mapper.warn(note.location, note.kind, note.message) }
        mapper.map()
        outcome.operationsIn = mapper.operationsIn
        var warnings = mapper.warnings
        let assembler = SpecAssembler(source: "nei", documentName: URL(fileURLWithPath: documentName).lastPathComponent, outputPath: outputPath)
        var errors: [String] = []
        outcome.files = assembler.assemble(mapper.service, warnings: &warnings, errors: &errors, document: documentName)
        outcome.errors = errors
        outcome.warnings = warnings
        outcome.apisOut = errors.isEmpty ? mapper.service.apis.count - warnings.filter { $0.kind == "rejected-operation" }.count : 0
        return outcome
    }
}

/// Maps an NEI export's datatypes and interfaces.
struct NEIMapper {
    let root: [String: Any]
    /// The export's datatypes by id, the first of several with one id (as params refer to it).
    let datatypesByID: [Int: [String: Any]]
    let documentName: String
    var warnings: [ImportWarning] = []
    var service: ImportedService
    var operationsIn = 0
    var typeNames = NameRegistry()
    /// Datatype id → model name (objects and enums) or type (arrays of another).
    var datatypeTypes: [Int: String] = [:]
    var enumModels: Set<String> = []
    /// The datatypes that become models (the others stand for a type).
    var modelIDs: Set<Int> = []
    /// An enum model's values, for checking defaults.
    var enumValues: [String: [String]] = [:]
    /// Enum models of whole numbers (their defaults are numbers).
    var numberEnums: Set<String> = []

    /// The types NEI's alias datatypes stand for, by `format`: string, number, boolean, file.
    static let aliasTypes: [Int: String] = [3: "String", 4: "Double", 5: "Bool", 6: "Data"]

    init(root: [String: Any], documentName: String) {
        self.root = root
        datatypesByID = Dictionary(
            (root["datatypes"] as? [[String: Any]] ?? []).compactMap { datatype in Self.int(datatype["id"]).map { ($0, datatype) } },
            uniquingKeysWith: { first, _ in first }
        )
        self.documentName = documentName
        let project = root["project"] as? [String: Any]
        let title = project?["name"] as? String ?? ""
        var names = NameRegistry()
        let name = names.typeName(for: title, fallback: "NEI")
        // The project's name describes the service unless it is only the service's name.
        service = ImportedService(name: name, description: (project?["description"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? (title.isEmpty || title == name ? nil : title))
        typeNames.reserveType(name)
        typeNames.reservedNamePrefix = name
        typeNames.reserveType(name + "Service")
    }

    /// Notes a loss at an NEI item.
    mutating func warn(_ location: String, _ kind: String, _ message: String) {
        warnings.append(ImportWarning(document: documentName, location: location, message: message, kind: kind))
    }

    /// A number NEI wrote as a number or as text.
    static func int(_ value: Any?) -> Int? {
        if let number = value as? NSNumber { return number.intValue }
        if let text = value as? String { return Int(text) }
        return nil
    }

    /// Text that is not empty.
    static func text(_ value: Any?) -> String? {
        guard let text = value as? String, !text.isEmpty else { return nil }
        return text
    }

    /// A value NEI keeps as text (`defaultValue`) but an export may write as a JSON number or
    /// Boolean: as text (`3`, `1.5`, `true`), or `nil` for empty text, `null` and lists.
    static func scalarText(_ value: Any?) -> String? {
        if let number = value as? NSNumber, !(value is String) {
            return number.isJSONBoolean ? (number.boolValue ? "true" : "false") : number.stringValue
        }
        return text(value)
    }

    /// Whether every param of an enum datatype is a number (NEI's Number, or a datatype standing
    /// for a number), so that its values are numbers.
    func isNumberEnum(_ params: [[String: Any]]) -> Bool {
        !params.isEmpty && params.allSatisfy { param in
            guard let id = Self.int(param["type"]) else { return false }
            return id == 10002 || datatype(id).map { Self.int($0["format"]) == 4 } == true
        }
    }

    /// Names every datatype, builds the models, then maps the interfaces group by group.
    mutating func map() {
        service.environments = [("production", "https://example.com")]
        warn("project", "server", "an NEI export names no server; environment 'production' is https://example.com: set the real base URLs")
        var ids: Set<Int> = []
        let datatypes = (root["datatypes"] as? [[String: Any]] ?? []).sorted { (Self.int($0["id"]) ?? 0) < (Self.int($1["id"]) ?? 0) }.filter { datatype in
            guard let id = Self.int(datatype["id"]), !ids.insert(id).inserted else { return true }
            warn(location("datatype", datatype), "datatype", "datatype id \(id) is another datatype's too: not imported (params of that id refer to the first)")
            return false
        }
        // Name every datatype first: fields refer to datatypes by id, in any order.
        for datatype in datatypes {
            guard let id = Self.int(datatype["id"]) else {
                // NEI's import files (not its exports) name datatypes without ids.
                warn(location("datatype", datatype), "datatype", "datatype without an id not imported: params refer to datatypes by id (is this an NEI import file rather than a project export?)")
                continue
            }
            guard Self.int(datatype["type"]) != 1, NEIImporter.systemTypes[id] == nil else { continue }
            let format = Self.int(datatype["format"]) ?? 0
            let source = datatype["name"] as? String ?? ""
            guard format == 0 || format == 1 else { continue }
            let values = Self.enumValues(datatype)
            if format == 1, values.isEmpty {
                warn(location("datatype", datatype), "enum", "enum without values: its uses are typed String")
                datatypeTypes[id] = "String"
                continue
            }
            let isNumberEnum = format == 1 && isNumberEnum(datatype["params"] as? [[String: Any]] ?? [])
            if isNumberEnum, !values.contains(where: { Int($0) != nil }) {
                warn(location("datatype", datatype), "enum", "enum of numbers without a whole-number value (\(values.joined(separator: ", "))): its uses are typed Double")
                datatypeTypes[id] = "Double"
                continue
            }
            if format == 0, (datatype["params"] as? [Any])?.isEmpty ?? true {
                warn(location("datatype", datatype), "datatype", "datatype without fields: its uses hold any JSON object ([String: JSON])")
                datatypeTypes[id] = "[String: JSON]"
                continue
            }
            let name = typeNames.typeName(for: source, fallback: "Datatype")
            if SpecNaming.typeName(source) != name {
                warn(location("datatype", datatype), "rename", "datatype '\(source)' named '\(name)': \(NameRegistry.renameReason(of: source))")
            }
            datatypeTypes[id] = name
            modelIDs.insert(id)
            if format == 1 {
                enumModels.insert(name)
                if isNumberEnum {
                    numberEnums.insert(name)
                    enumValues[name] = values.filter { Int($0) != nil }
                } else {
                    enumValues[name] = values
                }
            }
        }
        for datatype in datatypes {
            guard let id = Self.int(datatype["id"]), Self.int(datatype["type"]) != 1, NEIImporter.systemTypes[id] == nil else { continue }
            let format = Self.int(datatype["format"]) ?? 0
            if modelIDs.contains(id), let name = datatypeTypes[id] {
                buildModel(name, datatype: datatype, isEnum: format == 1)
            } else if datatypeTypes[id] == nil {
                warn(location("datatype", datatype), "datatype", "datatype of format \(format) (array, string, number, boolean or file alias) not kept as a model: its uses get the type it stands for")
            }
        }
        var files = SpecFileNames<Int>()
        let interfaces = (root["interfaces"] as? [[String: Any]] ?? []).sorted { (Self.int($0["id"]) ?? 0) < (Self.int($1["id"]) ?? 0) }
        for interface in interfaces {
            operationsIn += 1
            let group = interface["group"] as? [String: Any]
            let groupID = Self.int(group?["id"]) ?? Self.int(interface["groupId"]) ?? 0
            let file = files.file(for: groupID, named: Self.text(group?["name"]), fallback: "group")
            mapInterface(interface, file: file)
        }
    }

    /// An enum datatype's values (each param's `defaultValue`), duplicates left out.
    static func enumValues(_ datatype: [String: Any]) -> [String] {
        var seen: Set<String> = []
        return (datatype["params"] as? [[String: Any]] ?? []).compactMap { scalarText($0["defaultValue"]) }.filter { seen.insert($0).inserted }
    }

    /// An NEI item as warnings name it: `NEI datatype 'User' (id 12)`.
    func location(_ kind: String, _ item: [String: Any]) -> String {
        Self.location(kind, item)
    }

    /// An NEI item as warnings name it: `NEI datatype 'User' (id 12)`.
    static func location(_ kind: String, _ item: [String: Any]) -> String {
        "NEI \(kind) '\(item["name"] as? String ?? "")' (id \(int(item["id"]).map(String.init) ?? "?"))"
    }
}
