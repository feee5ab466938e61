import Foundation
import Interactive
import RuntimeTestSupport
import Testing

/// Offline freezing: journal, replay, and exactly-once delivery across a killed process.
@Suite(.timeLimit(.minutes(5)))
struct FreezeTests {
    let scratch = Scratch()

    /// A freezable POST whose first delivery is dropped by the server before it answers.
    func droppedPost(_ server: FaultServer, _ index: Int, delay: Int = 0) -> RawApi {
        RawApi(
            server, "/apply", method: .post,
            query: [("fault", "drop-before"), ("times", "1"), ("close", "1"), ("delay", String(delay))],
            body: ["n": String(index)], options: RequestOptions(freezable: true))
    }

    @Test func connectivityFailureFreezesWithAnIdempotencyKey() async throws {
        let server = try await FaultServer.start()
        let journal = try OfflineJournal(url: scratch.directory("freeze").appendingPathComponent("offline.journal"))
        let plugin = FreezePlugin(journal: journal)
        let executor = Executor(transport: URLSessionTransport(), plugins: [plugin, RetryPlugin()])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(droppedPost(server, 1)) }
        guard case .failure(.frozen(let id)) = result else {
            Issue.record("expected frozen, got \(result)")
            return
        }
        let pending = journal.pending
        #expect(pending.map(\.id) == [id])
        let key = try #require(pending.first?.idempotencyKey)
        // The first, failed delivery already carried the key the replay will carry.
        #expect(try await server.counts().received[key] == 1)

