/// Merges the files of each service and checks what no single file can: names defined twice, types
/// that do not exist, paths and params that disagree, mocks that do not fit their response.
struct SpecResolver: Sendable {
    var diagnostics = Diagnostics()
    /// Names of types that are neither builtins nor models, in the order they were met; reported
    /// with hints by ``reportUnknownTypes()``.
    private var unknownTypeUses: [UnknownTypeUse] = []
    private var unknownTypes = 0
    /// Whether a spec file could not be parsed: a service then cannot be said to lack environments.
    var someFilesUnreadable = false
    /// The `defaults.dates` of the service being resolved.
    var serviceDates: DateFormatSpec = .iso8601
    /// The date format of a service without `defaults.dates` (`dates:` in `apigen.yaml`).
    var defaultDates: DateFormatSpec = .iso8601

    /// Resolves every service, sorted by name.
    mutating func resolve(_ files: [SpecFile]) -> [ResolvedService] {
        var byService: [String: [SpecFile]] = [:]
        for file in files { byService[file.service, default: []].append(file) }
        let clashing = servicesClashingInCase(files)
        let services = byService.keys.sorted().filter { !clashing.contains($0) }.compactMap { resolveService($0, files: byService[$0] ?? []) }
        reportUnknownTypes()
        return services
    }

    /// Services whose folders (`Shop/`, `SHOP/`) a file system that ignores case cannot tell from
    /// an earlier service's, reported where they are first named.
    private mutating func servicesClashingInCase(_ files: [SpecFile]) -> Set<String> {
        var folders: [String: SpecFile] = [:]  // lowercased → the file that first names the service
        var clashing = Set<String>()
        for file in files where !file.service.isEmpty && !clashing.contains(file.service) {
            guard let other = folders[file.service.lowercased()] else {
                folders[file.service.lowercased()] = file
                continue
            }
            guard other.service != file.service else { continue }
            diagnostics.error("service '\(file.service)' would be written to \(file.service)/, which macOS and Windows do not tell from \(other.service)/ of service '\(other.service)' at \(other.serviceLocation); rename one of them", at: file.serviceLocation)
            clashing.insert(file.service)
        }
        return clashing
    }

    private mutating func resolveService(_ name: String, files: [SpecFile]) -> ResolvedService? {
        guard let first = files.first else { return nil }
        let settings = settingsFile(of: name, in: files) ?? first
        if settings.environments.isEmpty, settings.environmentsLocation == nil, !someFilesUnreadable {
            diagnostics.error("missing required key 'environments' in service '\(name)'", at: settings.serviceLocation)
        }
        checkEnvironmentNames(settings.environments)
        checkedFileName(name, "Service.swift", of: "service name", at: first.serviceLocation)
        var defaultEnvironment = settings.environments.first?.name ?? ""
        if let chosen = settings.defaultEnvironment {
            if settings.environments.contains(where: { $0.name == chosen.value }) {
                defaultEnvironment = chosen.value
            } else if !settings.environments.isEmpty {
                let names = settings.environments.map(\.name)
                diagnostics.error("defaultEnvironment '\(chosen.value)' is not one of the environments (\(names.joined(separator: ", ")))\(Suggestion.hint(for: chosen.value, in: names))", at: chosen.location)
            }
        }
        let defaults = files.compactMap(\.defaults).first
        serviceDates = serviceDateFormat(defaults?.dates)
        // A model can be named by its spec name or by its Swift type name (`Type Holder` or `TypeHolder`).
        let modelDecls = ConcurrentMap.joined(files.map(\.models)), apiDecls = ConcurrentMap.joined(files.map(\.apis))
        let (models, modelsByName) = resolveModels(modelDecls, service: name)
        let refusedModels = models.count == modelDecls.count ? [] : Set(modelDecls.lazy.map(\.name).filter { modelsByName[$0] == nil })
        let apis = Self.applyStyleDefaults(
            resolveApis(apiDecls, models: modelsByName, refusedModels: refusedModels, serviceEnvelope: defaults?.envelope, service: name), defaults: defaults)
        // Letting go of thousands of declarations is left to another thread.
        BackgroundRelease.release((modelDecls, apiDecls, modelsByName))
        return ResolvedService(
            name: name, description: files.compactMap(\.description).first, settingsFile: settings.path,
            environments: settings.environments, defaultEnvironment: defaultEnvironment,
            timeout: defaults?.timeout, headers: defaults?.headers ?? [], query: defaults?.query ?? [],
            envelope: defaults?.envelope, models: models, apis: apis, defaultsNode: defaults?.node, dates: serviceDates
        )
    }

