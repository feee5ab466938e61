/// Spec format 2's wire details: constant query items and headers, parameter styles. (Response headers are
/// ``FieldDecl``s whose key is the header's name.)

/// A query item or header an API always sends: `query: { action: changecreator }`, the `?flag` of a
/// path, `headers: { X-Feature: beta }`, `accept: …`.
struct ConstantDecl: Sendable {
    var name: String
    /// The value; `nil` is a bare query flag (`?changecreator`).
    var value: String?
    var location: SourceLocation
}

/// OpenAPI's `style` of a query or form parameter.
enum WireStyle: String, Sendable, CaseIterable {
    case form, deepObject, brackets, pipeDelimited, spaceDelimited
}

/// `style` and `explode` of a param, or a service's `queryStyle`/`formStyle`.
struct StyleDecl: Sendable {
    var style: WireStyle
    /// Only meaningful for `form`: `true` when absent, as in OpenAPI.
    var explode: Bool
    var location: SourceLocation
}
