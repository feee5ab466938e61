import Foundation

/// An API call as a value: it builds its request and names the parser of its response.
///
/// Generated `<Name>Api` types conform; an API is ready to execute as soon as it is initialized:
///
/// ```swift
/// let response = try await executor.execute(LoginApi(name: "ann", password: secret))
/// ```
public protocol Api: Sendable {
    /// The parser of the response.
    associatedtype Parser: ResponseParser

    /// The request, with every parameter set by the initializer.
    var request: ApiRequest { get }

    /// The parser that turns the response into the business object.
    var parser: Parser { get }

    /// The API's name in the spec, as used in logs, errors and mock mode.
    ///
    /// A static member, so that no parameter can shadow it: an API with a `name` parameter still
    /// reports its own name here, at a concrete call site and in generic code alike.
    static var apiName: String { get }

    /// The spec's mock as JSON text (the business object, without envelope), or `nil` when there is none.
    static var mockJSON: String? { get }

    /// The mock business object that mock mode answers with instead of calling the server, typed
    /// like the real response; `nil` when the API declares no mock.
    var mock: Parser.Output? { get throws(InteractiveError) }
}

extension Api {
    /// No mock by default.
    public static var mockJSON: String? { nil }

    /// No mock unless the API provides one.
    public var mock: Parser.Output? {
        get throws(InteractiveError) { nil }
    }

    /// The type's name, for APIs written by hand that do not declare one (declare it to match the
    /// request's ``ApiRequest/apiName``, which logs, plugins and mock mode use); generated APIs give
    /// the spec's name and pass it to their request.
    public static var apiName: String { String(describing: Self.self) }
}

extension Api where Parser.Output: Decodable {
    /// ``mockJSON`` decoded with the runtime's shared JSON settings.
    public var mock: Parser.Output? {
        get throws(InteractiveError) {
            guard let json = Self.mockJSON else { return nil }
            return try InteractiveCoding.decode(Parser.Output.self, from: Data(json.utf8))
        }
    }
}
