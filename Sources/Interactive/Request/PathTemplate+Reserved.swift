import Foundation

extension PathTemplate {
    /// Characters a reserved expansion leaves as they are: unreserved, `/`, and the sub-delimiters and
    /// `:@` that RFC 3986 allows in a path. `?`, `#`, `[`, `]` and `%` are still encoded, so a value
    /// can never start a query or fragment or smuggle an escape.
    static let reservedAllowed: CharacterSet = {
        var set = segmentAllowed
        set.insert(charactersIn: "/:@!$&'()*+,;=")
        return set
    }()

    /// A value that may span segments (OpenAPI `allowReserved`, GitHub's `{path}`): `docs/a b.md` →
    /// `docs/a%20b.md`. A `.` or `..` segment is refused: it would climb out of the API's path once
    /// the server or a proxy normalizes the URL.
    static func encodeReserved(_ value: String, name: String) throws(InteractiveError) -> String {
        for segment in value.split(separator: "/", omittingEmptySubsequences: false) where segment == "." || segment == ".." {
            throw .invalidRequest("path parameter \"\(name)\" has a \"\(segment)\" segment")
        }
        return value.addingPercentEncoding(withAllowedCharacters: reservedAllowed) ?? ""
    }
}
