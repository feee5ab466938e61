// freeze-replay-child: replays an offline journal against its server, slowly, so the freezing test
// can kill it mid-replay and run it again.
//
// Usage: freeze-replay-child <journal-path> [delay-ms]
// Prints `SENDING <id>` before and `DONE <id>` after each request; exits 0 when the journal is
// empty, 2 when the replay stopped early, 64 on bad arguments.
import Foundation
import Interactive

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: freeze-replay-child <journal-path> [delay-ms]\n".utf8))
    exit(64)
}
let delay = Duration.milliseconds(arguments.count >= 3 ? Int(arguments[2]) ?? 100 : 100)

@Sendable func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let journal: OfflineJournal
do {
    journal = try OfflineJournal(url: URL(fileURLWithPath: arguments[1])) { line in say("LOG \(line)") }
} catch {
    say("ERROR \(error)")
    exit(1)
}
let plugin = FreezePlugin(journal: journal)
let transport = URLSessionTransport()
say("PENDING \(journal.pending.count)")
let report = await plugin.resume { (request: HTTPRequest) async throws(InteractiveError) -> HTTPResponse in
    try? await Task.sleep(for: delay)
    say("SENDING \(request.headers[FrozenRequest.idempotencyHeader] ?? "?")")
    let response = try await transport.send(request)
    say("DONE \(request.headers[FrozenRequest.idempotencyHeader] ?? "?") \(response.status)")
    return response
}
say("REPORT delivered=\(report.delivered.count) rejected=\(report.rejected.count) remaining=\(report.remaining)")
exit(report.remaining == 0 && report.stoppedBy == nil ? 0 : 2)
