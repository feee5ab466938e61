import Foundation

/// The view model of `<Service>Service.swift`.
enum ServiceViewModel {
    static func make(_ service: ResolvedService) -> RenderJob {
        let typeName = "\(service.name)Service"
        var arguments = [
            "name: \(SwiftLiteral.string(service.name))",
            "environments: [\n" + service.environments.map {
                "            .init(name: \(SwiftLiteral.string($0.name)), baseURLString: \(SwiftLiteral.string($0.baseURL))),"
            }.joined(separator: "\n") + "\n        ]",
            "defaultEnvironment: \(SwiftLiteral.string(service.defaultEnvironment))",
            "timeout: \(SwiftLiteral.duration(seconds: service.timeout ?? 10))",
        ]
        if !service.headers.isEmpty {
            arguments.append("headers: [" + service.headers.map { "\(SwiftLiteral.string($0.0)): \(SwiftLiteral.string($0.1))" }.joined(separator: ", ") + "]")
        }
        if !service.query.isEmpty {
            arguments.append("query: [" + service.query.map { "(\(SwiftLiteral.string($0.0)), \(SwiftLiteral.string($0.1)))" }.joined(separator: ", ") + "]")
        }
        if let envelope = service.envelope {
            arguments.append("envelope: " + EnvelopeLiteral.make(envelope))
        }
        return RenderJob(template: "service", path: "\(service.name)/\(typeName).swift", context: [
            "source": .text(Layout.source(service.settingsFile)),
            "typeName": .text(typeName),
            "serviceName": .text(service.name),
            "docLines": .texts(SwiftLiteral.docLines(service.description ?? "The \(service.name) service.")),
            "environments": .objects(service.environments.map { environment -> ViewModel in
                let caseName = Naming.propertyName(environment.name) ?? environment.name
                return [
                    "declaration": .text(Naming.bare(caseName) == environment.name ? caseName : "\(caseName) = \(SwiftLiteral.string(environment.name))"),
                    "docLines": [.text(SwiftLiteral.docCode(environment.baseURL))],
                ]
            }),
            "configurationArguments": .objects(Layout.arguments(arguments)),
        ])
    }
}

/// An `Envelope(…)` expression.
enum EnvelopeLiteral {
    static func make(_ envelope: EnvelopeDecl) -> String {
        var arguments = [
            "codeKey: \(SwiftLiteral.string(envelope.code))",
            "successCodes: \(SwiftLiteral.stringArray(envelope.success))",
            "messageKey: \(envelope.message.map(SwiftLiteral.string) ?? "nil")",
            "resultKey: \(SwiftLiteral.string(envelope.result))",
        ]
        if !envelope.sessionExpired.isEmpty {
            arguments.append("sessionExpiredCodes: \(SwiftLiteral.stringArray(envelope.sessionExpired))")
        }
        return "Envelope(" + arguments.joined(separator: ", ") + ")"
    }
}