    /// The one file that declares environments; reports any second declaration of service settings.
    private mutating func settingsFile(of service: String, in files: [SpecFile]) -> SpecFile? {
        let declaring = files.filter { $0.environmentsLocation != nil }
        for extra in declaring.dropFirst() {
            diagnostics.error("environments of service '\(service)' are already declared in \(declaring[0].serviceLocation.file)", at: extra.environmentsLocation ?? extra.serviceLocation)
        }
        let withDefaults = files.filter { $0.defaults != nil }
        for extra in withDefaults.dropFirst() {
            diagnostics.error("defaults of service '\(service)' are already declared in \(withDefaults[0].serviceLocation.file)", at: extra.defaults?.location ?? extra.serviceLocation)
        }
        return declaring.first
    }

    // MARK: Models

    /// The service's models, checked, and their declarations by spec name and by Swift type name.
    private mutating func resolveModels(_ decls: [ModelDecl], service: String) -> ([ResolvedModel], [String: ModelDecl]) {
        var seen = [String: SourceLocation](minimumCapacity: decls.count)
        var swiftNames = [String: String](minimumCapacity: decls.count)
        var fileNames = [String: String](minimumCapacity: decls.count)  // lowercased → as written: file systems that ignore case
        var named: [ResolvedModel] = []
        named.reserveCapacity(decls.count)
        // Each name's Swift type name, on all cores.
        let typeNames = ConcurrentMap.map(Array(decls.indices)) { Naming.typeName(decls[$0].name) }
        let declsByName = decls.indices.byNames(spec: { decls[$0].name }, swift: { typeNames[$0] }) { decls[$0] }
        let knownNames = Set(declsByName.keys)
        // First the names, in declaration order (which of two clashing models is reported depends on it),
        for (decl, typeName) in zip(decls, typeNames) {
            if let first = seen.addIfAbsent(decl.name, decl.location) {
                diagnostics.error("model '\(decl.name)' is already defined at \(first)", at: decl.location)
                continue
            }
            guard let swiftName = checkedTypeName(typeName, of: decl.name, what: "model", at: decl.location) else { continue }
            if swiftName == service + "Service" {
                diagnostics.error("model '\(decl.name)' clashes with the service type \(swiftName); rename it", at: decl.location)
                continue
            }
            guard checkedFileName(swiftName, ".swift", of: "model name", at: decl.location) else { continue }
            if let other = swiftNames[swiftName] {
                diagnostics.error("model '\(decl.name)' and model '\(other)' both become the Swift type \(swiftName)", at: decl.location)
                continue
            }
            if let other = fileNames.addIfAbsent(swiftName.lowercased(), swiftName) {
                diagnostics.error("model '\(decl.name)' would be written to \(swiftName).swift, which macOS and Windows do not tell from \(other).swift; rename one of them", at: decl.location)
                continue
            }
            swiftNames[swiftName] = decl.name
            named.append(ResolvedModel(decl: decl, swiftName: swiftName, fieldNames: [], caseNames: []))
        }
        // then each model's own checks, which need only the names, on all cores.
        let namedIndices = named.indices.byNames(spec: { named[$0].decl.name }, swift: { named[$0].swiftName }) { $0 }
        var result = onAllCores(named) { resolver, model in
            resolver.checkedMembers(of: model, knownModels: knownNames, models: declsByName)
        }
        let edges = ConcurrentMap.map(Array(named.indices)) { [named] in Self.valueEdges(of: named[$0].decl, models: namedIndices) }
        // The same names as `namedIndices` (the checks change no name): its table, not a second one.
        let resolvedByName = namedIndices.mapValues { result[$0].decl }
        checkSumsDoNotContainThemselves(result, models: resolvedByName)
        checkSumsCanEnd(result, models: resolvedByName)
        let indirect = valueCycles(result, edges: edges)
        for index in result.indices {
            if indirect.structs[index] { result[index].storesIndirectly = true }
            if indirect.sums[index] { result[index].sum?.isIndirect = true }
        }
        return (result, resolvedByName)
    }

