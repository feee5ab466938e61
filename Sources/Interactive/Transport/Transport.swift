/// The one place bytes cross the network.
///
/// Replace it to run the same generated APIs over another HTTP library, a private protocol, or
/// canned responses in tests (``StubTransport``). A transport sends exactly what it is given: the
/// ``Executor`` has already applied plugins, and it enforces the deadline itself, so a transport
/// only needs to honour ``HTTPRequest/timeout`` as well as it can and to stop when its task is cancelled.
public protocol Transport: Sendable {
    /// Sends one request and returns the complete response.
    ///
    /// - Throws: ``InteractiveError/transport(message:code:)``, ``InteractiveError/timeout(after:)`` or
    ///   ``InteractiveError/cancelled`` when the current task is cancelled.
    func send(_ request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse

    /// Whether ``send(_:)`` itself ends at ``HTTPRequest/timeout`` to the nanosecond, with
    /// ``InteractiveError/timeout(after:)``, and at once when its task is cancelled. The ``Executor``
    /// then calls it in the caller's task, without plugins, instead of racing it in a task of its own
    /// against a timer: no task to create and no hop between threads per request. `false` by default
    /// (the executor keeps its own deadline); `AsyncHTTPClientTransport` says `true`.
    var enforcesTimeout: Bool { get }
}

extension Transport {
    /// `false`: the executor enforces the deadline itself.
    public var enforcesTimeout: Bool { false }
}
