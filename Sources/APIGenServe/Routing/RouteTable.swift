/// Finds the API a method and path belong to. Routes are tried with the fewest placeholders first,
/// so `/items/new` wins over `/items/{id}`.
struct RouteTable: Sendable {
    struct Match: Sendable {
        var api: ServedApi
        var pathValues: [String: String]
    }

    private var routes: [String: [(pattern: PathPattern, api: ServedApi)]] = [:]

    init(_ apis: [ServedApi]) {
        for api in apis {
            for basePath in api.basePaths {
                let pattern = PathPattern(basePath + api.api.path, spanning: api.spanningPlaceholders)
                routes[api.api.method, default: []].append((pattern, api))
            }
        }
        for method in routes.keys {
            routes[method]?.sort { $0.pattern.placeholderCount < $1.pattern.placeholderCount }
        }
    }

    /// The API of `method` at `path` (without the query), if any.
    func match(method: String, path: String) -> Match? {
        matches(method: method, path: path).first
    }

    /// Every API of `method` whose route `path` matches, the best first: APIs that share a method
    /// and path (an upload and a JSON call on `POST /post`) are told apart by their requests.
    func matches(method: String, path: String) -> [Match] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        let candidates = (routes[method] ?? []) + (method == "HEAD" ? routes["GET"] ?? [] : [])
        return candidates.compactMap { route in route.pattern.match(segments).map { Match(api: route.api, pathValues: $0) } }
    }

    /// Whether some API has this path with another method (a 405 rather than a 404).
    func hasPath(_ path: String) -> Bool {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.values.contains { $0.contains { $0.pattern.match(segments) != nil } }
    }

    /// The methods of the APIs at this path, sorted (`GET` also answers `HEAD`).
    func methods(at path: String) -> [String] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var methods = Set(routes.filter { $0.value.contains { $0.pattern.match(segments) != nil } }.keys)
        if methods.contains("GET") { methods.insert("HEAD") }
        return methods.sorted()
    }
}
