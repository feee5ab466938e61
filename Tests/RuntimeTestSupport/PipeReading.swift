public import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Everything a pipe delivers until its writer closes it. Foundation's `readDataToEndOfFile()` and
/// `availableData` trap (`try!`) when a read is interrupted by a signal (EINTR), which a test
/// process full of children and servers sees now and then; these retry instead.
public func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    while true {
        let chunk = readAvailable(handle)
        if chunk.isEmpty { return data }
        data.append(chunk)
    }
}

/// What one read of the pipe gives: at least a byte, or empty at its end (or on an error).
public func readAvailable(_ handle: FileHandle) -> Data {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if count >= 0 { return Data(buffer[0..<count]) }
        if errno != EINTR { return Data() }
    }
}
