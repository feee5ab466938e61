import Foundation
import HTTPBinAPI
import Interactive
import RuntimeTestSupport
import Testing

extension HTTPBinTests {
    /// Spec format 2 shapes on the wire: dates in formats, defaults, UUIDs, extra keys, deprecated
    /// members, a model spread into query params, and optional responses (`Specs/httpbin.yaml`).
    @Suite("Format 2 shapes")
    struct FormatTwoShapes {
        let executor = Executor()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let id = UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301") ?? UUID()

        @Test("a JSON body writes each date in its format, defaults, a UUID and the extra keys")
        func postEvent() async throws {
            try await useLocalHTTPBin()
            let event = Event(
                id: id, startsAt: start, createdAt: start.addingTimeInterval(0.123), day: start,
                localTime: start, updatedAt: start, extra: ["color": .string("blue"), "seats": .int(4)])
            let echo = try await executor.execute(PostEventApi(body: event))
            #expect(echo.json == .object([
                "id": .string("3F2504E0-4F89-11D3-9A0C-0305E82C3301"),
                "title": .string("Untitled"),
                "priority": .int(3),
                "kind": .string("meeting"),
                "starts_at": .int(1_700_000_000),
                "created_ms": .int(1_700_000_000_123),
                "day": .string("2023-11-14"),
                "local_time": .string("14.11.2023 22:13"),
                "updated_at": .string("2023-11-14T22:13:20.000Z"),
                "color": .string("blue"),
                "seats": .int(4),
            ]))
        }

        @Test("a model spread into the query sends its defaults; dates in the query and a header in their formats")
        func eventSearch() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(EventSearchApi(since: start, day: start, after: start))
            #expect(echo.args["per_page"] == .string("30"))
            #expect(echo.args["kind"] == .string("meeting"))
            #expect(echo.args["since"] == .string("1700000000000"))
            #expect(echo.args["after"] == .string("1700000000"))
            #expect(echo.args["q"] == nil)
            #expect(echo.headers["X-Day"] == "2023-11-14")
        }

        @Test("dates in a form body")
        func eventForm() async throws {
            try await useLocalHTTPBin()
            let echo = try await executor.execute(EventFormApi(at: start, when: start))
            #expect(echo.form?["at"] == .string("1700000000"))
            #expect(echo.form?["when"] == .string("14.11.2023 22:13"))
            #expect(echo.form?["count"] == .string("1"))
        }

        @Test("decoding: absent keys take their defaults, dates parse in their formats, unknown keys are kept")
        func eventEcho() async throws {
            try await useLocalHTTPBin()
            let body = #"{"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","starts_at":1700000000.5,"created_ms":1700000000123,"day":"2024-02-29","local_time":"01.03.2024 09:30","legacy_code":"L1","color":"blue"}"#
            let event = try await executor.execute(EventEchoApi(value: base64url(body)))
            #expect(event.id == id)
            #expect(event.title == "Untitled")
            #expect(event.priority == 3)
            #expect(event.kind == .meeting)
            #expect(event.startsAt == start.addingTimeInterval(0.5))
            #expect(event.createdAt == Date(timeIntervalSince1970: 1_700_000_000.123))
            #expect(event.day == Date(timeIntervalSince1970: 1_709_164_800))
            #expect(event.localTime == Date(timeIntervalSince1970: 1_709_285_400))
            #expect(event.updatedAt == nil)
            #expect(event.extra == ["color": .string("blue")])
            // The spec's mock decodes too, with the same formats.
            #expect(try EventEchoApi(value: "").mock?.extra == ["color": .string("blue")])
        }

        @Test("a date in the wrong format fails with the field's path")
        func eventEchoWrongFormat() async throws {
            try await useLocalHTTPBin()
            let body = #"{"id":"3F2504E0-4F89-11D3-9A0C-0305E82C3301","starts_at":1,"created_ms":1,"day":"29.02.2024"}"#
            let error = await failure { () async throws(InteractiveError) in try await executor.execute(EventEchoApi(value: base64url(body))) }
            guard case .decoding(let path, _, _) = error else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            #expect(path == "day")
        }

        @Test("an optional response: a 204 gives nil, a body gives the value")
        func maybeItem() async throws {
            try await useLocalHTTPBin()
            let none = try await executor.execute(MaybeItemApi(code: 204))
            #expect(none == nil)
        }

        @Test("an optional result behind an envelope: absent or null gives nil")
        func envelopeMaybeItem() async throws {
            try await useLocalHTTPBin()
            #expect(try await executor.execute(EnvelopeMaybeItemApi(value: base64url(#"{"code":100,"result":null}"#))) == nil)
            #expect(try await executor.execute(EnvelopeMaybeItemApi(value: base64url(#"{"code":100}"#))) == nil)
            let item = try await executor.execute(EnvelopeMaybeItemApi(value: base64url(#"{"code":100,"result":{"id":1,"title":"t","price":2,"tags":[]}}"#)))
            #expect(item == Item(id: 1, title: "t", price: 2, tags: []))
        }
    }
}
