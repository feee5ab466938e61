#if canImport(Glibc)
import Glibc

/// glibc functions the Swift `Glibc` module leaves out (its headers declare them only for
/// `_GNU_SOURCE`), looked up by name in the running C library.
enum GNUExtensions {
    /// `pipe2(2)` (glibc 2.9).
    static var pipe2: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32)? {
        symbol("pipe2")
    }

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29).
    static var addChdir: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? {
        symbol("posix_spawn_file_actions_addchdir_np")
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes every descriptor from the
    /// given one up in the child.
    static var addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? {
        symbol("posix_spawn_file_actions_addclosefrom_np")
    }

    /// The function named `name` (`RTLD_DEFAULT` is the null handle in glibc).
    private static func symbol<Function>(_ name: String) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: Function.self) }
    }
}
#endif
