public import Foundation

/// Starts a child process, one launch at a time across the whole test process.
///
/// Every test target runs in one process, and many tests start children at once (compilers,
/// servers, the browser, the CLI). Foundation's `Process.run()` on Linux
/// crashed now and then in a `memcpy` inside the launch while other threads launched theirs; the
/// launches are short, so serializing them costs nothing measurable. Waiting for a child is not
/// serialized.
public func launch(_ process: Process) throws {
    try launchLock.withLock { try process.run() }
}

private let launchLock = NSLock()
