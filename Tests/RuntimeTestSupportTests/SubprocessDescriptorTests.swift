import Foundation
import RuntimeTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

// Linux only: the descriptors are listed from /proc, and the crash they guard against is Linux's.
#if os(Linux)
/// The child gets its three standard streams and nothing else of ours, however many descriptors the
/// test process holds.
@Suite(.timeLimit(.minutes(2)))
struct SubprocessDescriptorTests {
    /// A pipe opened without close-on-exec, moved to descriptor 1000+ so that its number cannot be
    /// mistaken for one the child opens itself: the shell's own descriptor list does not have it.
    @Test func theChildInheritsNoUnrelatedDescriptor() async throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let high = fcntl(ends[0], F_DUPFD, 1000)
        try #require(high >= 1000)
        defer { for fd in ends + [high] { close(fd) } }
        let result = try await Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "ls /proc/$$/fd"])
        #expect(result.termination == .exited(0), "\(result.errorText)")
        let listed = Set(result.outputText.split(separator: "\n").map(String.init))
        #expect(listed.isDisjoint(with: (ends + [high]).map(String.init)), "the child holds \(listed.sorted())")
        #expect(listed.isSuperset(of: ["0", "1", "2"]))
    }

    /// The case that crashes Foundation's `Process.run()` (swift-corelibs-foundation#5472): it lists
    /// `/proc/self/fd` and over-reads glibc's buffer past about 1,350 entries. This launcher lists
    /// nothing; glibc closes the rest in the child.
    @Test func launchesWhileTheProcessHoldsTwoThousandMoreDescriptors() async throws {
        let extra = 2_000
        try raiseDescriptorLimit(toAtLeast: rlim_t(openDescriptorCount() + extra + 500))
        let held = (0..<extra).map { _ in open("/dev/null", O_RDONLY | O_CLOEXEC) }
        defer { for fd in held where fd >= 0 { close(fd) } }
        try #require(held.allSatisfy { $0 >= 0 }, "could not open \(extra) descriptors")
        #expect(openDescriptorCount() >= extra)
        for round in 0..<20 {
            let result = try await Subprocess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo \(round)"])
            #expect(result.termination == .exited(0))
            #expect(result.outputText == "\(round)\n")
        }
    }

    private func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    /// Raises the soft limit on open descriptors (never past the hard one) when it is lower.
    private func raiseDescriptorLimit(toAtLeast wanted: rlim_t) throws {
        var limit = rlimit()
        try #require(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        guard limit.rlim_cur < wanted else { return }
        try #require(limit.rlim_max >= wanted, "the hard limit \(limit.rlim_max) is below \(wanted)")
        limit.rlim_cur = wanted
        try #require(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
    }
}
#endif
