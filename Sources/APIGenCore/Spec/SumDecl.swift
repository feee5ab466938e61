/// `oneOf: [A, B]`, optionally with a `discriminator`: a value that is one of several types.
///
/// Follows OpenAPI's `oneOf` and `discriminator`: tagged sums read the property named by the
/// discriminator and decode the member its value maps to; untagged sums try the members in order.
struct SumDecl: Sendable {
    /// One alternative: a type, and optionally the Swift case name and a description.
    struct Member: Sendable {
        var type: TypeRef
        var typeLocation: SourceLocation
        /// `name:` when given; otherwise the case name comes from the type.
        var name: Located<String>?
        var description: String?
    }

    /// `discriminator: type` or `discriminator: { propertyName: type, mapping: { card: Card } }`.
    struct Discriminator: Sendable {
        /// The JSON key holding the tag.
        var propertyName: String
        var location: SourceLocation
        /// Tag value → member type name, as written; members not named here use their model name.
        var mapping: [(tag: String, model: Located<String>)]
    }

    var members: [Member]
    var location: SourceLocation
    var discriminator: Discriminator?
    /// `unknown: true`: a value no member matches decodes into an `unknown` case that keeps it.
    var allowsUnknown = false
}
