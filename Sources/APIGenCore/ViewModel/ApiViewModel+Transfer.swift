/// Files and streams in the generated API: a raw body member, downloads to a file.
extension ApiViewModel {
    /// The `body` member of a raw body (`String` or `BodySource`) and the download request of a
    /// file response.
    static func addTransferMembers(
        _ api: ResolvedApi, types: SwiftTypeRenderer,
        properties: inout [ViewModel], initParameters: inout [String], parameterDocs: inout [ViewModel], adds: inout [String]
    ) {
        if case .raw(let raw) = api.decl.body {
            let type = raw.format == .text ? "String" : "BodySource"
            let doc = raw.format == .text
                ? "The request body, sent as it is."
                : "The request body: bytes in memory (`.data`) or a file streamed from disk (`.file`)."
            properties.append(["name": "body", "stored": "body", "type": .text(type), "docLines": .texts([doc]), "deprecation": false])
            initParameters.append(Layout.initParameter(name: "body", type: type, isOptional: false))
            parameterDocs.append(["name": "body", "summary": .text(doc)])
            let contentType = SwiftLiteral.string(raw.effectiveContentType)
            adds.append(raw.format == .text ? "request.setBody(text: body, contentType: \(contentType))" : "request.setBody(body, contentType: \(contentType))")
        }
        if case .file = api.response {
            adds.append("request.download = DownloadRequest()")
        }
    }

    /// A file response: the parser hands over the file the body was written to.
    static func fileParsing(imports: inout ImportSet) -> Parsing {
        imports.foundation = true
        return Parsing(
            outputType: "URL", expression: "try FileParser().parse(response)", usesEnvelope: false,
            acceptedMediaTypes: "FileParser().acceptedMediaTypes")
    }
}