    /// A named model with its fields, cases or sum members checked and resolved.
    private mutating func checkedMembers(of named: ResolvedModel, knownModels: Set<String>, models: [String: ModelDecl]) -> ResolvedModel {
        var model = named
        let decl = named.decl
        switch decl.kind {
        case .object(let fields):
            model.fieldNames = checkedFields(fields, owner: "model '\(decl.name)'", knownModels: knownModels)
            model.decl.kind = .object(resolvedFields(fields, owner: "model '\(decl.name)'", models: models))
        case .enumeration(let enumeration):
            model.caseNames = checkedCases(enumeration, owner: "model '\(decl.name)'")
        case .sum(let sum):
            model.sum = checkedSum(sum, owner: decl, knownModels: knownModels, models: models)
        }
        if let additionalFields = decl.additionalFields {
            model.additionalFieldsName = checkedAdditionalFields(additionalFields, of: decl, fieldNames: model.fieldNames, knownModels: knownModels)
        }
        return model
    }

    /// Environments become enum cases: each needs a Swift name of its own.
    private mutating func checkEnvironmentNames(_ environments: [EnvironmentDecl]) {
        var names: [String: String] = [:]
        for environment in environments {
            guard let swiftName = Naming.propertyName(environment.name) else {
                diagnostics.error("environment name '\(environment.name)' has no letters or digits to make a Swift name from", at: environment.location)
                continue
            }
            let bare = Naming.bare(swiftName)
            if let other = names[bare] {
                diagnostics.error("environments '\(other)' and '\(environment.name)' both become the Swift name \(bare)", at: environment.location)
            }
            names[bare] = environment.name
        }
    }

    /// Whether a generated file's name, `stem` and `suffix`, fits the file systems' limit
    /// (``OutputWriter/maxNameBytes`` bytes of UTF-8), else an error at the name that makes it:
    /// `validate` reports it, and `generate` never starts a write the file system would refuse. The
    /// name and `what` are put together only for the message.
    @discardableResult
    mutating func checkedFileName(_ stem: String, _ suffix: String, of what: @autoclosure () -> String, at location: SourceLocation) -> Bool {
        let length = stem.utf8.count + suffix.utf8.count
        guard length > OutputWriter.maxNameBytes else { return true }
        let fileName = stem + suffix, what = what()
        diagnostics.error("\(what) is too long: its file \(fileName.prefix(24))…\(fileName.suffix(12)) would be \(length) bytes, and file systems allow \(OutputWriter.maxNameBytes); shorten it", at: location)
        return false
    }

    /// The Swift type name made of a spec name (`Naming.typeName(name)`), or an error.
    private mutating func checkedTypeName(_ typeName: String?, of name: String, what: String, at location: SourceLocation) -> String? {
        guard let swiftName = typeName else {
            diagnostics.error("\(what) name '\(name)' has no letters or digits to make a Swift name from", at: location)
            return nil
        }
        if Naming.reservedTypeNames.contains(swiftName) {
            diagnostics.error("\(what) name '\(name)' clashes with the Swift type \(swiftName) the generated code uses; rename it", at: location)
            return nil
        }
        return swiftName
    }

    /// Swift property names for fields; reports unknown types and clashing names.
    mutating func checkedFields(_ fields: [FieldDecl], owner: String, knownModels: Set<String>) -> [String] {
        var names = SeenNames(capacity: fields.count)
        var keys = SeenNames(capacity: fields.count)
        // Made only for a name that could be a type's: one not starting with a lowercase ASCII letter.
        var typeNames: Set<String>?
        return fields.map { field in
            checkType(field.type, knownModels: knownModels, at: field.typeLocation)
            rejectFile(field.type, in: "field '\(field.name)' of \(owner)", at: field.typeLocation)
            guard var swiftName = Naming.propertyName(field.name) else {
                diagnostics.error("field name '\(field.name)' of \(owner) has no letters or digits to make a Swift name from", at: field.location)
                return "_"
            }
            swiftName = unshadowed(swiftName, amongTypesOf: fields.map(\.type), typeNames: &typeNames, what: "field '\(field.name)' of \(owner)", at: field.location)
            let bare = Naming.bare(swiftName)
            if let other = names.note(bare, usedBy: field.name) {
                diagnostics.error("fields '\(other)' and '\(field.name)' of \(owner) both become the Swift name \(bare)", at: field.location)
            }
            if let other = keys.note(field.key, usedBy: field.name) {
                diagnostics.error("fields '\(other)' and '\(field.name)' of \(owner) both use the JSON key '\(field.key)'", at: field.location)
            }
            return swiftName
        }
    }

