/// What the configuration changes in resolved services: the subset to generate, Swift names, the
/// user's own types, and whether mocks are generated.
extension Configuration {
    func apply(to services: [ResolvedService], diagnostics: inout Diagnostics) -> [ResolvedService] {
        var services = services
        if let filter { services = filter.apply(to: services, diagnostics: &diagnostics) }
        services = applyNameOverrides(services, diagnostics: &diagnostics)
        services = applyTypeOverrides(services, diagnostics: &diagnostics)
        if mocks == .never {
            for index in services.indices {
                for api in services[index].apis.indices { services[index].apis[api].mockJSON = nil }
            }
        }
        return services
    }

    /// Overridden spec type name → the user's Swift type.
    var typeOverrideMap: [String: String] {
        Dictionary(typeOverrides.map { ($0.name.value, $0.swift.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Drops the models the user provides (references use the user's type instead); reports names
    /// that are neither a model nor a builtin type.
    private func applyTypeOverrides(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [ResolvedService] {
        guard !typeOverrides.isEmpty else { return services }
        let modelNames = Set(services.flatMap { $0.models.flatMap { [$0.decl.name, $0.swiftName] } })
        let known = (modelNames.union(BuiltinType.swiftNames.keys)).sorted()
        for override in typeOverrides where !known.contains(override.name.value) {
            diagnostics.error("typeOverrides names '\(override.name.value)', which is neither a model nor a builtin type\(Suggestion.hint(for: override.name.value, in: known))", at: override.name.location)
        }
        let overridden = Set(typeOverrides.map(\.name.value))
        for service in services {
            Self.checkValuesOfOverriddenTypes(in: service, replacements: replacements(in: service), diagnostics: &diagnostics)
        }
        return services.map { service in
            var service = service
            service.models.removeAll { overridden.contains($0.decl.name) || overridden.contains($0.swiftName) }
            return service
        }
    }

    /// The spec type names of `service` that an override replaces (a model by its spec or Swift
    /// name, or a builtin type), with the Swift type replacing each.
    private func replacements(in service: ResolvedService) -> [String: String] {
        var result: [String: String] = [:]
        for override in typeOverrides {
            if BuiltinType.swiftNames[override.name.value] != nil { result[override.name.value] = override.swift.value }
            for model in service.models where model.decl.name == override.name.value || model.swiftName == override.name.value {
                result[model.decl.name] = override.swift.value
            }
        }
        return result
    }

    /// Reports what the generated code cannot write for a type an override replaces: a date format
    /// (its coding works on `Date` only) and a default (a literal of the spec's type, an enum case or
    /// a date, is no value of the user's type).
    private static func checkValuesOfOverriddenTypes(in service: ResolvedService, replacements: [String: String], diagnostics: inout Diagnostics) {
        guard !replacements.isEmpty else { return }
        service.forEachValue { what, type, shape, typeLocation in
            guard let swiftType = replacements[type.name] else { return }
            if shape.dateFormat != nil, type.name == "Date" {
                diagnostics.error("\(what) has a date format, but typeOverrides in the configuration replaces Date with \(swiftType), which the format's coding cannot read; remove the format (or the service's dates default) or the override", at: typeLocation)
            }
            if let node = shape.defaultNode, shape.defaultLiteral != nil {
                diagnostics.error("\(what) has a default, but typeOverrides in the configuration replaces \(type.name) with \(swiftType), a type apigen cannot write a value of; remove the default or the override", at: node.location)
            }
        }
    }

    /// Gives models and APIs the Swift names the configuration chooses; reports unknown names and
    /// names that clash.
    private func applyNameOverrides(_ services: [ResolvedService], diagnostics: inout Diagnostics) -> [ResolvedService] {
        guard !nameOverrides.isEmpty else { return services }
        let names = Dictionary(nameOverrides.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<String>()
        var services = services
        for index in services.indices {
            var taken: [String: (what: String, override: Override?)] = [:]  // Swift type name → whose it is
            // Lowercased path in the service's folder → the file name and whose it is: file systems
            // that ignore case.
            var files: [String: (name: String, what: String, override: Override?)] = [:]
            /// Reports a clash at the override that causes it.
            func claim(_ swiftName: String, by what: String, override: Override?, at location: SourceLocation, diagnostics: inout Diagnostics) {
                if let other = taken[swiftName] {
                    let (culprit, victim) = override != nil ? (what, other.what) : (other.what, what)
                    diagnostics.error("nameOverrides makes \(culprit) the Swift type \(swiftName), which \(victim) already is; choose another name", at: (override ?? other.override)?.swift.location ?? location)
                } else {
                    taken[swiftName] = (what, override)
                }
            }
            /// Reports a file name that differs from another only in case, or is too long for file
            /// systems, at the override that makes it (the spec's own names are checked in Resolve).
            func claimFile(_ fileName: String, in folder: String, by what: String, override: Override?, diagnostics: inout Diagnostics) {
                let other = files[folder + fileName.lowercased()]
                if let override, fileName.utf8.count > OutputWriter.maxNameBytes {
                    diagnostics.error("nameOverrides '\(override.name.value)' is too long: the file of \(what), \(fileName.prefix(24))…\(fileName.suffix(12)), would be \(fileName.utf8.count) bytes, and file systems allow \(OutputWriter.maxNameBytes); shorten it", at: override.swift.location)
                } else if let other, other.name != fileName, let culprit = override ?? other.override {
                    let (mine, theirs) = override != nil ? ((fileName, what), (other.name, other.what)) : ((other.name, other.what), (fileName, what))
                    diagnostics.error("nameOverrides makes \(mine.1) be written to \(mine.0), which macOS and Windows do not tell from \(theirs.0) of \(theirs.1); choose another name", at: culprit.swift.location)
                } else if other == nil {
                    files[folder + fileName.lowercased()] = (fileName, what, override)
                }
            }
            claim(services[index].name + "Service", by: "the type of service '\(services[index].name)'", override: nil, at: SourceLocation(file: services[index].settingsFile, line: 1, column: 1), diagnostics: &diagnostics)
            for model in services[index].models.indices {
                let decl = services[index].models[model].decl
                let override = names[decl.name]
                if let override {
                    used.insert(decl.name)
                    services[index].models[model].swiftName = override.swift.value
                }
                claim(services[index].models[model].swiftName, by: "model '\(decl.name)'", override: override, at: decl.location, diagnostics: &diagnostics)
                claimFile(services[index].models[model].swiftName + ".swift", in: "Models/", by: "model '\(decl.name)'", override: override, diagnostics: &diagnostics)
            }
            for api in services[index].apis.indices {
                let decl = services[index].apis[api].decl
                let override = names[decl.name]
                if let override {
                    used.insert(decl.name)
                    services[index].apis[api].stem = override.swift.value
                }
                for suffix in ["Api", "Parser"] {
                    claim(services[index].apis[api].stem + suffix, by: "api '\(decl.name)'", override: override, at: decl.location, diagnostics: &diagnostics)
                }
                claimFile(services[index].apis[api].stem + "Api.swift", in: "Apis/", by: "api '\(decl.name)'", override: override, diagnostics: &diagnostics)
            }
        }
        for override in nameOverrides {
            if Naming.reservedTypeNames.contains(override.swift.value) {
                diagnostics.error("nameOverrides '\(override.name.value)' is the Swift type \(override.swift.value) the generated code uses; choose another name", at: override.swift.location)
            }
            if !used.contains(override.name.value) {
                let candidates = services.flatMap { $0.models.map(\.decl.name) + $0.apis.map(\.decl.name) }.sorted()
                diagnostics.error("nameOverrides names '\(override.name.value)', which is neither a model nor an api\(Suggestion.hint(for: override.name.value, in: candidates))", at: override.name.location)
            }
        }
        return services
    }
}

extension Configuration.Filter {
    /// Keeps the APIs the filter names (by name, service or `x-` key), the services that have one,
    /// and the models those APIs use (with the models those use); a model no API uses stays with its
    /// service. Reports names that match nothing.
    func apply(to resolved: [ResolvedService], diagnostics: inout Diagnostics) -> [ResolvedService] {
        let services = resolved
        let allApis = services.flatMap { $0.apis.map(\.decl.name) }.sorted()
        let allServices = services.map(\.name)
        let allTags = Set(services.flatMap { $0.apis.flatMap { $0.decl.tags.map { "x-" + $0.0 } } }).sorted()
        report(apis, "an api", in: allApis, diagnostics: &diagnostics)
        report(self.services, "a service", in: allServices, diagnostics: &diagnostics)
        // A tag without `x-` is reported by the parser.
        report(tags.filter { $0.value.hasPrefix("x-") }, "an x- key of any api", in: allTags, diagnostics: &diagnostics)
        let apiNames = Set(apis.map(\.value)), serviceNames = Set(self.services.map(\.value)), tagNames = Set(tags.map(\.value))
        return services.compactMap { service in
            let wholeService = serviceNames.contains(service.name)
            var service = service
            let kept = service.apis.filter { api in
                wholeService || apiNames.contains(api.decl.name) || api.decl.tags.contains { tagNames.contains("x-" + $0.0) }
            }
            guard !kept.isEmpty || wholeService else { return nil }
            if !wholeService { service.models = Self.modelsUsed(by: kept, of: service) }
            service.apis = kept
            return service
        }
    }

    private func report(_ names: [Located<String>], _ what: String, in candidates: [String], diagnostics: inout Diagnostics) {
        for name in names where !candidates.contains(name.value) {
            diagnostics.error("filter names '\(name.value)', which is not \(what)\(Suggestion.hint(for: name.value, in: candidates))", at: name.location)
        }
    }

    /// The models `apis` reach, and those no API of the service reaches, in the service's order.
    private static func modelsUsed(by apis: [ResolvedApi], of service: ResolvedService) -> [ResolvedModel] {
        var byName: [String: ResolvedModel] = [:]
        for model in service.models {
            byName[model.decl.name] = model
            byName[model.swiftName] = model
        }
        func reach(_ start: [String]) -> Set<String> {
            var seen = Set<String>()
            var queue = start
            while let name = queue.popLast() {
                guard let model = byName[name], seen.insert(model.decl.name).inserted else { continue }
                queue += TypeReferences.names(of: model.decl)
            }
            return seen
        }
        let used = reach(apis.flatMap { TypeReferences.names(of: $0.decl) })
        let usedByAny = reach(service.apis.flatMap { TypeReferences.names(of: $0.decl) })
        let standalone = reach(service.models.map(\.decl.name).filter { !usedByAny.contains($0) })
        return service.models.filter { used.contains($0.decl.name) || standalone.contains($0.decl.name) }
    }
}
