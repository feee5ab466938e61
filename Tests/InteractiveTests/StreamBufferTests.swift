import Foundation
import Testing
@testable import Interactive

/// The bounded buffers of a streamed response: what a transport learns when its reader lags.
@Suite struct StreamBufferTests {
    @Test func aPushingTransportIsToldWhenTheReaderLagsAndWhenItCaughtUp() async throws {
        let body = ResponseBodyStream(bufferLimit: 10, onCancel: {})
        #expect(body.yield(Data(count: 6)), "6 of 10 bytes waiting: room left")
        #expect(!body.yield(Data(count: 6)), "12 of 10: full")
        let resumed = Locked(false)
        body.whenRoom { resumed.withLock { $0 = true } }
        var chunks = body.chunks.makeAsyncIterator()
        _ = try await chunks.next()
        #expect(!resumed.current, "6 bytes still wait: more than half the limit")
        _ = try await chunks.next()
        #expect(resumed.current, "all taken: the transport may read again")
    }

    @Test func aWaitingTransportGoesOnWhenTheReaderTakesOrTheStreamIsCancelled() async throws {
        let body = ResponseBodyStream(bufferLimit: 4, onCancel: {})
        let sent = Locked(0)
        let producer = Task {
            for _ in 0..<3 {
                await body.send(Data(count: 4))
                sent.withLock { $0 += 1 }
            }
        }
        var chunks = body.chunks.makeAsyncIterator()
        #expect(try await chunks.next()?.count == 4)
        #expect(try await chunks.next()?.count == 4)
        // The third send waits for a reader that never comes; cancelling releases it.
        body.cancel()
        await producer.value
        #expect(sent.current == 3)
    }
}
