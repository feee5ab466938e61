import Interactive
import RuntimeTestSupport
import Testing

/// A screen as an app writes it: the completion handler sets the screen's own main-actor state.
/// That this file compiles is half the test (before, the completion had to be `@Sendable`, and
/// `self.title = …` from it did not compile under Swift 6).
@MainActor
final class ItemScreen {
    var title = "loading"
    var metadataSource = ""
    private(set) var handler: Handler?

    func load(with executor: Executor, service: ServiceConfiguration, then done: @escaping @MainActor () -> Void) {
        handler = executor.execute(ItemApi(service: service)) { result in
            MainActor.assertIsolated()
            switch result {
            case .success(let item): self.title = item.title
            case .failure(let error): self.title = "failed: \(error)"
            }
            done()
        }
    }

    func loadWithMetadata(with executor: Executor, service: ServiceConfiguration, then done: @escaping @MainActor () -> Void) {
        handler = executor.executeWithMetadata(ItemApi(service: service)) { result in
            if case .success(let response) = result { self.metadataSource = response.metadata.source }
            done()
        }
    }
}

@Suite("Completion handlers from the main actor", .timeLimit(.minutes(5)))
@MainActor
struct MainActorHandlerTests {
    let service = makeService()

    @Test("the completion runs on the main actor and sets the screen's state")
    func setsState() async {
        let stub = StubTransport()
        stub.enqueue(json: itemJSON)
        let screen = ItemScreen()
        await withCheckedContinuation { continuation in
            screen.load(with: Executor(transport: stub), service: service) { continuation.resume() }
        }
        #expect(screen.title == "pen")
        #expect(screen.handler?.isDone == true)
    }

    @Test("executeWithMetadata's completion runs on the main actor too")
    func withMetadata() async {
        let screen = ItemScreen()
        await withCheckedContinuation { continuation in
            screen.loadWithMetadata(with: Executor(mockMode: .all), service: service) { continuation.resume() }
        }
        #expect(screen.metadataSource == ResponseMetadata.mockSource)
    }

    @Test("a cancelled main-actor handler delivers cancelled once")
    func cancelled() async {
        let transport = HangingTransport()
        let screen = ItemScreen()
        await withCheckedContinuation { continuation in
            screen.load(with: Executor(transport: transport), service: service) { continuation.resume() }
            screen.handler?.cancel()
        }
        #expect(screen.title == "failed: \(InteractiveError.cancelled)")
        #expect(screen.handler?.isCancelled == true)
    }
}
