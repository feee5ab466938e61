import Interactive
import ShopAPI

/// Runs the generated APIs in mock mode from nonisolated code, as an app's networking layer would.
nonisolated func loadInBackground() async throws(InteractiveError) -> (LoginResponse, Item, Category) {
    let executor = Executor(mockMode: .all)
    let login = try await executor.execute(LoginApi(name: "ann", password: "secret"))
    let item = try await executor.execute(ItemQueryV2Api(itemId: 1))
    let category = try await executor.execute(CategoryQueryApi(categoryId: 3))
    return (login, item, category)
}

/// A screen with the completion-handler form, as docs/runtime.md shows it: the completion runs on
/// the main actor and sets the screen's own state.
@MainActor
final class ItemViewController {
    let executor: Executor
    var label = ""
    private var handler: Handler?

    init(executor: Executor) {
        self.executor = executor
    }

    func load(then done: @escaping () -> Void) {
        handler = executor.execute(ItemQueryV2Api(itemId: 1)) { result in
            switch result {
            case .success(let item): self.label = item.title
            case .failure(let error): self.label = "failed: \(error)"
            }
            done()
        }
    }

    func close() {
        handler?.cancel()
    }
}

/// The batch and chain helpers from the main actor: their closures build nonisolated API values.
func loadChained(with executor: Executor) async throws(InteractiveError) -> String {
    let (login, item) = try await executor.executeAll(LoginApi(name: "ann", password: "secret"), ItemQueryV2Api(itemId: 1))
    let chain = ApiChain(LoginApi(name: "ann", password: "secret"))
        .then { session in ItemQueryV2Api(itemId: session.user.id) }
        .map { item in item.title }
    let chained = try await executor.run(chain)
    return chained == item.title ? "\(login.token) \(chained)" : "mismatch"
}

/// The names from a category up to the root, across the model that contains itself.
func breadcrumb(_ category: Category) -> String {
    var names: [String] = []
    var current: Category? = category
    while let node = current {
        names.insert(node.name, at: 0)
        current = node.parent
    }
    return names.joined(separator: " > ")
}

/// Switches environment from the main actor, as an app's settings screen would.
/// What to tell the user when cancelling fails: the spec's typed 409/422 body, else the error's text.
func cancelFailureMessage(_ error: InteractiveError) -> String {
    switch error.failure(as: OrderCancelFailure.self) {
    case .conflict(let problem)?: "Too late: \(problem.reason)"
    case .unprocessableContent(let problem)?: problem.retryable ? "Try again" : problem.reason
    case nil: error.localizedDescription
    }
}

func useDebugServer() throws(InteractiveError) {
    try ShopService.switchEnvironment(to: .debug)
}

/// Reads the generated sum types and open enums on the main actor, as a checkout screen would.
func summary(of payment: Payment, seller: SellerRef, sort: ItemSort) -> String {
    let paid = switch payment {
    case .card(let card): "card \(card.last4)"
    case .voucher(let voucher): "voucher \(voucher.code)"
    }
    let sold = switch seller {
    case .int64(let id): "seller \(id)"
    case .user(let user): user.nickName
    case .unknown(let json): json.description
    }
    return "\(paid), \(sold), sorted by \(sort.rawValue)"
}

do {
    _ = summary(of: .voucher(Voucher(code: "V1")), seller: .int64(2), sort: .unknown("rating"))
    try useDebugServer()
    let (login, item, category) = try await loadInBackground()
    let screen = ItemViewController(executor: Executor(mockMode: .all))
    await withCheckedContinuation { continuation in
        screen.load { continuation.resume() }
    }
    let chained = try await loadChained(with: Executor(mockMode: .all))
    print("token \(login.token), item \(item.title), category \(breadcrumb(category)), environment \(ShopService.configuration.currentEnvironment.name), screen \(screen.label), chain \(chained)")
} catch {
    print("failed: \(error)")
}
