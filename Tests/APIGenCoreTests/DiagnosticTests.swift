import Testing
@testable import APIGenCore

/// One malformed spec and the exact diagnostics it must produce.
struct MalformedSpec: CustomTestStringConvertible, Sendable {
    var name: String
    var yaml: String
    var expected: [String]
    var testDescription: String { name }
}

/// Every kind of bad input gets a `path:line:col: error: message` diagnostic, all at once.
@Suite struct DiagnosticTests {
    static let cases: [MalformedSpec] = [
        MalformedSpec(
            name: "modelClashesWithServiceType",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  ShopService:\n    fields:\n      id: Int\n",
            expected: ["spec.yaml:5:3: error: model 'ShopService' clashes with the service type ShopService; rename it"]
        ),
        MalformedSpec(
            name: "apiSecretInPath",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Reset:\n    path: /reset/{token}\n    params:\n      token: { type: String, secret: true }\n",
            expected: ["spec.yaml:8:7: error: secret param 'token' of api 'Reset' would be sent in the URL path; send it in: header or in a body"]
        ),
        MalformedSpec(
            name: "yamlSyntaxUnclosedBracket",
            yaml: "service: Shop\nenvironments: [a\n",
            expected: ["spec.yaml:3:1: error: YAML syntax error: did not find expected ',' or ']' while parsing a flow sequence"]
        ),
        MalformedSpec(
            name: "yamlSyntaxBadIndent",
            yaml: "service: Shop\n  environments:\n debug: x\n",
            expected: ["spec.yaml:2:15: error: YAML syntax error: mapping values are not allowed in this context"]
        ),
        MalformedSpec(
            name: "yamlTab",
            yaml: "service: Shop\nenvironments:\n\tdebug: http://a.b\n",
            expected: ["spec.yaml:3:1: error: YAML syntax error: found character that cannot start any token while scanning for the next token"]
        ),
        MalformedSpec(
            name: "duplicateTopKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nservice: Other\n",
            expected: ["spec.yaml:4:1: error: duplicate key 'service' (first defined at line 1)"]
        ),
        MalformedSpec(
            name: "emptyFile",
            yaml: "",
            expected: ["spec.yaml:1:1: error: spec is empty"]
        ),
        MalformedSpec(
            name: "topLevelList",
            yaml: "- a\n- b\n",
            expected: ["spec.yaml:1:1: error: the spec must be a mapping, found a list"]
        ),
        MalformedSpec(
            name: "missingService",
            yaml: "environments:\n  debug: http://127.0.0.1/api\n",
            expected: ["spec.yaml:1:1: error: missing required key 'service' in the spec"]
        ),
        MalformedSpec(
            name: "serviceNotTypeName",
            yaml: "service: shop-api\nenvironments:\n  debug: http://127.0.0.1/api\n",
            expected: ["spec.yaml:1:10: error: service 'shop-api' must be a Swift type name (letters, digits and _, starting with an uppercase letter)"]
        ),
        MalformedSpec(
            name: "unknownTopKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodles: {}\n",
            expected: ["spec.yaml:4:1: error: unknown key 'modles' in the spec; did you mean 'models'?"]
        ),
        MalformedSpec(
            name: "missingEnvironments",
            yaml: "service: Shop\napis:\n  Ping:\n    path: /ping\n",
            expected: ["spec.yaml:1:10: error: missing required key 'environments' in service 'Shop'"]
        ),
        MalformedSpec(
            name: "emptyEnvironments",
            yaml: "service: Shop\nenvironments: {}\n",
            expected: ["spec.yaml:2:15: error: environments must name at least one base URL"]
        ),
        MalformedSpec(
            name: "environmentsList",
            yaml: "service: Shop\nenvironments: [a, b]\n",
            expected: ["spec.yaml:2:15: error: environments must be a mapping of names to base URLs, found a list"]
        ),
        MalformedSpec(
            name: "relativeBaseURL",
            yaml: "service: Shop\nenvironments:\n  debug: /api\n",
            expected: ["spec.yaml:3:10: error: base URL '/api' of environment 'debug' must be an absolute http:// or https:// URL"]
        ),
        MalformedSpec(
            name: "ftpBaseURL",
            yaml: "service: Shop\nenvironments:\n  debug: ftp://example.com/api\n",
            expected: ["spec.yaml:3:10: error: base URL 'ftp://example.com/api' of environment 'debug' must be an absolute http:// or https:// URL"]
        ),
        MalformedSpec(
            name: "baseURLWithQuery",
            yaml: "service: Shop\nenvironments:\n  debug: http://example.com/api?x=1\n",
            expected: ["spec.yaml:3:10: error: base URL 'http://example.com/api?x=1' of environment 'debug' must not have a query or fragment (put constant query items in `defaults: query`)"]
        ),
        MalformedSpec(
            name: "baseURLWithFragment",
            yaml: "service: Shop\nenvironments:\n  debug: https://example.com/api#top\n",
            expected: ["spec.yaml:3:10: error: base URL 'https://example.com/api#top' of environment 'debug' must not have a query or fragment (put constant query items in `defaults: query`)"]
        ),
        MalformedSpec(
            name: "unknownDefaultEnvironment",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaultEnvironment: debg\n",
            expected: ["spec.yaml:4:21: error: defaultEnvironment 'debg' is not one of the environments (debug); did you mean 'debug'?"]
        ),
        MalformedSpec(
            name: "badTimeout",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  timeout: fast\n",
            expected: ["spec.yaml:5:12: error: timeout must be a number, found a string"]
        ),
        MalformedSpec(
            name: "negativeTimeout",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  timeout: -1\n",
            expected: ["spec.yaml:5:12: error: timeout must be greater than 0, found -1"]
        ),
        MalformedSpec(
            name: "unknownDefaultsKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  header: {X: y}\n",
            expected: ["spec.yaml:5:3: error: unknown key 'header' in defaults; did you mean 'headers'?"]
        ),
        MalformedSpec(
            name: "envelopeMissingCode",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  envelope:\n    success: [100]\n    result: result\n",
            expected: ["spec.yaml:6:5: error: missing required key 'code' in envelope"]
        ),
        MalformedSpec(
            name: "envelopeMissingResult",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  envelope:\n    code: code\n    success: [100]\n",
            expected: ["spec.yaml:6:5: error: missing required key 'result' in envelope"]
        ),
        MalformedSpec(
            name: "envelopeEmptySuccess",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  envelope:\n    code: code\n    success: []\n    result: result\n",
            expected: ["spec.yaml:7:14: error: envelope success codes must list at least one code"]
        ),
        MalformedSpec(
            name: "unknownEnvelopeKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  envelope:\n    code: code\n    success: [100]\n    result: result\n    mesage: message\n",
            expected: ["spec.yaml:9:5: error: unknown key 'mesage' in envelope; did you mean 'message'?"]
        ),
        MalformedSpec(
            name: "badHeaderValue",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  headers:\n    \"X Bad\": y\n",
            expected: ["spec.yaml:6:5: error: header name 'X Bad' must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)"]
        ),
        MalformedSpec(
            name: "modelsList",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels: [User]\n",
            expected: ["spec.yaml:4:9: error: models must be a mapping of model names to definitions, found a list"]
        ),
        MalformedSpec(
            name: "modelWithoutFieldsOrEnum",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    description: x\n",
            expected: ["spec.yaml:5:3: error: model 'User' must have either 'fields', 'enum' or 'oneOf'"]
        ),
        MalformedSpec(
            name: "modelWithFieldsAndEnum",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields: {id: Int}\n    enum: [a]\n",
            expected: ["spec.yaml:5:3: error: model 'User' must have only one of 'fields', 'enum' and 'oneOf'"]
        ),
        MalformedSpec(
            name: "unknownModelKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    feilds: {id: Int}\n",
            expected: ["spec.yaml:6:5: error: unknown key 'feilds' in model 'User'; did you mean 'fields'?"]
        ),
        MalformedSpec(
            name: "unknownFieldType",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      id: Integer\n",
            expected: ["spec.yaml:7:11: error: unknown type 'Integer'"]
        ),
        MalformedSpec(
            name: "typoModelReference",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Item:\n    fields:\n      id: Int\n  User:\n    fields:\n      item: Itme\n",
            expected: ["spec.yaml:10:13: error: unknown type 'Itme'; did you mean 'Item'?"]
        ),
        MalformedSpec(
            name: "badTypeSyntax",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      tags: \"[String\"\n",
            expected: ["spec.yaml:7:13: error: missing ']' in type '[String'"]
        ),
        MalformedSpec(
            name: "mapKeyNotString",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      tags: \"[Int: String]\"\n",
            expected: ["spec.yaml:7:13: error: map keys must be String, found 'Int'"]
        ),
        MalformedSpec(
            name: "doubleOptional",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      name: String??\n",
            expected: ["spec.yaml:7:13: error: type 'String??' is optional twice"]
        ),
        MalformedSpec(
            name: "fieldMissingType",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      name: { key: n }\n",
            expected: ["spec.yaml:7:13: error: missing required key 'type' in field 'name' of model 'User'"]
        ),
        MalformedSpec(
            name: "fieldsClashSwiftName",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      nick_name: String\n      nickName: String\n",
            expected: ["spec.yaml:8:7: error: fields 'nick_name' and 'nickName' of model 'User' both become the Swift name nickName"]
        ),
        MalformedSpec(
            name: "fieldsClashKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  User:\n    fields:\n      a: String\n      b: { type: String, key: a }\n",
            expected: ["spec.yaml:8:7: error: fields 'a' and 'b' of model 'User' both use the JSON key 'a'"]
        ),
        MalformedSpec(
            name: "modelReservedName",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Data:\n    fields:\n      id: Int\n",
            expected: ["spec.yaml:5:3: error: model name 'Data' clashes with the Swift type Data the generated code uses; rename it"]
        ),
        MalformedSpec(
            name: "modelRequiresItself",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Node:\n    fields:\n      next: Node\n",
            expected: ["spec.yaml:5:3: error: model 'Node' requires itself on every path, so no finite JSON value can decode; make one of the fields on the cycle optional or a list"]
        ),
        MalformedSpec(
            name: "modelsRequireEachOther",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  A:\n    fields:\n      b: B\n  B:\n    fields:\n      a: A\n      c: C?\n  C:\n    fields:\n      a: A\n",
            expected: [
                "spec.yaml:5:3: error: model 'A' requires itself on every path, so no finite JSON value can decode; make one of the fields on the cycle optional or a list",
                "spec.yaml:8:3: error: model 'B' requires itself on every path, so no finite JSON value can decode; make one of the fields on the cycle optional or a list",
            ]
        ),
        MalformedSpec(
            name: "modelNamedLikeGeneratedCodeTypes",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Decoder:\n    fields: { a: Int }\n  Parser:\n    fields: { a: Int }\n",
            expected: [
                "spec.yaml:5:3: error: model name 'Decoder' clashes with the Swift type Decoder the generated code uses; rename it",
                "spec.yaml:7:3: error: model name 'Parser' clashes with the Swift type Parser the generated code uses; rename it",
            ]
        ),
        MalformedSpec(
            name: "environmentNamesCollide",
            yaml: "service: Shop\nenvironments:\n  a_b: http://127.0.0.1:8085/api\n  aB: http://127.0.0.1:8086/api\n  _: http://127.0.0.1:8087/api\n",
            expected: [
                "spec.yaml:4:3: error: environments 'a_b' and 'aB' both become the Swift name aB",
                "spec.yaml:5:3: error: environment name '_' has no letters or digits to make a Swift name from",
            ]
        ),
        MalformedSpec(
            name: "paramNamedLikeServiceType",
            yaml: "service: 商店\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Get:\n    path: /a\n    params:\n      商店Service: Int\n",
            expected: ["spec.yaml:8:7: error: param '商店Service' of api 'Get' clashes with the generated member '商店Service'; rename it and keep the wire name with key: 商店Service"]
        ),
        MalformedSpec(
            name: "waitsTooLongForADuration",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  timeout: 1e30\napis:\n  A: { path: /a, retry: { max: 1, backoff: 1e300 }, cache: { ttl: 1e400 } }\n",
            expected: [
                "spec.yaml:5:12: error: timeout must be at most 86400 seconds, found 1e30",
                "spec.yaml:7:44: error: retry backoff of api 'A' must be at most 86400 seconds, found 1e300",
                "spec.yaml:7:67: error: cache ttl of api 'A' must be at most 31622400 seconds, found 1e400",
            ]
        ),
        MalformedSpec(
            name: "mockOutOfRange",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  A: { path: /a, response: Double, mock: 1e400 }\n  B: { path: /b, response: Float, mock: 1e300 }\n  C: { path: /c, response: Int32, mock: 99999999999 }\n  D: { path: /d, response: URL, mock: \"\" }\n",
            expected: [
                "spec.yaml:5:42: error: mock of api 'A' must be a Double, found 1e400, which is out of its range",
                "spec.yaml:6:41: error: mock of api 'B' must be a Float, found 1e300, which is out of its range",
                "spec.yaml:7:41: error: mock of api 'C' must be an Int32, found 99999999999, which is out of its range",
                "spec.yaml:8:39: error: mock of api 'D' must be a URL, found ''",
            ]
        ),
        MalformedSpec(
            name: "emptyTexts",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  envelope: { code: \"\", success: [[1]], result: result }\napis:\n  A: { path: \"\", className: \"\" }\n",
            expected: [
                "spec.yaml:5:21: error: envelope code key must not be empty",
                "spec.yaml:5:35: error: each entry of envelope success codes must be a string, found a list",
                "spec.yaml:7:14: error: path of api 'A' must not be empty; it starts with '/'",
                "spec.yaml:7:29: error: className of api 'A' must not be empty",
            ]
        ),
        MalformedSpec(
            name: "malformedServiceStillReadsTheRest",
            yaml: "service: 5\nenvironments: { a: http://x.com }\nmodels: { M: { fields: { x: Intt } } }\n",
            expected: [
                "spec.yaml:1:10: error: service must be a string, found an integer",
                "spec.yaml:3:29: error: unknown type 'Intt'; did you mean 'Int'?",
            ]
        ),
        MalformedSpec(
            name: "defaultHeadersWhereWritten",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\ndefaults:\n  headers:\n    X-A: a\n    Bad Name: b\n    x-a: c\n    X-Multi: \"a\\nb\"\napis:\n  A: { path: /a, cache: { ttl: 5, vary: [\"bad name\"] } }\n",
            expected: [
                "spec.yaml:7:5: error: header name 'Bad Name' must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)",
                "spec.yaml:8:5: error: header 'x-a' repeats 'X-A': header names ignore case",
                "spec.yaml:9:14: error: value of header 'X-Multi' must not contain line breaks",
                "spec.yaml:11:41: error: cache vary header 'bad name' of api 'A' must be letters, digits and !#$%&'*+-.^_`|~ (an HTTP token)",
            ]
        ),
        MalformedSpec(
            name: "caseOnlyFileNames",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  UserID: { fields: { a: Int } }\n  UserId: { fields: { a: Int } }\napis:\n  GetURL: { path: /a }\n  GetUrl: { path: /b }\n",
            expected: [
                "spec.yaml:6:3: error: model 'UserId' would be written to UserId.swift, which macOS and Windows do not tell from UserID.swift; rename one of them",
                "spec.yaml:9:3: error: api 'GetUrl' would be written to GetUrlApi.swift, which macOS and Windows do not tell from GetURLApi.swift; rename one of them",
            ]
        ),
        MalformedSpec(
            name: "twoDocuments",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\n---\nservice: Other\n",
            expected: [
                "spec.yaml:4:1: error: YAML syntax error: expected a single document in the stream but found another document",
            ]
        ),
        MalformedSpec(
            name: "enumValueTooLarge",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  E: { enum: { a: 99999999999999999999 } }\n",
            expected: [
                "spec.yaml:5:19: error: raw value of case 'a' of model 'E' must fit an Int, found 99999999999999999999",
            ]
        ),
        MalformedSpec(
            name: "enumEmpty",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Status:\n    enum: []\n",
            expected: ["spec.yaml:6:11: error: enum of model 'Status' must list at least one case"]
        ),
        MalformedSpec(
            name: "enumIntNotNumber",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Status:\n    enum: {a: one}\n",
            expected: ["spec.yaml:6:15: error: raw value of case 'a' of model 'Status' must be a whole number, found a string"]
        ),
        MalformedSpec(
            name: "enumDuplicateValue",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Status:\n    enum: [a, b, a]\n",
            expected: ["spec.yaml:6:18: error: value 'a' appears twice in model 'Status'"]
        ),
        MalformedSpec(
            name: "apisList",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis: [Ping]\n",
            expected: ["spec.yaml:4:7: error: apis must be a mapping of API names to definitions, found a list"]
        ),
        MalformedSpec(
            name: "apiMissingPath",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Ping:\n    method: GET\n",
            expected: ["spec.yaml:6:5: error: missing required key 'path' in api 'Ping'"]
        ),
        MalformedSpec(
            name: "apiUnknownKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Ping:\n    path: /ping\n    methd: POST\n",
            expected: ["spec.yaml:7:5: error: unknown key 'methd' in api 'Ping'; did you mean 'method'?"]
        ),
        MalformedSpec(
            name: "apiInvalidMethod",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Ping:\n    path: /ping\n    method: FETCH\n",
            expected: ["spec.yaml:7:13: error: invalid method 'FETCH' in api 'Ping'; expected one of GET, POST, PUT, PATCH, DELETE, HEAD"]
        ),
        MalformedSpec(
            name: "apiPathNoSlash",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Ping:\n    path: ping\n",
            expected: ["spec.yaml:6:11: error: path 'ping' of api 'Ping' must start with '/'"]
        ),
        MalformedSpec(
            name: "apiPathWithFragment",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Ping:\n    path: /ping?x=1#top\n",
            expected: ["spec.yaml:6:11: error: path '/ping?x=1#top' of api 'Ping' must not contain '#': a fragment is never sent"]
        ),
        MalformedSpec(
            name: "apiPlaceholderNoParam",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items/{itemId}\n",
            expected: ["spec.yaml:6:11: error: path placeholder '{itemId}' of api 'Item' has no param"]
        ),
        MalformedSpec(
            name: "apiPathParamNotInPath",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      itemId: { type: Int, in: path }\n",
            expected: ["spec.yaml:8:32: error: param 'itemId' of api 'Item' is in: path but the path has no '{itemId}'"]
        ),
        MalformedSpec(
            name: "apiPlaceholderParamSentElsewhere",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    method: POST\n    path: /items/{item_id}\n    params:\n      itemId: { type: Int, in: body, key: item_id }\n",
            expected: ["spec.yaml:9:32: error: param 'itemId' of api 'Item' is named in the path but declared in: body"]
        ),
        MalformedSpec(
            name: "apiUnbalancedBrace",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items/{itemId\n    params:\n      itemId: Int\n",
            expected: ["spec.yaml:6:11: error: path '/items/{itemId' of api 'Item' has an unbalanced '{' or '}'"]
        ),
        MalformedSpec(
            name: "apiOptionalPathParam",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items/{itemId}\n    params:\n      itemId: Int?\n",
            expected: ["spec.yaml:8:15: error: path param 'itemId' of api 'Item' cannot be optional"]
        ),
        MalformedSpec(
            name: "apiBadParamLocation",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      q: { type: String, in: querry }\n",
            expected: ["spec.yaml:8:30: error: invalid location 'querry' for param 'q' of api 'Item'; expected path, query, header or body; did you mean 'query'?"]
        ),
        MalformedSpec(
            name: "apiUnknownParamKey",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      q: { type: String, secrett: true }\n",
            expected: ["spec.yaml:8:26: error: unknown key 'secrett' in param 'q' of api 'Item'; did you mean 'secret'?"]
        ),
        MalformedSpec(
            name: "apiSecretInQuery",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Login:\n    path: /login\n    params:\n      password: { type: String, secret: true }\n",
            expected: ["spec.yaml:8:7: error: secret param 'password' of api 'Login' would be sent in the query string; send it in: header or in a body"]
        ),
        MalformedSpec(
            name: "apiBodyOnGet",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      q: { type: String, in: body }\n",
            expected: ["spec.yaml:8:30: error: param 'q' of api 'Item' is in: body but the method carries no body"]
        ),
        MalformedSpec(
            name: "apiWholeBodyOnGet",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    body: { type: String }\n",
            expected: ["spec.yaml:7:19: error: api 'Item' uses GET, which carries no body"]
        ),
        MalformedSpec(
            name: "apiWholeBodyAndBodyParams",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    method: POST\n    path: /items\n    body: { type: String }\n    params:\n      q: String\n",
            expected: ["spec.yaml:10:7: error: param 'q' of api 'Item' cannot go in the body: the whole body is one String"]
        ),
        MalformedSpec(
            name: "apiInvalidBody",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    method: POST\n    path: /items\n    body: xml\n",
            expected: ["spec.yaml:8:11: error: invalid body 'xml' in api 'Item'; expected json, form, multipart, {type: Model} or {format: text|binary}"]
        ),
        MalformedSpec(
            name: "apiUnknownResponseType",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: Itme\n",
            expected: ["spec.yaml:7:15: error: unknown type 'Itme'"]
        ),
        MalformedSpec(
            name: "apiUnknownResponseTypeWithMock",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: text\n    mock: hello\n",
            expected: ["spec.yaml:7:15: error: unknown type 'text'"]
        ),
        MalformedSpec(
            name: "apiResponseTwoShapes",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: { type: String, format: text }\n",
            expected: ["spec.yaml:7:15: error: response of api 'Item' must have exactly one of 'fields', 'type' or 'format'"]
        ),
        MalformedSpec(
            name: "apiBadResponseFormat",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: { format: xml }\n",
            expected: ["spec.yaml:7:25: error: invalid response format 'xml' in api 'Item'; expected json, text, binary or file"]
        ),
        MalformedSpec(
            name: "apiMockWithoutResponse",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    mock: { a: 1 }\n",
            expected: ["spec.yaml:7:11: error: mock of api 'Item' is given but the api has no response"]
        ),
        MalformedSpec(
            name: "apiMockWrongType",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response:\n      fields:\n        id: Int\n    mock: { id: abc }\n",
            expected: ["spec.yaml:10:17: error: mock of api 'Item' at 'id' must be an Int, found a string"]
        ),
        MalformedSpec(
            name: "apiMockMissingField",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response:\n      fields:\n        id: Int\n        name: String\n    mock: { id: 1 }\n",
            expected: ["spec.yaml:11:11: error: mock of api 'Item' is missing required field 'name' of the response"]
        ),
        MalformedSpec(
            name: "apiMockUnknownField",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response:\n      fields:\n        id: Int\n    mock: { id: 1, nmae: x }\n",
            expected: ["spec.yaml:10:20: error: mock of api 'Item' has unknown field 'nmae' for the response"]
        ),
        MalformedSpec(
            name: "apiMockBadEnum",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Status:\n    enum: [on, off]\napis:\n  Item:\n    path: /items\n    response: Status\n    mock: maybe\n",
            expected: ["spec.yaml:11:11: error: mock of api 'Item' must be one of on, off (Status), found 'maybe'"]
        ),
        MalformedSpec(
            name: "apiMockNotANumberForAnOpenIntEnum",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  Level:\n    enum: { low: 1, high: 2 }\n    unknown: true\napis:\n  Item:\n    path: /items\n    response: Level\n    mock: 1.5\n",
            expected: ["spec.yaml:12:11: error: mock of api 'Item' must be a whole number (Level is an open enum: unlisted values are allowed), found '1.5'"]
        ),
        MalformedSpec(
            name: "apiMockBadDate",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: Date\n    mock: yesterday\n",
            expected: ["spec.yaml:8:11: error: mock of api 'Item' must be an ISO 8601 date, found 'yesterday'"]
        ),
        MalformedSpec(
            name: "apiMockListForObject",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    response: \"[Int]\"\n    mock: { a: 1 }\n",
            expected: ["spec.yaml:8:11: error: mock of api 'Item' must be a list, found a mapping"]
        ),
        MalformedSpec(
            name: "apiBadPriority",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    priority: urgent\n",
            expected: ["spec.yaml:7:15: error: invalid priority 'urgent' in api 'Item'; expected low, normal or high"]
        ),
        MalformedSpec(
            name: "apiBadRetry",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    retry: { max: many }\n",
            expected: ["spec.yaml:7:19: error: retry max of api 'Item' must be a whole number, found a string"]
        ),
        MalformedSpec(
            name: "apiRetryMaxBeyondInt",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    retry: { max: 99999999999999999999 }\n",
            expected: ["spec.yaml:7:19: error: retry max of api 'Item' must be between 0 and 100, found 99999999999999999999"]
        ),
        MalformedSpec(
            name: "apiRetryMaxOutOfRange",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    retry: { max: -1 }\n",
            expected: ["spec.yaml:7:19: error: retry max of api 'Item' must be between 0 and 100, found -1"]
        ),
        MalformedSpec(
            name: "apiRetryMissingMax",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    retry: { backoff: 1 }\n",
            expected: ["spec.yaml:7:12: error: missing required key 'max' in retry of api 'Item'"]
        ),
        MalformedSpec(
            name: "apiBadCacheTTL",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    cache: { ttl: 0 }\n",
            expected: ["spec.yaml:7:19: error: cache ttl of api 'Item' must be greater than 0, found 0"]
        ),
        MalformedSpec(
            name: "apiEncryptNotBool",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    encrypt: yes please\n",
            expected: ["spec.yaml:7:14: error: encrypt of api 'Item' must be true or false, found a string"]
        ),
        MalformedSpec(
            name: "apiParamClashesMember",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      request: String\n",
            expected: ["spec.yaml:8:7: error: param 'request' of api 'Item' clashes with the generated member 'request'; rename it and keep the wire name with key: request"]
        ),
        MalformedSpec(
            name: "apiParamsClashSwiftName",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      page_size: Int\n      pageSize: Int\n",
            expected: ["spec.yaml:9:7: error: params 'page_size' and 'pageSize' of api 'Item' both become the Swift name pageSize"]
        ),
        MalformedSpec(
            name: "apiDuplicateClassName",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    className: Thing\n  Other:\n    path: /other\n    className: Thing\n",
            expected: ["spec.yaml:10:16: error: api 'Other' and api 'Item' both become the Swift type ThingApi"]
        ),
        MalformedSpec(
            name: "apiClassNameClashesModel",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\nmodels:\n  ItemResponse:\n    fields:\n      id: Int\napis:\n  Item:\n    path: /items\n    response: { fields: { id: Int } }\n",
            expected: ["spec.yaml:9:3: error: api 'Item' generates ItemResponse, which is also a model name"]
        ),
        MalformedSpec(
            name: "apiEnvelopeBad",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    envelope: { code: code }\n",
            expected: ["spec.yaml:7:15: error: missing required key 'success' in envelope", "spec.yaml:7:15: error: missing required key 'result' in envelope"]
        ),
        MalformedSpec(
            name: "apiHeaderNameInvalid",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    params:\n      trace: { type: String, in: header, key: \"X Trace\" }\n",
            expected: ["spec.yaml:8:7: error: header name 'X Trace' of api 'Item' is not a valid HTTP token"]
        ),
        MalformedSpec(
            name: "duplicateKeyInApi",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: /items\n    path: /things\n",
            expected: ["spec.yaml:7:5: error: duplicate key 'path' (first defined at line 6)"]
        ),
        MalformedSpec(
            name: "multipleErrorsAtOnce",
            yaml: "service: Shop\nenvironments:\n  debug: http://127.0.0.1:8085/api\napis:\n  Item:\n    path: items\n    method: FETCH\n    response: Itme\n",
            expected: ["spec.yaml:6:11: error: path 'items' of api 'Item' must start with '/'", "spec.yaml:7:13: error: invalid method 'FETCH' in api 'Item'; expected one of GET, POST, PUT, PATCH, DELETE, HEAD", "spec.yaml:8:15: error: unknown type 'Itme'"]
        ),
    ]

    @Test("each malformed spec reports exactly its problems", arguments: cases)
    func malformed(_ spec: MalformedSpec) throws {
        #expect(try SpecHarness.diagnose(spec.yaml) == spec.expected)
    }

    @Test func coversAtLeastFiftyMalformedSpecs() {
        #expect(Self.cases.count >= 50)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }
}
