public import Foundation

/// Starts a child process, one launch at a time across the whole test process, and only while the
/// process has fewer than ``launchFileDescriptorLimit`` open file descriptors.
///
/// Every test target runs in one process, and at its busiest the suite holds 1,000–1,500 descriptors
/// (sockets of many concurrent tests and their servers). Foundation's `Process.run()` on Linux lists
/// `/proc/self/fd` and copies each entry's whole 256-byte `d_name`, reading past glibc's 32 KiB
/// directory buffer once the listing fills it (about 1,350 entries): an intermittent SIGSEGV in a
/// `memcpy` (swift-corelibs-foundation#5472, fixed after Swift 6.3.1). Below the limit the listing
/// cannot reach the end of the buffer, so a launch waits up to a second for other tests to close
/// theirs (longer waits, serialized behind the lock, stalled the suite). Waiting for a child is not
/// serialized.
public func launch(_ process: Process) throws {
    try launchLock.withLock {
        let deadline = Date().addingTimeInterval(1)
        while openFileDescriptorCount() >= launchFileDescriptorLimit, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        try process.run()
    }
}

/// Far enough under the ~1,350 entries that fill glibc's buffer for other threads to open some
/// between the count and the launch.
let launchFileDescriptorLimit = 1_000

/// The descriptors open in this process (FileManager's listing reads entries safely).
func openFileDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}

private let launchLock = NSLock()