        let report = await plugin.resume(through: URLSessionTransport())
        #expect(report.delivered == [id])
        #expect(report.remaining == 0)
        #expect(journal.pending.isEmpty)
        let counts = try await server.counts()
        #expect(counts.received[key] == 2)
        #expect(counts.applied[key] == 1)
    }

    @Test func anyResponseResumesTheJournalWhenAskedTo() async throws {
        let server = try await FaultServer.start()
        let journal = try OfflineJournal(url: scratch.directory("auto").appendingPathComponent("offline.journal"))
        let reports = Locked([FreezeReplayer.Report]())
        let plugin = FreezePlugin(journal: journal, resumeWhenReachable: URLSessionTransport()) { report in
            reports.withLock { $0.append(report) }
        }
        let executor = Executor(transport: URLSessionTransport(), plugins: [plugin])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(droppedPost(server, 1)) }
        guard case .failure(.frozen(let id)) = result else {
            Issue.record("expected frozen, got \(result)")
            return
        }
        let key = try #require(journal.pending.first?.idempotencyKey)
        // Connectivity is back: any answered request starts the replay.
        _ = try await executor.execute(RawApi(server, "/ping"))
        #expect(try await waitUntil { !journal.hasPending && reports.current.count == 1 })
        #expect(reports.current.first?.delivered == [id])
        #expect(try await server.counts().applied[key] == 1)
    }

    @Test func nonFreezableFailuresReachTheCaller() async throws {
        let server = try await FaultServer.start()
        let journal = try OfflineJournal(url: scratch.directory("nofreeze").appendingPathComponent("offline.journal"))
        let executor = Executor(transport: URLSessionTransport(), plugins: [FreezePlugin(journal: journal)])
        let api = RawApi(server, "/x", method: .post, query: [("fault", "drop-before"), ("close", "1")], body: ["a": "1"])
        let result = await outcome { () async throws(InteractiveError) in try await executor.execute(api) }
        guard case .failure(.transport) = result else {
            Issue.record("expected a transport failure, got \(result)")
            return
        }
        #expect(journal.pending.isEmpty)
    }

    /// A record longer than the reader takes would be read back as a torn end and cut off with every
    /// record after it: it is refused when written, and the journal keeps what it had.
    @Test func aRecordTooLargeToReadBackIsRefused() throws {
        let file = scratch.directory("large").appendingPathComponent("offline.journal")
        let url = try #require(URL(string: "http://127.0.0.1:9/none"))
        let journal = try OfflineJournal(url: file)
        try journal.append(FrozenRequest(id: "small", request: HTTPRequest(apiName: "T", method: .post, url: url)))
        let huge = HTTPRequest(apiName: "T", method: .post, url: url, body: Data(count: 50 << 20))
        #expect(throws: InteractiveError.self) { try journal.append(FrozenRequest(id: "big", request: huge)) }
        try journal.append(FrozenRequest(id: "after", request: HTTPRequest(apiName: "T", method: .post, url: url)))
        #expect(try OfflineJournal(url: file).pending.map(\.id) == ["small", "after"])
    }

    @Test func replayStopsAtTheFirstUndeliverableRequestAndKeepsOrder() async throws {
        let journal = try OfflineJournal(url: scratch.directory("order").appendingPathComponent("offline.journal"))
        let url = try #require(URL(string: "http://127.0.0.1:9/none"))
        for index in 0..<5 {
            var request = HTTPRequest(apiName: "T", method: .post, url: url, body: Data("\(index)".utf8))
            request.headers.set("key\(index)", for: FrozenRequest.idempotencyHeader)
            try journal.append(FrozenRequest(id: "id\(index)", request: request))
        }
        let sent = Locked([String]())
        let first = await FreezeReplayer(journal: journal).resume { request throws(InteractiveError) in
            let key = request.headers[FrozenRequest.idempotencyHeader] ?? ""
            sent.withLock { $0.append(key) }
            if key == "key2" { throw .transport(message: "offline", code: nil) }
            return HTTPResponse(status: key == "key1" ? 422 : 200)
        }
        #expect(first.delivered == ["id0"])
        #expect(first.rejected == ["id1"])
        #expect(first.remaining == 3)
        #expect(journal.pending.map(\.id) == ["id2", "id3", "id4"])
        let second = await FreezeReplayer(journal: journal).resume { _ in HTTPResponse(status: 201) }
        #expect(second.delivered == ["id2", "id3", "id4"])
        #expect(sent.current == ["key0", "key1", "key2"])
        #expect(journal.pending.isEmpty)
    }

    @Test func tornLastRecordIsSkippedWithALogLineAndTheRestReplayed() async throws {
        let file = scratch.directory("torn").appendingPathComponent("offline.journal")
        let url = try #require(URL(string: "http://127.0.0.1:9/none"))
        do {
            let journal = try OfflineJournal(url: file)
            for index in 0..<3 {
                var request = HTTPRequest(apiName: "T", method: .post, url: url)
                request.headers.set("key\(index)", for: FrozenRequest.idempotencyHeader)
                try journal.append(FrozenRequest(id: "id\(index)", request: request))
            }
        }
        let complete = try Data(contentsOf: file)
        // A fourth record cut short, as a crash in the middle of a write leaves it.
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0, 0, 1, 0, 0xde, 0xad, 0xbe, 0xef, 0, 0, 0, 0]) + Data("{\"kind\":\"froz".utf8))
        try handle.close()

        let logged = Locked([String]())
        let reopened = try OfflineJournal(url: file) { line in logged.withLock { $0.append(line) } }
        #expect(reopened.pending.map(\.id) == ["id0", "id1", "id2"])
        #expect(logged.current.count == 1)
        #expect(logged.current.first?.contains("torn record") == true)
        // The torn tail was cut off, so new records follow the last complete one.
        #expect(try Data(contentsOf: file) == complete)
        try reopened.markDone(id: "id0")
        #expect(try OfflineJournal(url: file).pending.map(\.id) == ["id1", "id2"])
    }

    @Test func damagedRecordInTheMiddleIsSkipped() throws {
        let file = scratch.directory("damaged").appendingPathComponent("offline.journal")
        let url = try #require(URL(string: "http://127.0.0.1:9/none"))
        let journal = try OfflineJournal(url: file)
        for index in 0..<3 {
            try journal.append(FrozenRequest(id: "id\(index)", request: HTTPRequest(apiName: "T", method: .post, url: url)))
        }
        var data = try Data(contentsOf: file)
        // Flip a byte inside the second record's payload.
        let second = try #require(data.range(of: Data("id1".utf8)))
        data[second.lowerBound] ^= 0x20
        try data.write(to: file)
        let logged = Locked([String]())
        let reopened = try OfflineJournal(url: file) { line in logged.withLock { $0.append(line) } }
        #expect(reopened.pending.map(\.id) == ["id0", "id2"])
        #expect(logged.current.count == 1)
        #expect(logged.current.first?.contains("checksum") == true)
    }

    /// A damaged length in the middle used to read as a torn end: the file was cut there, with every
    /// intact record after it.
    @Test func damagedLengthInTheMiddleKeepsTheRecordsAfterIt() throws {
        let file = scratch.directory("damaged-length").appendingPathComponent("offline.journal")
        let url = try #require(URL(string: "http://127.0.0.1:9/none"))
        let journal = try OfflineJournal(url: file)
        for index in 0..<4 {
            try journal.append(FrozenRequest(id: "id\(index)", request: HTTPRequest(apiName: "T", method: .post, url: url)))
        }
        try journal.markDone(id: "id0")
        var data = try Data(contentsOf: file)
        // The second record's length (after the 8-byte magic and the first record's 12-byte header
        // and payload), its second byte: the record now runs far past the end of the file.
        let firstLength = data[8..<12].reduce(0) { $0 << 8 | Int($1) }
        let secondStart = 8 + 12 + firstLength
        data[secondStart + 1] ^= 0x40
        try data.write(to: file)
        let found = data
        let logged = Locked([String]())
        let reopened = try OfflineJournal(url: file) { line in logged.withLock { $0.append(line) } }
        #expect(reopened.pending.map(\.id) == ["id2", "id3"])
        #expect(logged.current.count == 1)
        #expect(logged.current.first?.contains("damaged bytes") == true, "\(logged.current)")
        // The file as found is kept aside; the journal is rewritten and reads back cleanly.
        #expect(try Data(contentsOf: file.appendingPathExtension("damaged")) == found)
        let quiet = Locked([String]())
        #expect(try OfflineJournal(url: file) { line in quiet.withLock { $0.append(line) } }.pending.map(\.id) == ["id2", "id3"])
        #expect(quiet.current.isEmpty)
    }

    @Test(.timeLimit(.minutes(5)))
    func killedMidReplayThenRerunAppliesEachRequestExactlyOnce() async throws {
        let server = try await FaultServer.start()
        let file = scratch.directory("kill").appendingPathComponent("offline.journal")
        let count = 20
        do {
            let executor = Executor(transport: URLSessionTransport(), plugins: [FreezePlugin(journal: try OfflineJournal(url: file))])
            for index in 0..<count {
                let result = await outcome { () async throws(InteractiveError) in try await executor.execute(droppedPost(server, index, delay: 150)) }
                guard case .failure(.frozen) = result else {
                    Issue.record("request \(index) was not frozen: \(result)")
                    return
                }
            }
        }
        let keys = try OfflineJournal(url: file).pending.map(\.idempotencyKey)
        #expect(keys.count == count)
        #expect(Set(keys).count == count)

        // First run: kill it while the server holds its 7th request (received, not yet answered).
        let first = try ChildProcess(arguments: [file.path, "20"])
        var inFlight = 0
        let inFlightDeadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < inFlightDeadline {
            let counts = try await server.counts()
            inFlight = keys.filter { counts.received[$0] == 2 }.count
            if inFlight >= 7 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        await first.kill()
        #expect(inFlight >= 7)
        let afterKill = try OfflineJournal(url: file).pending.count
        // The server finishes the requests the killed run left behind: wait until each one it
        // received a second time is applied (bounded by time, not by a guess of how long it takes).
        let orphansDeadline = ContinuousClock.now + .seconds(20)
        var applied1 = 0
        while true {
            let counts = try await server.counts()
            applied1 = counts.applied.count
            let orphans = keys.filter { (counts.received[$0] ?? 0) >= 2 && counts.applied[$0] == nil }
            if orphans.isEmpty || ContinuousClock.now > orphansDeadline { break }
            try await Task.sleep(for: .milliseconds(20))
        }

        // Second run: completes the queue.
        let second = try ChildProcess(arguments: [file.path, "0"])
        let status = try await second.wait(atMost: .seconds(30))
        #expect(status == .exited(0), "\(second.printed)")
        #expect(try OfflineJournal(url: file).pending.isEmpty)

        let counts = try await server.counts()
        // Exactly once: every key applied once, whatever number of deliveries it took.
        #expect(keys.allSatisfy { counts.applied[$0] == 1 })
        #expect(counts.applied.count == count)
        let deliveries = keys.map { (counts.received[$0] ?? 0) - 1 }  // minus the dropped first attempt
        let duplicates = deliveries.filter { $0 > 1 }.count
        #expect(deliveries.allSatisfy { $0 == 1 || $0 == 2 })
        // Re-delivered are exactly those the server applied but the killed run had not marked done.
        #expect(
            duplicates == applied1 - (count - afterKill),
            "\(count) frozen; first run killed with \(afterKill) pending (server had applied \(applied1)); second run \(status); applied exactly once: \(counts.applied.count)/\(count); re-deliveries: \(duplicates)")
    }
}
