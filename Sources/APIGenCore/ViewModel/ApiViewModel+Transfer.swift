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
        switch api.response {
        case .file: adds.append("request.download = DownloadRequest()")
        case .stream: adds.append("request.streamsResponse = true")
        default: break
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

extension ApiViewModel {
    /// A streamed response: the parser starts an `EventStream` of the events' type; a mock is its
    /// list of events.
    static func streamParsing(_ stream: StreamDecl, hasMock: Bool, types: SwiftTypeRenderer, imports: inout ImportSet) -> Parsing {
        let eventType: String
        if let type = stream.type {
            imports.add(type, using: types)
            eventType = types.swift(type)
        } else {
            imports.foundation = true
            eventType = "Data"
        }
        let idle = stream.idleTimeout.map { ", idleTimeout: \(SwiftLiteral.duration(seconds: $0))" } ?? ""
        let parser = "EventStreamParser<\(eventType)>(format: .\(stream.format.runtimeCase)\(idle))"
        return Parsing(
            outputType: "EventStream<\(eventType)>", expression: "try \(parser).parse(response)", usesEnvelope: false,
            acceptedMediaTypes: "StreamFormat.\(stream.format.runtimeCase).acceptedMediaTypes",
            mockBody: hasMock ? ("[\(eventType)]", "EventStream<\(eventType)>(body: $0)", "The spec's mock: its events, answered as a stream.") : nil)
    }
}
