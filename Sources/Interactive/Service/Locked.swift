#if canImport(Darwin)
import Foundation
#else
import Synchronization
#endif

/// A value guarded by a lock, safe to read and change from any thread.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, so on Apple platforms this keeps an `NSLock`;
/// elsewhere a `Mutex` sits inside this object: one allocation where an `NSLock` (an object and its
/// separately allocated pthread mutex) made three — the executor makes several of these per request.
///
/// It is `Sendable` when its value is: the lock makes access exclusive, but ``current`` hands the
/// value out, so a class instance that is not `Sendable` would be shared across tasks unguarded.
public final class Locked<Value> {
    #if canImport(Darwin)
    private let lock = NSLock()
    private var value: Value

    /// Wraps an initial value.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
    #else
    /// Guards ``value``; a `Mutex` of the value itself would ask for `sending` values, which a
    /// generic box cannot promise.
    private let mutex = Mutex(())
    private var value: Value

    /// Wraps an initial value.
    public init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { _ in
            // `Mutex` asks for a `sending` result; whether the value may cross tasks is this type's
            // conditional `Sendable` conformance's to decide, not the lock's.
            nonisolated(unsafe) let result = try body(&value)
            return result
        }
    }
    #endif

    /// A copy of the current value.
    public var current: Value { withLock { $0 } }
}

extension Locked: @unchecked Sendable where Value: Sendable {}
