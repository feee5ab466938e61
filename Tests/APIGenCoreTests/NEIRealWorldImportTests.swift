import Foundation
import Testing
import APIGenCore
import APIGenImport

/// What NEI's own exports (nei-toolkit's test projects, 128 interfaces) do that a hand-written
/// one did not: each case here dropped an API, stopped the whole import, or typed a field wrong
/// without a word. Each now imports, says what it changed, and validates.
@Suite struct NEIRealWorldImportTests {
    static func importJSON(_ text: String) -> ImportOutcome {
        NEIImporter.importExport(Data(text.utf8), documentName: "export.json", outputPath: "Out")
    }

    static func warnings(_ outcome: ImportOutcome) -> [String] {
        outcome.warnings.map(\.description).filter { !$0.contains("names no server") }.sorted()
    }

    /// A datatype (`name`, `format`, params of `name`/`type`/`defaultValue`) as exports write it.
    static func datatype(_ id: Int, _ name: String, format: Int, _ params: [(String, Int, String)]) -> String {
        let fields = params.map { #"{"name": "\#($0.0)", "type": \#($0.1), "isArray": 0, "defaultValue": "\#($0.2)", "description": ""}"# }
        return #"{"id": \#(id), "type": 0, "name": "\#(name)", "format": \#(format), "params": [\#(fields.joined(separator: ", "))]}"#
    }

    @Test func datatypesAsExportsHaveThem() async throws {
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "Demo"},
         "datatypes": [
           \(Self.datatype(101, "Status", format: 1, [("ON", 10001, "on"), ("OFF", 10001, "off"), ("ON2", 10001, "on")])),
           \(Self.datatype(102, "Level", format: 1, [("LOW", 10002, "1"), ("HIGH", 10002, "2")])),
           \(Self.datatype(103, "Empty", format: 1, [])),
           \(Self.datatype(104, "Float", format: 4, [])),
           \(Self.datatype(105, "Item", format: 0, [("s", 101, "unknown"), ("level", 102, "2"), ("count", 10002, "0x10"), ("ratio", 104, ""), ("mode", 103, ""), ("flag", 10003, "1")])),
           {"id": 106, "type": 0, "name": "Node", "format": 0, "params": [{"name": "parent", "type": 106, "isArray": 0, "required": 1}, {"name": "album", "typeName": "Album"}]},
           {"name": "Album", "format": 0, "params": [{"name": "title", "type": 10001}]}
         ],
         "interfaces": []}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("""
          Item:
            fields:
              s: Status?
              level:
                type: Level
                default: 2
              count: Double?
              ratio: Double?
              mode: String?
              flag:
                type: Bool
                default: true
        """))
        #expect(service.contains("  Status:\n    enum:\n      - value: \"on\"\n        name: \"on\"\n      - value: \"off\"\n        name: \"off\"\n"))
        #expect(service.contains("  Level:\n    enum:\n      low: 1\n      high: 2\n"))
        #expect(service.contains("  Node:\n    fields:\n      parent: Node?\n      album: String?\n"))
        #expect(Self.warnings(outcome) == [
            "export.json: NEI datatype 'Album' (id ?): warning: datatype without an id not imported: params refer to datatypes by id (is this an NEI import file rather than a project export?)",
            "export.json: NEI datatype 'Empty' (id 103): warning: enum without values: its uses are typed String",
            "export.json: NEI datatype 'Float' (id 104): warning: datatype of format 4 (array, string, number, boolean or file alias) not kept as a model: its uses get the type it stands for",
            "export.json: NEI datatype 'Item' (id 105): warning: default '0x10' of 'count' not kept: it is not a value of Double",
            "export.json: NEI datatype 'Item' (id 105): warning: default 'unknown' of 's' not kept: it is not a value of Status (on, off)",
            "export.json: NEI datatype 'Node' (id 106): warning: field 'parent' of 'Node' is required and holds itself: no finite value exists, so it is read as optional",
            "export.json: NEI datatype 'Node' (id 106): warning: param 'album' names its type 'Album' without an id: typed String",
            "export.json: NEI datatype 'Status' (id 101): warning: enum value 'on' listed twice: kept once",
        ])
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    @Test func interfacesAsExportsHaveThem() async throws {
        let output = #""isArray": 0, "defaultValue": "", "description": "", "datatypeId": 100, "datatypeName": "ResultData""#
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "Demo"},
         "datatypes": [
           \(Self.datatype(100, "ResultData", format: 0, [("code", 10002, ""), ("result", 10000, "")])),
           \(Self.datatype(101, "Todo", format: 0, [("text", 10001, "")]))
         ],
         "interfaces": [
           {"id": 1, "name": "详情", "className": "Detail", "method": "GET", "path": "/api/projects/:id",
            "params": {"inputs": [], "outputs": [{"name": "code", "type": 10002, \(output)}, {"name": "result", "type": 10000, \(output)}]}},
           {"id": 2, "name": "更新", "className": "Update", "method": "PUT", "path": "/api/projects/:id",
            "params": {"inputs": [{"name": "id", "type": 10002, "isArray": 0}, {"name": "name", "type": 10001, "isArray": 0}], "outputs": [],
                       "reqHeaders": [{"name": "Content-Type", "defaultValue": "application/x-www-form-urlencoded"}]}},
           {"id": 3, "name": "列表", "className": "TodoList", "method": "GET", "path": "/api/todos?type=1&all",
            "params": {"inputs": [{"name": "type", "type": 10001, "isArray": 0}],
                       "outputs": [{"name": "code", "type": 10002, \(output)}, {"name": "result", "type": 101, "isArray": 1, "datatypeId": 100, "defaultValue": "", "description": "", "typeName": "Todo"}],
                       "resHeaders": [{"name": "Set-Cookie"}, {"name": "set-cookie"}]}},
           {"id": 4, "name": "上传", "className": "SendFile", "method": "POST", "path": "/api/upload",
            "params": {"inputs": [{"name": "file", "type": 9999, "isArray": 0, "required": 1}, {"name": "note", "type": 10001, "isArray": 0}], "outputs": []}}
         ]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.operationsIn == 4 && outcome.apisOut == 4)
        let apis = outcome.files.first { $0.path != "service.yaml" }?.contents ?? ""
        // An undeclared path variable is a param; a declared one is required; imported outputs
        // with an overridden field are the answer's own fields; a constant query item an input
        // sends is the input's.
        #expect(apis.contains("  Detail:\n    description: 详情\n    path: \"/api/projects/:id\"\n    params:\n      id: String\n    response: ResultData\n"))
        #expect(apis.contains("    path: \"/api/projects/:id\"\n    params:\n      id: Double\n      name: String?\n    body: form\n"))
        #expect(apis.contains("""
            path: /api/todos?all
            params:
              type: String?
            response:
              fields:
                code: Double?
                result: "[Todo]?"
              headers:
                setCookie:
                  type: String?
                  key: Set-Cookie
        """))
        // A File input is a file part of a multipart body.
        #expect(apis.contains("    path: /api/upload\n    params:\n      file: File\n      note: String?\n    body: multipart\n"))
        #expect(Self.warnings(outcome) == [
            "export.json: NEI interface '列表' (id 3): warning: constant query item 'type=1' of the path not kept: the input of that name sends it",
            "export.json: NEI interface '列表' (id 3): warning: response header 'set-cookie' listed twice (header names ignore case): kept once",
            "export.json: NEI interface '详情' (id 1): warning: path variable 'id' is not among the inputs: added as a String param",
        ])
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// A second datatype with an id already given, datatypes whose names differ only in case (one
    /// file each on a case-insensitive disk) and two datatypes requiring each other.
    @Test func datatypesThatCannotAllBeKeptAsWritten() {
        let required = #"{"id": 103, "type": 0, "name": "A", "format": 0, "params": [{"name": "b", "type": 104, "required": 1}]}, {"id": 104, "type": 0, "name": "B", "format": 0, "params": [{"name": "a", "type": 103, "required": 1}]}"#
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "Demo"},
         "datatypes": [
           \(Self.datatype(101, "Item", format: 0, [("a", 10001, "")])),
           \(Self.datatype(101, "Leaf", format: 0, [("b", 10001, "")])),
           \(Self.datatype(102, "ITEM", format: 0, [("c", 10001, "")])),
           \(required)
         ],
         "interfaces": []}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome) == [
            "export.json: NEI datatype 'A' (id 103): warning: field 'b' of 'A' is required and holds 'B', through which 'A' requires itself on every path: no finite value exists, so it is read as optional",
            "export.json: NEI datatype 'ITEM' (id 102): warning: datatype 'ITEM' named 'ITEM2': 'ITEM' is taken",
            "export.json: NEI datatype 'Leaf' (id 101): warning: datatype id 101 is another datatype's too: not imported (params of that id refer to the first)",
        ])
    }

    @Test func aFileThatIsNotJSONSaysWhere() {
        let outcome = Self.importJSON(#"{"project": {"id": 1, "name": "D"}, "datatypes": [], "interfaces": [], "x": 01}"#)
        #expect(outcome.errors == ["export.json:1:78: error: not an NEI export: the file is not well-formed JSON: Number with leading zero"])
        #expect(Self.importJSON("[1, 2]").errors == ["export.json: error: not an NEI export: the file is not a JSON object"])
    }

    /// NEI's API answers with the export wrapped in `{code, msg, result}` (nei-toolkit's 2016
    /// `ds_b.json`): the error says the export is its `result`.
    @Test func anExportWrappedInAnAnswerSaysWhereTheExportIs() {
        let wrapped = Self.importJSON(#"{"code": 200, "msg": "", "result": {"datatypes": [], "interfaces": []}}"#)
        #expect(wrapped.errors == ["export.json: error: not an NEI export: no 'interfaces' or 'datatypes' (its 'result' is one: import that member as the file)"])
        #expect(Self.importJSON(#"{"code": 200}"#).errors == ["export.json: error: not an NEI export: no 'interfaces' or 'datatypes'"])
    }

    /// NEI's format before 2016 (nei-toolkit's `test/a.json`: `method: 0`, `inputs` beside the
    /// interface's other keys) made every interface a warning and the import nothing, with exit 0.
    @Test func theFormatBefore2016IsOneError() {
        let old = Self.importJSON(#"{"interfaces": [{"id": 1, "name": "A", "path": "/a", "method": 0, "inputs": [], "outputs": []}], "datatypes": []}"#)
        #expect(old.errors == ["export.json: error: an NEI export in the format before 2016 (methods as numbers, inputs outside 'params'), which apigen does not read: export the project from NEI again"])
        #expect(old.files.isEmpty)
    }

    /// An array datatype whose elements are itself recursed without end.
    @Test func anArrayDatatypeOfItselfIsCutNotACrash() {
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "D"},
         "datatypes": [{"id": 1, "type": 0, "name": "List", "format": 2, "params": [{"name": "p", "type": 1}]}],
         "interfaces": [{"id": 1, "name": "get", "className": "Get", "method": "GET", "path": "/a",
                         "params": {"inputs": [], "outputs": [{"name": "x", "type": 1}]}}]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome).contains("export.json: NEI interface 'get' (id 1): warning: array datatype 1 holds arrays of itself: its elements are typed JSON"))
    }

    /// A chain of array datatypes deeper than 16 that ends is said to be deep, not to hold itself.
    @Test func aDeepChainOfArrayDatatypesIsToldApartFromALoop() {
        let chain = (1...20).map { id in
            #"{"id": \#(id), "type": 0, "name": "L\#(id)", "format": 2, "params": [{"name": "p", "type": \#(id == 20 ? 10001 : id + 1)}]}"#
        }
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "D"},
         "datatypes": [\(chain.joined(separator: ", "))],
         "interfaces": [{"id": 1, "name": "get", "className": "Get", "method": "GET", "path": "/a",
                         "params": {"inputs": [], "outputs": [{"name": "x", "type": 1}]}}]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome).contains("export.json: NEI interface 'get' (id 1): warning: array datatype 17 nests arrays more than 16 deep: its elements are typed JSON"), "\(Self.warnings(outcome))")
    }

    /// A param listed twice is kept once; a name of only a combining mark still makes a type name.
    @Test func paramsListedTwiceAndNamesOfMarks() async throws {
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "D"},
         "datatypes": [
           {"id": 101, "type": 0, "name": "User", "format": 0, "params": [{"name": "extra", "type": 10001}, {"name": "extra", "type": 10001}]},
           {"id": 102, "type": 0, "name": "\u{301}", "format": 0, "params": [{"name": "a", "type": 10001}]},
           {"id": 103, "type": 0, "name": "Holder", "format": 0, "params": [{"name": "x", "type": 102}]}
         ],
         "interfaces": []}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome).contains("export.json: NEI datatype 'User' (id 101): warning: param 'extra' listed twice: kept once"))
        #expect(Self.warnings(outcome).contains("export.json: NEI datatype '\u{301}' (id 102): warning: datatype '\u{301}' named 'Datatype\u{301}': a type name cannot start with '\u{301}'"), "\(Self.warnings(outcome))")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// One element that is no object leaves out that element, not its whole list; values written
    /// as JSON numbers are read as the text NEI keeps; a list that is no list is said.
    @Test func elementsThatAreNoObjectsAndValuesThatAreNumbers() async throws {
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "D"},
         "datatypes": [
           {"id": 101, "type": 0, "name": "User", "format": 0, "params": [{"name": "name", "type": 10001}, null, {"name": "age", "type": 10002, "defaultValue": 18}]},
           null,
           {"id": 102, "type": 0, "name": "Level", "format": 1, "params": [{"name": "low", "type": 10002, "defaultValue": 1}, {"name": "", "type": 10002, "defaultValue": "-9223372036854775808"}]},
           {"id": 103, "type": 0, "name": "Color", "format": 1, "params": [{"name": "red", "type": 10001, "defaultValue": "red"}, {"name": "two", "type": 10001, "defaultValue": 2}, {"name": "none", "type": 10001, "defaultValue": null}]},
           {"id": 104, "type": 0, "name": "Ratio", "format": 1, "params": [{"name": "half", "type": 10002, "defaultValue": "1.5"}]},
           {"id": 105, "type": 0, "name": "Count", "format": 4, "params": []},
           {"id": 106, "type": 0, "name": "Switch", "format": 1, "params": [{"name": "on", "type": 105, "defaultValue": "1"}, {"name": "off", "type": 105, "defaultValue": "0"}]}
         ],
         "interfaces": [
           {"id": 1, "name": "get", "method": "GET", "path": "/users", "params": {
             "inputs": [{"name": "q", "type": 10001}, "oops", {"name": "level", "type": 102}, {"name": "ratio", "type": 104}, {"name": "switch", "type": 106}],
             "outputs": [{"name": "user", "type": 101}, {"name": "color", "type": 103}],
             "reqHeaders": [{"name": "", "defaultValue": "x"}],
             "resHeaders": 7}},
           7,
           {"id": 2, "name": "odd", "method": 5, "path": "/odd"}
         ]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(Self.warnings(outcome) == [
            "export.json: NEI datatype 'Color' (id 103): warning: enum value null of 'none' is no text or number: dropped",
            "export.json: NEI datatype 'Count' (id 105): warning: datatype of format 4 (array, string, number, boolean or file alias) not kept as a model: its uses get the type it stands for",
            "export.json: NEI datatype 'Ratio' (id 104): warning: enum of numbers without a whole-number value (1.5): its uses are typed Double",
            "export.json: NEI datatype 'User' (id 101): warning: element 1 of 'params' is null, not an object: not imported",
            "export.json: NEI interface 'get' (id 1): warning: 'resHeaders' is not a list: none imported",
            "export.json: NEI interface 'get' (id 1): warning: a request header without a name not imported",
            "export.json: NEI interface 'get' (id 1): warning: element 1 of 'inputs' is text, not an object: not imported",
            "export.json: NEI interface 'odd' (id 2): warning: method '5' is no HTTP method name: not imported",
            "export.json: export: warning: element 1 of 'datatypes' is null, not an object: not imported",
            "export.json: export: warning: element 1 of 'interfaces' is a number, not an object: not imported",
        ])
        let service = outcome.files.first { $0.path == "service.yaml" }?.contents ?? ""
        #expect(service.contains("  User:\n    fields:\n      name: String?\n      age:\n        type: Double\n        default: 18\n"), "\(service)")
        #expect(service.contains("  Level:\n    enum:\n      low: 1\n      minus9223372036854775808: -9223372036854775808\n"), "\(service)")
        #expect(service.contains("      - value: \"2\"\n        name: two\n"), "\(service)")
        // An enum of a datatype that stands for a number has number values.
        #expect(service.contains("  Switch:\n    enum:\n      \"on\": 1\n      \"off\": 0\n"), "\(service)")
        let apis = outcome.files.first { $0.path != "service.yaml" }?.contents ?? ""
        #expect(apis.contains("      ratio: Double?\n"), "\(apis)")
        #expect(apis.contains("      level: Level?\n"), "\(apis)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }

    /// A fault in one input, output or header costs that one, not the interface (the generator
    /// rejected the whole API): a default out of range, a name given twice, a header name that is
    /// no HTTP token or a value with a line break; files on DELETE and files by datatype are files.
    @Test func localFaultsCostTheirPartOnly() async throws {
        let outcome = Self.importJSON("""
        {"project": {"id": 1, "name": "D"},
         "datatypes": [{"id": 101, "type": 0, "name": "MyFile", "format": 6, "params": []}],
         "interfaces": [
           {"id": 1, "name": "a", "method": "POST", "path": "/a", "params": {
             "inputs": [{"name": "n", "type": 10002, "defaultValue": "1e400"}, {"name": "n", "type": 10001}, {"name": "doc", "type": 101}],
             "outputs": [{"name": "id", "type": 10001}, {"name": "id", "type": 10002}],
             "reqHeaders": [{"name": "Bad Name", "defaultValue": "x"}, {"name": "X-V", "defaultValue": "a\\r\\nb"}],
             "resHeaders": [{"name": "总数"}, {"name": "X-Total"}]}},
           {"id": 2, "name": "b", "method": "DELETE", "path": "/b/:f", "params": {
             "inputs": [{"name": "f", "type": 9999}, {"name": "file", "type": 9999, "required": 1}, {"name": "reason", "type": 10001}]}}
         ]}
        """)
        #expect(outcome.errors.isEmpty, "\(outcome.errors)")
        #expect(outcome.apisOut == 2)
        #expect(Self.warnings(outcome) == [
            "export.json: NEI datatype 'MyFile' (id 101): warning: datatype of format 6 (array, string, number, boolean or file alias) not kept as a model: its uses get the type it stands for",
            "export.json: NEI interface 'a' (id 1): warning: default '1e400' of 'n' not kept: it is not a value of Double",
            "export.json: NEI interface 'a' (id 1): warning: input 'n' listed twice: kept once",
            "export.json: NEI interface 'a' (id 1): warning: output 'id' listed twice: kept once",
            "export.json: NEI interface 'a' (id 1): warning: request header 'Bad Name' not imported: a header name is letters, digits and !#$%&'*+-.^_`|~ only",
            "export.json: NEI interface 'a' (id 1): warning: request header 'X-V' not imported: its value holds a line break or another control character",
            "export.json: NEI interface 'a' (id 1): warning: response header '总数' not imported: a header name is letters, digits and !#$%&'*+-.^_`|~ only",
            "export.json: NEI interface 'b' (id 2): warning: path variable 'f' is a File, which a path cannot hold: typed String",
        ], "\(Self.warnings(outcome))")
        let apis = outcome.files.first { $0.path != "service.yaml" }?.contents ?? ""
        #expect(apis.contains("      doc: File?\n"), "\(apis)")
        #expect(apis.contains("    body: multipart\n"), "\(apis)")
        #expect(apis.contains("      file:\n        type: File\n        in: body\n"), "\(apis)")
        try await ImportHarness.expectSwiftCompiles(outcome)
    }
}
