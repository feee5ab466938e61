/// Runs several operations concurrently, as YTKNetwork's batch requests do: all-or-nothing, or one
/// result per item. Generic over the operation, so it works with any executor or transport;
/// ``Executor`` offers it for APIs directly.
public enum Batch {
    /// One operation of a batch, reporting its outcome as a value.
    public typealias Operation<T> = @Sendable () async -> Result<T, InteractiveError>

    /// Runs every operation concurrently and returns their results in order, or throws the first
    /// failure — cancelling the operations still running, so nothing is left behind.
    public static func all<T: Sendable>(_ operations: [Operation<T>]) async throws(InteractiveError) -> [T] {
        let outcome: Result<[T], InteractiveError> = await withTaskGroup(of: (Int, Result<T, InteractiveError>).self) { group in
            for (index, operation) in operations.enumerated() {
                group.addTask { (index, await operation()) }
            }
            var values = [T?](repeating: nil, count: operations.count)
            for await (index, result) in group {
                switch result {
                case .success(let value):
                    values[index] = value
                case .failure(let error):
                    group.cancelAll()
                    return .failure(error)
                }
            }
            return .success(values.compactMap { $0 })
        }
        return try outcome.get()
    }

    /// Runs every operation concurrently and returns each one's outcome, in order; one failure does
    /// not affect the others.
    public static func each<T: Sendable>(_ operations: [Operation<T>]) async -> [Result<T, InteractiveError>] {
        await withTaskGroup(of: (Int, Result<T, InteractiveError>).self) { group in
            for (index, operation) in operations.enumerated() {
                group.addTask { (index, await operation()) }
            }
            var results = [Result<T, InteractiveError>](repeating: .failure(.cancelled), count: operations.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
    }

    /// Runs two operations of different types concurrently; the first failure cancels the other.
    public static func both<X: Sendable, Y: Sendable>(_ x: @escaping Operation<X>, _ y: @escaping Operation<Y>) async throws(InteractiveError) -> (X, Y) {
        let outcome: Result<(X, Y), InteractiveError> = await withTaskGroup(of: Either<X, Y>.self) { group in
            group.addTask { .first(await x()) }
            group.addTask { .second(await y()) }
            var first: X?
            var second: Y?
            for await item in group {
                switch item {
                case .first(.success(let value)): first = value
                case .second(.success(let value)): second = value
                case .first(.failure(let error)), .second(.failure(let error)):
                    group.cancelAll()
                    return .failure(error)
                }
            }
            guard let first, let second else { return .failure(.cancelled) }
            return .success((first, second))
        }
        return try outcome.get()
    }

    private enum Either<X: Sendable, Y: Sendable>: Sendable {
        case first(Result<X, InteractiveError>)
        case second(Result<Y, InteractiveError>)
    }
}

extension Executor {
    /// Executes the APIs concurrently and returns their business objects in order, or throws the
    /// first failure after cancelling the others (all-or-nothing).
    public func executeAll<A: Api>(_ apis: [A]) async throws(InteractiveError) -> [A.Parser.Output] {
        try await Batch.all(apis.map(operation))
    }

    /// Executes the APIs concurrently and returns each one's outcome, in order.
    public func executeEach<A: Api>(_ apis: [A]) async -> [Result<A.Parser.Output, InteractiveError>] {
        await Batch.each(apis.map(operation))
    }

    /// Executes two different APIs concurrently; all-or-nothing.
    public func executeAll<A: Api, B: Api>(_ a: A, _ b: B) async throws(InteractiveError) -> (A.Parser.Output, B.Parser.Output) {
        try await Batch.both(operation(a), operation(b))
    }

    /// Executes three different APIs concurrently; all-or-nothing.
    public func executeAll<A: Api, B: Api, C: Api>(_ a: A, _ b: B, _ c: C) async throws(InteractiveError) -> (A.Parser.Output, B.Parser.Output, C.Parser.Output) {
        let rest: Batch.Operation<(B.Parser.Output, C.Parser.Output)> = {
            await Executor.capture { () async throws(InteractiveError) in try await self.executeAll(b, c) }
        }
        let (first, (second, third)) = try await Batch.both(operation(a), rest)
        return (first, second, third)
    }

    /// The execution of `api` as a batch operation.
    func operation<A: Api>(_ api: A) -> Batch.Operation<A.Parser.Output> {
        { await self.outcome(api) }
    }

    /// Executes `api`, returning the outcome as a value.
    func outcome<A: Api>(_ api: A) async -> Result<A.Parser.Output, InteractiveError> {
        do {
            return .success(try await execute(api))
        } catch {
            return .failure(error)
        }
    }

    static func capture<T>(_ body: () async throws(InteractiveError) -> T) async -> Result<T, InteractiveError> {
        do throws(InteractiveError) {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
