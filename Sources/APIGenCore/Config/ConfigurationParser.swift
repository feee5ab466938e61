import Foundation

/// Reads `apigen.yaml` into a ``Configuration``, reporting every unknown key (with a suggestion),
/// wrong type and bad value where it was written.
struct ConfigurationParser {
    var reader = NodeReader()
    /// The folder relative paths in the file (`templates:`) are resolved against.
    let folder: URL

    mutating func parse(_ root: YAMLNode, path: String) -> Configuration {
        var configuration = Configuration(path: path)
        // An empty file is a configuration that sets nothing.
        if case .scalar(let text, _) = root.kind, text.isEmpty { return configuration }
        guard let pairs = reader.mapping(root, "the configuration", allowed: Configuration.keys, extensions: false) else { return configuration }
        for pair in pairs {
            let value = pair.value
            switch pair.name {
            case "accessModifier":
                configuration.accessModifier = choice(value, "accessModifier", Configuration.AccessModifier.self) ?? .public
            case "mocks":
                configuration.mocks = choice(value, "mocks", Configuration.Mocks.self) ?? .always
            case "filter": configuration.filter = parseFilter(value)
            case "typeOverrides": configuration.typeOverrides = overrides(value, "typeOverrides", swiftName: Self.isSwiftType, expected: "a Swift type name such as MyDate or Money.Amount")
            case "nameOverrides": configuration.nameOverrides = overrides(value, "nameOverrides", swiftName: Naming.isTypeName, expected: "a Swift type name (letters, digits and _, starting with an uppercase letter)")
            case "additionalImports": configuration.additionalImports = parseImports(value)
            case "additionalFileComments": configuration.additionalFileComments = parseComments(value)
            case "templates":
                if let text = reader.nonEmptyString(value, "templates") {
                    configuration.templates = text.hasPrefix("/") ? URL(fileURLWithPath: text) : URL(fileURLWithPath: text, relativeTo: folder)
                }
            case "dates":
                if let text = reader.nonEmptyString(value, "dates") {
                    if DateFormatSpec.parse(text) == nil {
                        reader.diagnostics.error("invalid date format '\(text)' in dates; expected iso8601, epochSeconds, epochMillis, date or a DateFormatter pattern such as yyyy-MM-dd HH:mm\(Suggestion.hint(for: text, in: DateFormatSpec.keywords))", at: value.location)
                    } else {
                        configuration.dates = Located(value: text, location: value.location)
                    }
                }
            case "output": configuration.layout = parseOutput(value)
            default: break
            }
        }
        return configuration
    }

    /// One of an enumeration's raw values, with a suggestion for a near miss.
    private mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: String, _: Choice.Type) -> Choice? where Choice.RawValue == String {
        guard let text = reader.string(node, what) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        reader.diagnostics.error("\(what) must be one of \(names.joined(separator: ", ")), found '\(text)'\(Suggestion.hint(for: text, in: names))", at: node.location)
        return nil
    }

    private mutating func parseFilter(_ node: YAMLNode) -> Configuration.Filter? {
        guard let pairs = reader.mapping(node, "filter", allowed: Configuration.filterKeys, extensions: false) else { return nil }
        var filter = Configuration.Filter()
        for pair in pairs {
            let names = names(pair.value, "filter.\(pair.name)")
            switch pair.name {
            case "apis": filter.apis = names
            case "services": filter.services = names
            case "tags":
                for tag in names where !tag.value.hasPrefix("x-") {
                    reader.diagnostics.error("filter.tags entry '\(tag.value)' must be an x- key of an api, such as x-\(tag.value)", at: tag.location)
                }
                filter.tags = names
            default: break
            }
        }
        return filter
    }

    /// A list of non-empty names, each with its place.
    private mutating func names(_ node: YAMLNode, _ what: String) -> [Located<String>] {
        guard let elements = node.elements else {
            reader.diagnostics.error("\(what) must be a list, found \(node.kindDescription)", at: node.location)
            return []
        }
        return elements.compactMap { element in
            reader.nonEmptyString(element, "each entry of \(what)").map { Located(value: $0, location: element.location) }
        }
    }

    private mutating func overrides(_ node: YAMLNode, _ what: String, swiftName: (String) -> Bool, expected: String) -> [Configuration.Override] {
        guard let pairs = node.pairs else {
            reader.diagnostics.error("\(what) must be a mapping of spec names to Swift names, found \(node.kindDescription)", at: node.location)
            return []
        }
        return pairs.compactMap { pair in
            guard let text = reader.nonEmptyString(pair.value, "\(what) '\(pair.name)'") else { return nil }
            guard swiftName(text) else {
                reader.diagnostics.error("\(what) '\(pair.name)' must be \(expected), found '\(text)'", at: pair.value.location)
                return nil
            }
            return Configuration.Override(name: Located(value: pair.name, location: pair.key.location), swift: Located(value: text, location: pair.value.location))
        }
    }

    /// `Money`, `Money.Amount`: type names, dotted for a type nested in another or a module.
    static func isSwiftType(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { Naming.isIdentifierLike(String($0)) }
    }

    private mutating func parseImports(_ node: YAMLNode) -> [String] {
        names(node, "additionalImports").compactMap { module in
            guard Self.isSwiftType(module.value) else {
                reader.diagnostics.error("additionalImports entry '\(module.value)' must be a module name (letters, digits and _, not starting with a digit)", at: module.location)
                return nil
            }
            return module.value
        }
    }

    /// Comment lines: text on one line each, since each becomes a `// …` line.
    private mutating func parseComments(_ node: YAMLNode) -> [String] {
        guard let elements = node.elements else {
            reader.diagnostics.error("additionalFileComments must be a list, found \(node.kindDescription)", at: node.location)
            return []
        }
        return elements.compactMap { element in
            guard let text = reader.string(element, "each entry of additionalFileComments", lenient: true) else { return nil }
            guard !text.unicodeScalars.contains(where: Self.breaksALine) else {
                reader.diagnostics.error("additionalFileComments entry must be one line of text without line breaks or other control characters; each entry becomes one // comment line", at: element.location)
                return nil
            }
            return text
        }
    }

    /// A control character, or a Unicode line or paragraph separator, which Swift would also end a
    /// comment at or which hides text.
    static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }

    private mutating func parseOutput(_ node: YAMLNode) -> OutputLayout? {
        guard let pairs = reader.mapping(node, "output", allowed: Configuration.outputKeys, extensions: false) else { return nil }
        var layout: OutputLayout?
        var shards: Int?
        var layoutNode: YAMLNode?
        for pair in pairs {
            switch pair.name {
            case "layout":
                layoutNode = pair.value
                guard let text = reader.string(pair.value, "output.layout") else { continue }
                switch text {
                case "per-api": layout = .perAPI
                case "per-spec-file": layout = .perSpecFile
                default:
                    reader.diagnostics.error("output.layout must be per-api or per-spec-file, found '\(text)'\(Suggestion.hint(for: text, in: OutputLayout.names))", at: pair.value.location)
                }
            case "shards":
                shards = reader.integer(pair.value, "output.shards", in: 1...OutputLayout.maxShards)
            default: break
            }
        }
        if let shards {
            if layout == .perAPI, let layoutNode {
                reader.diagnostics.error("output.shards groups code by spec file; it cannot be used with layout per-api", at: layoutNode.location)
                return nil
            }
            return .shards(shards)
        }
        return layout
    }
}
