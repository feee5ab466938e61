/// Type names a model or an API's derived types (`<Name>Api`, `<Name>Parser`, `<Name>Response`) may
/// not take, because the generated code or an app using it names them unqualified.
///
/// A type of the generated module with one of these names would shadow the runtime's or the standard
/// library's type in every generated file (`struct ResponseParser` breaks each API's conformance) and
/// make the name ambiguous in the app. `ReservedTypeNamesTests` derives the lists from the runtime's
/// sources, the templates and the committed output, and fails when one misses a name.
enum ReservedTypeNames {
    /// Every public top-level type of the runtime modules (`Interactive`, `InteractiveSigning`).
    static let runtime: Set<String> = [
        "Api", "ApiChain", "ApiRequest", "Batch", "BinaryParser", "CacheEntry", "CacheKey", "CachePlugin",
        "DiskCache", "EmptyParser", "EmptyResponse", "Envelope", "Executor", "FNV1a", "FreezePlugin",
        "FreezeReplayer", "FrozenRequest", "HTTPHeaders", "HTTPMethod", "HTTPRequest", "HTTPResponse", "Handler",
        "HeaderPlugin", "HostLimiter", "Indirect", "InteractiveCoding", "InteractiveError", "InterceptorPlugin",
        "JSON", "JSONParser", "Locked", "LoggingPlugin", "LoginGate", "MemoryCache", "MockMode", "OfflineJournal",
        "Plugin", "PluginAnswer", "PluginContext", "PluginNext", "PluginVerdict", "Redactor", "ReloginPlugin",
        "RequestCoalescer", "RequestOptions", "Response", "ResponseMetadata", "ResponseParser", "RetryPlugin",
        "RetryPolicy", "SchedulingPlugin", "ServiceConfiguration", "StubTransport", "TextParser", "Transport",
        "URLSessionTransport", "ParameterStyle", "DateFormat", "DateCodable", "FormattedDate", "ExtraFields", "AnyCodingKey",
        "ApiFailure", "BodyParser",
        // Files and streams
        "BodySource", "UploadFile", "UploadBody", "DownloadRequest", "FileParser", "TransferProgress", "ProgressReporter", "Transfer",
        "EventStream", "EventStreamParser", "ResponseBodyStream", "StreamFormat",
        // InteractiveSigning
        "CanonicalRequest", "RequestSigner", "SignatureHeader", "SignatureVerifier",
    ]

    /// Names the templates and view models spell or declare: nested types (`Environment`,
    /// `CodingKeys`, `_Storage`), the `Parser` alias and a parser's `Output`, protocols and the
    /// modules imported.
    static let generated: Set<String> = [
        "Interactive", "Foundation", "Swift", "Environment", "CodingKeys", "CodingKey", "Parser", "Output", "_Storage",
        "Codable", "Decodable", "Encodable", "Sendable", "Hashable", "Equatable", "CaseIterable",
        "RawRepresentable", "Decoder", "Encoder", "Duration", "DecodingError",
    ]

    /// Standard library and Foundation names the generated code uses unqualified, or that would
    /// confuse a reader as much as break code: builtins, containers and special types.
    static let swift: Set<String> = Set(BuiltinType.swiftNames.keys).union(BuiltinType.swiftNames.values).union([
        "Optional", "Array", "Dictionary", "Set", "Result", "Error", "Never", "Void", "Character", "Substring",
        "Int8", "Int16", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float16", "Float80", "CGFloat",
        "Type", "Protocol", "Self", "Any", "AnyObject", "Identifiable", "Comparable", "Task",
        "MainActor", "UUID", "Locale", "TimeZone", "Calendar", "JSONDecoder", "JSONEncoder", "NSNumber",
    ])

    /// All of them.
    static let all: Set<String> = runtime.union(generated).union(swift)
}
