#if canImport(FoundationNetworking)
import Foundation
package import FoundationNetworking
#else
package import Foundation
#endif

/// Removes from a session's cookie storage the cookies a response expires.
///
/// A server deletes a cookie by setting it again with `Max-Age=0` (or a negative one) or an
/// `Expires` date in the past (httpbin's `/cookies/delete` sends both). FoundationNetworking's
/// `HTTPCookie` keeps `Max-Age` only as text and leaves `expiresDate` empty when it is present, so
/// its storage keeps such a cookie with an empty value and sends `name=` on every later request.
/// Checked after every response, redirects included; harmless where the storage already did it.
package enum ExpiredCookies {
    /// Deletes from the session's storage every cookie `response` expires (same name, domain and path).
    static func remove(setBy response: HTTPURLResponse, from configuration: URLSessionConfiguration) {
        // Most responses set no cookie: one header lookup instead of copying every field.
        guard response.value(forHTTPHeaderField: "Set-Cookie") != nil,
              let storage = configuration.httpCookieStorage, let url = response.url else { return }
        let fields = stringFields(of: response)
        guard fields.keys.contains(where: { $0.caseInsensitiveCompare("Set-Cookie") == .orderedSame }) else { return }
        let expired = HTTPCookie.cookies(withResponseHeaderFields: fields, for: url).filter(isExpired)
        guard !expired.isEmpty else { return }
        for stored in storage.cookies ?? [] where expired.contains(where: { matches($0, stored) }) {
            storage.deleteCookie(stored)
        }
    }

    /// Whether a cookie as received says it is already gone: `Max-Age` zero or negative, or an
    /// expiry date that has passed.
    package static func isExpired(_ cookie: HTTPCookie) -> Bool {
        if let maxAge = cookie.properties?[.maximumAge].flatMap({ Int("\($0)".trimmingCharacters(in: .whitespaces)) }) {
            return maxAge <= 0
        }
        if let expires = cookie.expiresDate { return expires <= Date() }
        return false
    }

    /// Whether two cookies are the same cookie: name, domain (without a leading dot, any case) and path.
    package static func matches(_ a: HTTPCookie, _ b: HTTPCookie) -> Bool {
        a.name == b.name && domain(a) == domain(b) && (a.path.isEmpty ? "/" : a.path) == (b.path.isEmpty ? "/" : b.path)
    }

    private static func domain(_ cookie: HTTPCookie) -> String {
        let domain = cookie.domain.lowercased()
        return domain.hasPrefix(".") ? String(domain.dropFirst()) : domain
    }

    /// The response's header fields as strings, as `HTTPCookie` reads them.
    static func stringFields(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for case let (name as String, value as String) in response.allHeaderFields {
            fields[name] = value
        }
        return fields
    }
}
