import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Darwin's are opaque pointers, glibc's structures; `posix_spawn…_init` fills in either.
#if canImport(Darwin)
typealias FileActions = posix_spawn_file_actions_t?
typealias SpawnAttributes = posix_spawnattr_t?
private var unsetFileActions: FileActions { nil }
private var unsetAttributes: SpawnAttributes { nil }
#else
typealias FileActions = posix_spawn_file_actions_t
typealias SpawnAttributes = posix_spawnattr_t
private var unsetFileActions: FileActions { FileActions() }
private var unsetAttributes: SpawnAttributes { SpawnAttributes() }
#endif

extension Subprocess {
    /// One `posix_spawn` call: the child's streams, directory and signal state, and our pipe ends.
    struct Spawn {
        var executable: String
        var arguments: [String]
        var environment: [String: String]?
        var directory: String?
        /// Standard input, output and error, in descriptor order.
        var streams: [Stream]
        var processGroup: Bool

        /// Starts the child; returns its pid and our end of each stream that is a pipe.
        func run() throws -> (pid: pid_t, ours: [Int32?]) {
            var ours: [Int32?] = [nil, nil, nil]
            var theirs: [Int32?] = [nil, nil, nil]
            // The child has its copies once it runs; ours of its ends would keep its pipes open.
            defer { for case let fd? in theirs { close(fd) } }
            do {
                for (index, stream) in streams.enumerated() where stream == .pipe {
                    let (read, write) = try makePipe()
                    (ours[index], theirs[index]) = index == 0 ? (write, read) : (read, write)
                }
                return (try spawn(theirs), ours)
            } catch {
                for case let fd? in ours { close(fd) }
                throw error
            }
        }

        private func spawn(_ theirs: [Int32?]) throws -> pid_t {
            var actions = unsetFileActions
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for (index, stream) in streams.enumerated() {
                let target = Int32(index)
                switch (stream, theirs[index]) {
                case (.pipe, let fd?):
                    try check(posix_spawn_file_actions_adddup2(&actions, fd, target), "dup2")
                case (.sameAsOutput, _) where target == 2:
                    try check(posix_spawn_file_actions_adddup2(&actions, 1, 2), "dup2")
                case (.inherit, _):
                    try inherit(target, &actions)
                default:
                    try check(posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0), "/dev/null")
                }
            }
            if let directory { try changeDirectory(directory, &actions) }
            try closeEveryOtherDescriptor(&actions)

            var attributes = unsetAttributes
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            try configureSignals(&attributes)

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { for pointer in envp { free(pointer) } }
            var pid: pid_t = 0
            try check(posix_spawn(&pid, executable, &actions, &attributes, argv, envp), "posix_spawn")
            return pid
        }

        /// No blocked signals and default handlers in the child (a test thread blocks some, and
        /// the Swift runtime ignores SIGPIPE); a process group of its own if asked.
        private func configureSignals(_ attributes: inout SpawnAttributes) throws {
            var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
            if processGroup {
                flags |= POSIX_SPAWN_SETPGROUP
                try check(posix_spawnattr_setpgroup(&attributes, 0), "setpgroup")
            }
            #if canImport(Darwin)
            flags |= POSIX_SPAWN_CLOEXEC_DEFAULT
            #endif
            try check(posix_spawnattr_setflags(&attributes, Int16(flags)), "setflags")
            var none = sigset_t()
            sigemptyset(&none)
            try check(posix_spawnattr_setsigmask(&attributes, &none), "setsigmask")
            var all = sigset_t()
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            try check(posix_spawnattr_setsigdefault(&attributes, &all), "setsigdefault")
        }

        private func inherit(_ target: Int32, _ actions: inout FileActions) throws {
            #if canImport(Darwin)
            // POSIX_SPAWN_CLOEXEC_DEFAULT closes even the standard streams unless named.
            try check(posix_spawn_file_actions_addinherit_np(&actions, target), "inherit")
            #endif
        }

        private func changeDirectory(_ directory: String, _ actions: inout FileActions) throws {
            #if canImport(Darwin)
            try check(posix_spawn_file_actions_addchdir_np(&actions, directory), "chdir")
            #else
            guard let addChdir = GNUExtensions.addChdir else { throw SubprocessError(description: "this glibc has no posix_spawn_file_actions_addchdir_np (2.29+)") }
            try check(addChdir(&actions, directory), "chdir \(directory)")
            #endif
        }

        /// Linux: glibc closes every descriptor from 3 up in the child, after the `dup2`s. Darwin:
        /// `POSIX_SPAWN_CLOEXEC_DEFAULT` (set with the signals) does it.
        private func closeEveryOtherDescriptor(_ actions: inout FileActions) throws {
            #if !canImport(Darwin)
            guard let addCloseFrom = GNUExtensions.addCloseFrom else { throw SubprocessError(description: "this glibc has no posix_spawn_file_actions_addclosefrom_np (2.34+)") }
            try check(addCloseFrom(&actions, 3), "closefrom")
            #endif
        }

        /// A pipe whose ends are close-on-exec and numbered 3 or higher: an end numbered 0–2 (when
        /// the test process runs with a standard stream closed) would be overwritten by the
        /// child's `dup2` of another stream before its own.
        private func makePipe() throws -> (read: Int32, write: Int32) {
            var fds: [Int32] = [-1, -1]
            #if canImport(Darwin)
            let result = pipe(&fds)
            for fd in fds where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            #else
            guard let pipe2 = GNUExtensions.pipe2 else { throw SubprocessError(description: "this glibc has no pipe2") }
            let result = pipe2(&fds, O_CLOEXEC)
            #endif
            guard result == 0 else { throw SubprocessError(description: "pipe: \(String(cString: strerror(errno)))") }
            return (try Self.aboveStandardStreams(fds[0]), try Self.aboveStandardStreams(fds[1]))
        }

        private static func aboveStandardStreams(_ fd: Int32) throws -> Int32 {
            if fd > 2 { return fd }
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            close(fd)
            guard moved >= 0 else { throw SubprocessError(description: "fcntl: \(String(cString: strerror(errno)))") }
            return moved
        }

        private func check(_ result: Int32, _ step: String) throws {
            guard result != 0 else { return }
            throw SubprocessError(description: "cannot start \(executable) (\(step)): \(String(cString: strerror(result)))")
        }
    }
}
