public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What one read of the pipe gives: at least a byte, or empty at its end (or on an error).
///
/// Foundation's `availableData` and `readDataToEndOfFile()` trap (`try!`) when a read is
/// interrupted by a signal (EINTR), which a test process full of children and servers sees now and
/// then; this retries instead. To read a child's output to its end, see
/// ``Subprocess/readOutputToEnd()``.
public func readAvailable(_ handle: FileHandle) -> Data {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count >= 0 { return Data(buffer[0..<count]) }
        if errno != EINTR { return Data() }
    }
}
