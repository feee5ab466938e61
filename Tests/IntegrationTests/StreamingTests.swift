import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Streaming responses against a real httpbin: JSON Lines and byte chunks.
    @Suite("Streaming responses")
    struct Streaming {
        let executor = Executor()

        @Test("JSON Lines arrive as typed events, in order", arguments: TransportKind.allCases)
        func jsonLines(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let stream = try await executor.execute(StreamLinesApi(count: 5))
            var ids: [Int] = []
            for try await item in stream {
                ids.append(item.id)
                #expect(item.url.contains("/stream/5"))
            }
            #expect(ids == [0, 1, 2, 3, 4])
        }

        @Test("a byte stream hands over every byte", arguments: TransportKind.allCases)
        func bytes(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let stream = try await executor.execute(StreamBytesApi(count: 50_000, chunkSize: 1024))
            var total = 0
            for try await chunk in stream { total += chunk.count }
            #expect(total == 50_000)
        }

        @Test("a failure status is an error before any event", arguments: TransportKind.allCases)
        func failureStatus(transport: TransportKind) async throws {
            let executor = transport.executor()
            try await useLocalHTTPBin()
            let stream = try await executor.execute(StreamLinesApi(count: 1))
            for try await _ in stream {}
            await #expect(throws: InteractiveError.self) {
                _ = try await executor.execute(StreamLinesApi(count: -1))
            }
        }

        @Test("mock mode answers with the spec's event list")
        func mock() async throws {
            var items: [Int] = []
            for try await item in try await Executor(mockMode: .all).execute(StreamLinesApi(count: 3)) { items.append(item.id) }
            #expect(items == [0])
        }
    }
}
