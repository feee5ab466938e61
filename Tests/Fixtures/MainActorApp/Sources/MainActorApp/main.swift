import Interactive
import ShopAPI

/// Runs the generated APIs in mock mode from nonisolated code, as an app's networking layer would.
nonisolated func loadInBackground() async throws(InteractiveError) -> (LoginResponse, Item) {
    let executor = Executor(mockMode: .all)
    let login = try await executor.execute(LoginApi(name: "ann", password: "secret"))
    let item = try await executor.execute(ItemQueryV2Api(itemId: 1))
    return (login, item)
}

/// Switches environment from the main actor, as an app's settings screen would.
func useDebugServer() throws(InteractiveError) {
    try ShopService.switchEnvironment(to: .debug)
}

do {
    try useDebugServer()
    let (login, item) = try await loadInBackground()
    print("token \(login.token), item \(item.title), environment \(ShopService.configuration.currentEnvironment.name)")
} catch {
    print("failed: \(error)")
}
