public import Foundation

/// The on-disk queue of frozen requests: an append-only file of length-prefixed, checksummed records,
/// each flushed to disk (`fsync`) before the call returns, so it survives the process being killed at
/// any point.
///
/// Opening the journal repairs it: a torn last record (a crash mid-write) or a damaged one is
/// skipped with a log line, the torn tail is cut off, and every complete record is kept — after
/// damage in the middle (a bad length too), reading goes on at the next record that verifies, the
/// file as found is kept beside it as `<name>.damaged`, and the journal is rewritten. A request is
/// pending from its `frozen` record until a `done` record for it is written, which happens only after
/// the server has acknowledged it. One process at a time should own a journal file.
///
/// The file holds no secrets (see ``FrozenRequest``: secret headers are withheld, requests with
/// secret body members are not frozen) and is written owner-only (mode 0600), with complete data
/// protection on iOS, tvOS, watchOS and visionOS. A journal written by an older version that still
/// holds secret header values is rewritten without them when opened.
public final class OfflineJournal: Sendable {
    /// Receives one line per problem found (torn or damaged records).
    public typealias Log = @Sendable (String) -> Void

    /// The journal file.
    public let url: URL
    private let log: Log
    private let state: Locked<State>

    private struct State {
        var order: [String] = []
        var requests: [String: FrozenRequest] = [:]
        var done: Set<String> = []
    }

    /// Opens (creating if needed) the journal at `url`, repairing a torn tail.
    ///
    /// - Parameter log: Where problems are reported; standard error by default.
    public init(url: URL, log: @escaping Log = OfflineJournal.standardErrorLog) throws(InteractiveError) {
        self.url = url
        self.log = log
        let manager = FileManager.default
        var heldSecrets = false, skippedDamage = false
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !manager.fileExists(atPath: url.path) {
                try JournalProtection.write(JournalFormat.magic, to: url)
            }
            try JournalProtection.restrict(url)
            let data = try Data(contentsOf: url)
            let scan = JournalFormat.scan(data)
            for problem in scan.problems { log("offline journal \(url.lastPathComponent): \(problem)") }
            if scan.validLength == 0 {
                // Not a journal (or its header is gone): keep the bytes aside for inspection, start afresh.
                if !data.isEmpty { try? JournalProtection.write(data, to: url.appendingPathExtension("damaged")) }
                try JournalProtection.write(JournalFormat.magic, to: url)
            } else if scan.skippedDamage {
                // Damage in the middle: keep the file as found, and rewrite it (below) from what verified.
                try JournalProtection.write(data, to: url.appendingPathExtension("damaged"))
                skippedDamage = true
            } else if scan.validLength < data.count {
                // Cut the torn tail, so the next record is appended after the last complete one.
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                try handle.truncate(atOffset: UInt64(scan.validLength))
                try handle.synchronize()
            }
            var initial = State()
            for payload in scan.payloads {
                guard var record = try? JSONDecoder().decode(JournalRecord.self, from: payload) else {
                    log("offline journal \(url.lastPathComponent): unreadable record skipped")
                    continue
                }
                if let request = record.request, case let cleaned = request.withoutSecretHeaders(), cleaned != request {
                    record.request = cleaned
                    heldSecrets = true
                }
                Self.apply(record, to: &initial)
            }
            state = Locked(initial)
        } catch {
            throw .invalidRequest("cannot open offline journal \(url.path): \(error)")
        }
        if heldSecrets || skippedDamage { try compact() }
    }

    /// Writes standard error lines.
    public static let standardErrorLog: Log = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The frozen requests not yet acknowledged, oldest first.
    public var pending: [FrozenRequest] {
        state.withLock { state in
            state.order.filter { !state.done.contains($0) }.compactMap { state.requests[$0] }
        }
    }

    /// Whether any frozen request is not yet acknowledged.
    public var hasPending: Bool {
        state.withLock { state in state.order.contains { !state.done.contains($0) } }
    }

    /// Appends a frozen request and flushes it to disk.
    public func append(_ request: FrozenRequest) throws(InteractiveError) {
        try write(JournalRecord(kind: .frozen, id: request.id, request: request))
    }

    /// Records that the server acknowledged the frozen request `id`, and flushes it to disk.
    public func markDone(id: String) throws(InteractiveError) {
        try write(JournalRecord(kind: .done, id: id, request: nil))
    }

    /// Rewrites the file with only the pending requests (atomically), dropping acknowledged ones.
    public func compact() throws(InteractiveError) {
        let outcome: Result<Void, InteractiveError> = state.withLock { state in
            var data = JournalFormat.magic
            var kept = State()
            for id in state.order where !state.done.contains(id) {
                guard let request = state.requests[id], let payload = try? JSONEncoder().encode(JournalRecord(kind: .frozen, id: id, request: request)) else { continue }
                data.append(JournalFormat.frame(payload))
                kept.order.append(id)
                kept.requests[id] = request
            }
            do {
                try JournalProtection.write(data, to: url)
            } catch {
                return .failure(.invalidRequest("cannot compact offline journal \(url.path): \(error)"))
            }
            state = kept
            return .success(())
        }
        try outcome.get()
    }

    private func write(_ record: JournalRecord) throws(InteractiveError) {
        let payload: Data
        do {
            payload = try JSONEncoder().encode(record)
        } catch {
            throw .invalidRequest("cannot encode journal record: \(error)")
        }
        // The reader takes a longer record for a torn end and stops there, which would lose it and
        // every record after it: refuse it now, while the caller can still send it.
        guard payload.count <= JournalFormat.maxPayload else {
            throw .invalidRequest("cannot freeze \(record.id): its record is \(payload.count) bytes, more than the offline journal keeps (\(JournalFormat.maxPayload))")
        }
        let outcome: Result<Void, InteractiveError> = state.withLock { state in
            do {
                let handle = try FileHandle(forWritingTo: url)
                defer { try? handle.close() }
                try handle.seekToEnd()
                try handle.write(contentsOf: JournalFormat.frame(payload))
                // Durable before we report success: a frozen request must not be lost, nor a done mark.
                try handle.synchronize()
            } catch {
                return .failure(.invalidRequest("cannot write offline journal \(url.path): \(error)"))
            }
            Self.apply(record, to: &state)
            return .success(())
        }
        try outcome.get()
    }

    private static func apply(_ record: JournalRecord, to state: inout State) {
        switch record.kind {
        case .frozen:
            guard let request = record.request, state.requests[record.id] == nil else { return }
            state.order.append(record.id)
            state.requests[record.id] = request
        case .done:
            state.done.insert(record.id)
        }
    }
}
