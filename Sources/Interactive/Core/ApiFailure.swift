public import Foundation

/// A response whose status the API's spec declares as a failure (`responses: { 404: NotFound }`),
/// with its body decoded as declared: what ``InteractiveError/failure(_:)`` carries.
///
/// ``value`` is a case of the API's generated `<Stem>Failure` enum; read it typed with
/// ``value(as:)`` or ``InteractiveError/failure(as:)``:
///
/// ```swift
/// } catch let error {
///     if case .notFound(let problem)? = error.failure(as: GetRepoFailure.self) { … }
/// }
/// ```
public struct ApiFailure: Sendable, Equatable {
    /// The HTTP status, e.g. 404.
    public let status: Int
    /// The response's header fields.
    public let headers: HTTPHeaders
    /// The raw body (it may echo request secrets: never log it as it is).
    public let body: Data
    /// The decoded failure: a value of the API's `<Stem>Failure`.
    public let value: any Hashable & Sendable

    /// Compares ``value`` with another failure's, knowing its type.
    private let valueEquals: @Sendable (any Hashable & Sendable) -> Bool

    /// Creates a failure from a response and its decoded value.
    public init<Value: Hashable & Sendable>(status: Int, headers: HTTPHeaders, body: Data, value: Value) {
        self.status = status
        self.headers = headers
        self.body = body
        self.value = value
        valueEquals = { other in (other as? Value) == value }
    }

    /// The decoded failure as `type` (the API's `<Stem>Failure`), or `nil` when it is another type.
    public func value<Value>(as type: Value.Type) -> Value? {
        value as? Value
    }

    /// Equal when status, headers, body and decoded value are.
    public static func == (lhs: ApiFailure, rhs: ApiFailure) -> Bool {
        lhs.status == rhs.status && lhs.headers == rhs.headers && lhs.body == rhs.body
            && lhs.valueEquals(rhs.value)
    }

    /// `GetRepoFailure.notFound`: the value's type and case, never its payload (which holds body values).
    var valueName: String {
        let mirror = Mirror(reflecting: value)
        let type = String(describing: Swift.type(of: value))
        guard mirror.displayStyle == .enum else { return type }
        // A case with a payload shows as its label; one without has no children and prints as its name.
        let name = mirror.children.first?.label ?? (mirror.children.isEmpty ? String(describing: value) : nil)
        return name.map { "\(type).\($0)" } ?? type
    }
}
