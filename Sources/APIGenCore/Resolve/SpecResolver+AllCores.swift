/// Checks that need only what the names pass settled run on all cores.
extension SpecResolver {
    /// A type name that is neither a builtin nor a model, where it was met.
    struct UnknownTypeUse: Sendable {
        var name: String
        var location: SourceLocation
        /// The model names it was looked up among, for the hint.
        var knownModels: Set<String>
    }

    /// Runs `check` for each item on all cores, each on its own copy of the resolver, and gathers what
    /// the copies report in the items' order, so that neither the results nor the diagnostics depend
    /// on scheduling.
    mutating func onAllCores<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ check: @Sendable (inout SpecResolver, Item) -> Result
    ) -> [Result] {
        var blank = self
        blank.diagnostics = Diagnostics()
        blank.clearUnknownTypeUses()
        let template = blank
        let (results, resolvers) = ConcurrentMap.mapPairs(items) { item in
            var resolver = template
            let result = check(&resolver, item)
            return (result, resolver)
        }
        for resolver in resolvers { absorb(resolver) }
        return results
    }
}