    /// The Swift names of a type and the types inside it, as its coding spells them (`用户`,
    /// `_2fa`, `String`).
    static func spelledTypeNames(of type: TypeRef, into names: inout Set<String>) {
        switch type {
        case .named(let name):
            if let swift = BuiltinType.swiftNames[name] ?? Naming.typeName(name) { names.insert(swift) }
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped):
            spelledTypeNames(of: wrapped, into: &names)
        }
    }

    /// Whether a member's Swift name could be a type's: type names start with an uppercase letter,
    /// `_` or a letter of a script without case, never with a lowercase ASCII letter (nearly every
    /// member's name does).
    static func maySpellAType(_ swiftName: String) -> Bool {
        guard let first = Naming.bare(swiftName).utf8.first else { return false }
        return !(UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
    }

    /// A member's Swift name, unless it is spelled like a type its struct or enum uses (`types`): a
    /// name in a script without case (`用户: 用户`) or starting with a digit is the same for the
    /// member and the type, and the member would hide the type from the generated code (`用户.self`
    /// names the member). Such a member is named `…Value`, with a warning. `typeNames` keeps the
    /// types' Swift names once a member needed them, for the owner's other members; the types and
    /// `what` are made only when they are needed (this runs for every field).
    mutating func unshadowed(
        _ swiftName: String, amongTypesOf types: @autoclosure () -> [TypeRef], typeNames: inout Set<String>?, what: @autoclosure () -> String, at location: SourceLocation
    ) -> String {
        guard Self.maySpellAType(swiftName) else { return swiftName }
        let names = typeNames ?? types().reduce(into: Set<String>()) { Self.spelledTypeNames(of: $1, into: &$0) }
        typeNames = names
        let bare = Naming.bare(swiftName)
        guard names.contains(bare) else { return swiftName }
        diagnostics.warning("\(what()) is spelled like the type \(bare), which it would hide in Swift; its Swift name is \(bare)Value", at: location)
        return bare + "Value"
    }

    private mutating func checkedCases(_ enumeration: EnumDecl, owner: String) -> [String] {
        var names = SeenNames(capacity: enumeration.cases.count)
        var values: Set<String> = []
        return enumeration.cases.map { enumCase in
            let swiftName = Naming.propertyName(enumCase.name) ?? "_"
            let bare = Naming.bare(swiftName)
            // A String enum's case can be named apart from its value: say so where a name cannot be derived.
            var hint: String {
                enumeration.rawType == .string && !enumCase.hasExplicitName ? "; give it a Swift name with { value: \(SwiftLiteral.string(enumCase.rawValue)), name: … }" : ""
            }
            let other = names.note(bare, usedBy: enumCase.name)
            if !values.insert(enumCase.rawValue).inserted {
                diagnostics.error("value '\(enumCase.rawValue)' appears twice in \(owner)", at: enumCase.location)
            } else if swiftName == "_" {
                diagnostics.error("case '\(enumCase.name)' of \(owner) has no letters or digits to make a Swift name from\(hint)", at: enumCase.location)
            } else if let other {
                diagnostics.error("cases '\(other)' and '\(enumCase.name)' of \(owner) both become the Swift name \(bare)\(hint)", at: enumCase.location)
            } else if enumeration.allowsUnknown, ["unknown", "rawValue", "allCases"].contains(bare) {
                diagnostics.error("case '\(enumCase.name)' of \(owner) becomes the Swift name \(bare), which an enum with unknown: true declares itself\(hint)", at: enumCase.location)
            }
            return swiftName
        }
    }

    /// Notes names in a type that are neither builtins nor models of the service, for
    /// ``reportUnknownTypes()`` to report once the checks that run on all cores are gathered.
    mutating func checkType(_ type: TypeRef, knownModels: Set<String>, at location: SourceLocation) {
        let name = type.name
        if !knownModels.contains(name), !BuiltinType.isBuiltin(name) {
            unknownTypeUses.append(UnknownTypeUse(name: name, location: location, knownModels: knownModels))
        }
    }

    /// Forgets the unknown types noted so far (for a copy that starts a check of its own).
    mutating func clearUnknownTypeUses() { unknownTypeUses = [] }

    /// Takes over what a copy of this resolver reported and noted.
    mutating func absorb(_ copy: SpecResolver) {
        diagnostics.append(contentsOf: copy.diagnostics)
        unknownTypeUses += copy.unknownTypeUses
    }

    /// Reports the unknown types noted so far, in the order their checks ran, each with the closest
    /// known name as a hint.
    mutating func reportUnknownTypes() {
        var candidates: (models: Set<String>, candidates: Suggestion.Candidates)?
        for use in unknownTypeUses {
            if candidates?.models != use.knownModels {
                candidates = (use.knownModels, Suggestion.Candidates((Array(use.knownModels) + Array(BuiltinType.swiftNames.keys)).sorted()))
            }
            // A spec with hundreds of unknown types is not a spec with typos: stop suggesting.
            unknownTypes += 1
            let hint = if use.name == "empty" {
                // A quoted `"empty"` reaches here as a type name.
                "; a response without a body is written empty, without quotes"
            } else if unknownTypes > 100 {
                ""
            } else {
                candidates.map { Suggestion.hint(for: use.name, in: $0.candidates) } ?? ""
            }
            diagnostics.error("unknown type '\(use.name)'\(hint)", at: use.location)
        }
        unknownTypeUses = []
    }

    /// The models on a by-value cycle (fields of model type, optional or not; lists and maps hold
    /// their elements indirectly already). Those get indirect storage. A cycle of required fields only
    /// is an error: no finite JSON value could ever decode.
    /// A sum on such a cycle becomes an `indirect` enum, which already boxes its cases: the models
    /// reached only through it need no box of their own.
    /// `models[i]`'s edges are `edges[i]`; the result says for each model whether it is on a cycle.
    private mutating func valueCycles(_ models: [ResolvedModel], edges: [ValueEdges]) -> (structs: [Bool], sums: [Bool]) {
        let impossible = StronglyConnected.cyclicNodes(successors: edges.map(\.requiredField))
        for (model, isImpossible) in zip(models, impossible) where isImpossible {
            diagnostics.error("model '\(model.decl.name)' requires itself on every path, so no finite JSON value can decode; make one of the fields on the cycle optional or a list", at: model.decl.location)
        }
        let structs = StronglyConnected.cyclicNodes(successors: edges.map(\.anyField))
        guard edges.contains(where: { $0.sumMembers != nil }) else { return (structs, [Bool](repeating: false, count: models.count)) }
        let throughSums = StronglyConnected.cyclicNodes(successors: edges.map { $0.sumMembers ?? $0.anyField })
        return (structs, zip(throughSums, edges).map { $0 && $1.sumMembers != nil })
    }

    /// The models a model holds by value, by their indices in the service's named models: through
    /// any field, through its required fields, or through its sum's members.
    struct ValueEdges: Sendable {
        var anyField: [Int] = []
        var requiredField: [Int] = []
        var sumMembers: [Int]?
    }

    /// ``ValueEdges`` of a model; `models` maps spec and Swift names of the service's named models to
    /// their indices.
    static func valueEdges(of decl: ModelDecl, models: [String: Int]) -> ValueEdges {
        func references(_ type: TypeRef, optionalToo: Bool) -> [Int] {
            switch type {
            case .named(let name): models[name].map { [$0] } ?? []
            case .optional(let wrapped): optionalToo ? references(wrapped, optionalToo: true) : []
            case .array, .dictionary: []
            }
        }
        var edges = ValueEdges()
        switch decl.kind {
        case .object(let fields):
            // By index: a field is a large value, and only its type is needed.
            edges.anyField = fields.indices.flatMap { references(fields[$0].type, optionalToo: true) }
            edges.requiredField = fields.indices.flatMap { references(fields[$0].type, optionalToo: false) }
        case .sum(let sum):
            edges.sumMembers = sum.members.flatMap { references($0.type, optionalToo: true) }
        case .enumeration:
            break
        }
        return edges
    }
}
