/// Spec format 2's wire details: constant query items and headers, parameter styles, response headers.

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
struct StyleDecl: Sendable, Equatable {
    var style: WireStyle
    /// Only meaningful for `form`: `true` when absent, as in OpenAPI.
    var explode: Bool
    var location: SourceLocation

    static func == (lhs: StyleDecl, rhs: StyleDecl) -> Bool { lhs.style == rhs.style && lhs.explode == rhs.explode }
}

/// A response header the API reads into a typed member: `link: { type: String?, key: Link }`.
struct ResponseHeaderDecl: Sendable {
    var name: String
    /// The header's name on the wire.
    var key: String
    var type: TypeRef
    var typeLocation: SourceLocation
    var description: String?
    var location: SourceLocation
}
