import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Interactive

/// The cookies servers set, kept in memory and sent back by the browser rules: to the cookie's
/// domain (and its subdomains when the server named a domain), under its path, over https only when
/// `Secure`, until it expires. A cookie set again with `Max-Age=0` or a past `Expires` is removed.
final class CookieJar: Sendable {
    private let cookies = Locked<[HTTPCookie]>([])

    /// Stores the cookies of every `Set-Cookie` field of a response from `url`.
    func store(setBy headers: Interactive.HTTPHeaders, from url: URL) {
        // Compared as ASCII: Foundation's case-insensitive comparison cost about 9 k instructions
        // per response for the fields of a response that sets no cookie.
        let values = headers.values(for: "Set-Cookie")
        guard !values.isEmpty else { return }
        // One field at a time: `Expires` dates contain commas, so joined fields would not split back.
        let received = values.flatMap { HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": $0], for: url) }
        cookies.withLock { stored in
            for cookie in received {
                stored.removeAll { ExpiredCookies.matches($0, cookie) }
                if !ExpiredCookies.isExpired(cookie) { stored.append(cookie) }
            }
        }
    }

    /// The `Cookie` header value for a request to `url`, or `nil` when no cookie applies.
    func header(for url: URL) -> String? {
        // Most servers never set a cookie: then there is nothing to match against.
        guard !cookies.withLock({ $0.isEmpty }) else { return nil }
        guard let host = url.host?.lowercased() else { return nil }
        let isSecure = url.scheme?.lowercased() == "https"
        let path = url.path.isEmpty ? "/" : url.path
        let now = Date()
        let matching = cookies.withLock { stored in
            stored.removeAll { $0.expiresDate.map { $0 <= now } ?? false }
            return stored.filter { cookie in
                Self.domainMatches(cookie.domain, host) && Self.pathMatches(cookie.path, path) && (isSecure || !cookie.isSecure)
            }
        }
        guard !matching.isEmpty else { return nil }
        return matching.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// A cookie for `example.com` set without a `Domain` goes to that host only; one with
    /// `Domain=example.com` (stored as `.example.com`) to its subdomains too.
    static func domainMatches(_ domain: String, _ host: String) -> Bool {
        let domain = domain.lowercased()
        if domain.hasPrefix(".") {
            let bare = String(domain.dropFirst())
            return host == bare || host.hasSuffix(domain)
        }
        return host == domain
    }

    /// RFC 6265 §5.1.4: the same path, or below it.
    static func pathMatches(_ cookiePath: String, _ path: String) -> Bool {
        let cookiePath = cookiePath.isEmpty ? "/" : cookiePath
        guard path.hasPrefix(cookiePath) else { return false }
        return path.count == cookiePath.count || cookiePath.hasSuffix("/") || path.dropFirst(cookiePath.count).hasPrefix("/")
    }
}
