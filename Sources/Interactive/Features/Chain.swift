/// Dependent calls run one after another, each built from the previous one's result, as
/// YTKNetwork's chain requests do — a value that can be built in one place and run later.
///
/// ```swift
/// let profile = ApiChain(LoginApi(name: name, password: password))
///     .then { token in ProfileApi(token: token.value) }
/// let user = try await executor.run(profile)
/// ```
///
/// In `async` code a chain is just sequential `try await` calls; the type is for code that passes
/// a whole flow around (to a coordinator, a retry button) before running it.
public struct ApiChain<Value: Sendable>: Sendable {
    private let body: @Sendable (Executor) async throws(InteractiveError) -> Value

    private init(body: @escaping @Sendable (Executor) async throws(InteractiveError) -> Value) {
        self.body = body
    }

    /// A chain that starts with `api`.
    public init<A: Api>(_ api: A) where A.Parser.Output == Value {
        body = { (executor: Executor) async throws(InteractiveError) -> Value in try await executor.execute(api) }
    }

    /// Continues with the API that `next` builds from this step's result.
    public func then<A: Api>(_ next: @escaping @Sendable (Value) throws(InteractiveError) -> A) -> ApiChain<A.Parser.Output> {
        let body = body
        return ApiChain<A.Parser.Output> { (executor: Executor) async throws(InteractiveError) -> A.Parser.Output in
            let value = try await body(executor)
            return try await executor.execute(try next(value))
        }
    }

    /// Transforms the result without another call.
    public func map<T: Sendable>(_ transform: @escaping @Sendable (Value) throws(InteractiveError) -> T) -> ApiChain<T> {
        let body = body
        return ApiChain<T> { (executor: Executor) async throws(InteractiveError) -> T in try transform(try await body(executor)) }
    }

    /// Runs the chain on `executor`; the first failing step's error ends it.
    public func run(on executor: Executor) async throws(InteractiveError) -> Value {
        if Task.isCancelled { throw .cancelled }
        return try await body(executor)
    }
}

extension Executor {
    /// Runs a chain of dependent calls; see ``ApiChain``.
    public func run<Value>(_ chain: ApiChain<Value>) async throws(InteractiveError) -> Value {
        try await chain.run(on: self)
    }
}
