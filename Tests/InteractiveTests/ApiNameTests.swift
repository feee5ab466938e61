import Interactive
import ShopAPI
import Testing

/// An API's own name is `apiName`, a static member no parameter can shadow; `LoginApi` has a `name`
/// parameter, which is the account name and nothing else.
@Suite struct ApiNameTests {
    static func nameInGenericCode<A: Api>(_ api: A) -> String { A.apiName }

    @Test func aNameParameterDoesNotShadowTheAPIsName() {
        let login = LoginApi(name: "ann", password: "secret")
        #expect(login.name == "ann")
        #expect(LoginApi.apiName == "Login")
        #expect(Self.nameInGenericCode(login) == "Login")
        #expect(login.request.apiName == "Login")
    }

    @Test func mockModeReportsTheAPIsNameWhenThereIsNoMock() async {
        let executor = Executor(transport: StubTransport(), mockMode: .all)
        await #expect(throws: InteractiveError.mockUnavailable(api: "Logout")) {
            try await executor.execute(LogoutApi())
        }
    }
}
